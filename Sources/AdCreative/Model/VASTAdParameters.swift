/// `<AdParameters xmlEncoded="...">`: data for an interactive creative.
///
/// ```swift
/// print(linear.adParameters?.value ?? "")
/// ```
public struct VASTAdParameters: Sendable, Equatable, Encodable {
    /// The `xmlEncoded` attribute.
    public var xmlEncoded: Bool?
    /// The parameters, as written.
    public var value: String {
        get { valueText.value }
        set { valueText.value = newValue }
    }
    var valueText: VASTText

    /// Creates ad parameters.
    public init(xmlEncoded: Bool? = nil, value: String) {
        self.xmlEncoded = xmlEncoded
        self.valueText = VASTText(value)
    }

    /// Parsed parameters.
    init(xmlEncoded: Bool?, text: consuming VASTText) {
        self.xmlEncoded = xmlEncoded
        self.valueText = text
    }

    private enum CodingKeys: String, CodingKey {
        case xmlEncoded
        case valueText = "value"
    }
}
