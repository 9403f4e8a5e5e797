/// One way to declare a decoded field's default: in the type's memberwise `init`, and nowhere else.
///
/// A decoder whose JSON may leave fields out starts from that `init` (passing only the required fields), then
/// overwrites each optional field whose key is present. A field left out keeps the value the `init` gave it, so a
/// default is written once and the decoder cannot drift from it:
///
/// ```swift
/// public init(placement: String, label: String = "Show ad") { ... }
///
/// public init(from decoder: any Decoder) throws {
///     let container = try decoder.container(keyedBy: CodingKeys.self)
///     self.init(placement: try container.decode(String.self, forKey: .placement))
///     try container.decodeIfPresent(&label, forKey: .label)
/// }
/// ```
///
/// The range-checked readers of the configuration and scenario formats (`decodeSeconds`, `decodeWholeNumber`,
/// `decodeWhole`) follow the same shape: they take the field `inout` and leave it as it is when its key is absent
/// or (recorded as a problem) when its value is out of range.
extension KeyedDecodingContainer {
    /// Overwrites `field` with the value at `key` when the key is present (a `null` counts as absent); leaves
    /// `field` as it is otherwise.
    ///
    /// - Throws: `DecodingError` when the key is present with a value of the wrong type.
    package func decodeIfPresent<Value: Decodable>(_ field: inout Value, forKey key: Key) throws {
        if let value = try decodeIfPresent(Value.self, forKey: key) { field = value }
    }
}
