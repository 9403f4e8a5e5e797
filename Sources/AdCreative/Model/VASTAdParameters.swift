/// `<AdParameters xmlEncoded="...">`: data for an interactive creative.
///
/// ```swift
/// print(linear.adParameters?.value ?? "")
/// ```
public struct VASTAdParameters: Sendable, Equatable, Encodable {
    /// The `xmlEncoded` attribute.
    public var xmlEncoded: Bool?
    /// The parameters, as written.
    public var value: String

    /// Creates ad parameters.
    public init(xmlEncoded: Bool? = nil, value: String) {
        self.xmlEncoded = xmlEncoded
        self.value = value
    }
}
