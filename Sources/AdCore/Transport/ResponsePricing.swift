/// The price a transport wrote into a response made from a ``ResponseTemplate``: the VAST standard's
/// `<Pricing model="..." currency="...">text</Pricing>`, put right after the document's first `<InLine>` tag.
///
/// ```swift
/// let pricing = ResponsePricing(model: "CPM", currency: "USD", text: "2.600")   // $2.60 per 1,000 impressions
/// ```
public struct ResponsePricing: Sendable, Hashable {
    /// The `model` attribute (`CPM`).
    public var model: String
    /// The `currency` attribute (ISO 4217).
    public var currency: String
    /// The element's text: the price, as written.
    public var text: String

    /// Creates a price.
    public init(model: String, currency: String, text: String) {
        self.model = model
        self.currency = currency
        self.text = text
    }
}
