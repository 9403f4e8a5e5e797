/// `<UniversalAdId idRegistry="Ad-ID">8465</UniversalAdId>`.
///
/// ```swift
/// print(creative.universalAdIds.map(\.value))  // ["8465"]
/// ```
public struct VASTUniversalAdId: Sendable, Equatable, Encodable {
    /// The `idRegistry` attribute.
    public var idRegistry: String?
    /// The VAST 4.0 `idValue` attribute (4.1 moved the value into the text).
    public var idValue: String?
    /// The identifier (the text, or `idValue` when the text is empty).
    public var value: String

    /// Creates a universal ad ID.
    public init(idRegistry: String? = nil, idValue: String? = nil, value: String) {
        self.idRegistry = idRegistry
        self.idValue = idValue
        self.value = value
    }
}
