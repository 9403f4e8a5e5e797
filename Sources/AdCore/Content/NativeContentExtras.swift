/// Every vendor's extras of one native ad, as plain fields under each vendor's key: `Sendable`, `Codable` and
/// compared by value, so the content stays a value under mediation. Read one vendor's typed view with
/// ``NativeAdContent/extra(_:)``.
///
/// ```swift
/// var extras = NativeContentExtras()
/// extras.store(HouseExtras(campaign: "winter"))
/// extras.fields(for: "house")  // ["campaign": "winter"]
/// ```
public struct NativeContentExtras: Sendable, Hashable, Codable {
    private var storage: [String: [String: String]]

    /// No extras.
    public init() { storage = [:] }

    /// Stores a vendor's extras, replacing what was stored under its key.
    public mutating func store<Extra: NativeContentExtra>(_ extra: Extra) {
        storage[Extra.extrasKey] = extra.fields
    }

    /// The fields stored under a vendor's key, if any.
    public func fields(for key: String) -> [String: String]? { storage[key] }

    /// The keys with extras, sorted.
    public var keys: [String] { storage.keys.sorted() }

    /// Whether no vendor stored anything.
    public var isEmpty: Bool { storage.isEmpty }

    /// Decodes the fields as a plain object of objects.
    public init(from decoder: any Decoder) throws {
        storage = try decoder.singleValueContainer().decode([String: [String: String]].self)
    }

    /// Encodes the fields as a plain object of objects.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(storage)
    }
}
