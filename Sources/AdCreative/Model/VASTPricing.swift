/// `<Pricing model="cpm" currency="USD">25.00</Pricing>`.
///
/// ```swift
/// print(inLine.pricing?.value ?? 0)  // 25.0
/// ```
public struct VASTPricing: Sendable, Equatable, Encodable {
    /// The `model` attribute (`cpm`, `cpc`, `cpe`, `cpv`).
    public var model: String?
    /// The `currency` attribute (ISO 4217).
    public var currency: String?
    /// The price, or `nil` when the text is not a number.
    public var value: Double?

    /// Creates a price.
    public init(model: String? = nil, currency: String? = nil, value: Double? = nil) {
        self.model = model
        self.currency = currency
        self.value = value
    }
}
