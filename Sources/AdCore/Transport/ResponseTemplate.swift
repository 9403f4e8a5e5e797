/// How a transport made a response from a document it serves many times: the document (``source``, one object
/// shared by every response made from it) and what this response put into it (``pricing``). The transport promises
/// that the response's body is exactly the source's bytes with those values written in, so a reader that parsed the
/// source once may read the response as that parse with these values instead of parsing the body again (AdVAST's
/// `loadVAST` does, when the source is its `VASTDocumentMemo`). The body is still there, whole, for any reader that
/// parses it itself: a template only saves work, it never changes what a response says.
///
/// ```swift
/// let pricing = ResponsePricing(model: "CPM", currency: "USD", text: "2.600")
/// let template = ResponseTemplate(source: memo, pricing: pricing)
/// let response = TransportResponse(body: pricedBytes, template: template)
/// ```
public struct ResponseTemplate: Sendable, Hashable {
    /// The document the response was made from.
    public var source: any ResponseSource
    /// The price written into the response's first inline ad, `nil` when the body is the source's bytes as they are.
    public var pricing: ResponsePricing?

    /// Creates a template.
    public init(source: any ResponseSource, pricing: ResponsePricing? = nil) {
        self.source = source
        self.pricing = pricing
    }

    /// Two templates are equal when they name the same source object and the same values.
    public static func == (lhs: ResponseTemplate, rhs: ResponseTemplate) -> Bool {
        lhs.source === rhs.source && lhs.pricing == rhs.pricing
    }

    /// Hashes the source's identity and the values.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(source))
        hasher.combine(pricing)
    }
}
