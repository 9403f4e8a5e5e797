/// The bytes a transport fetched, and where they came from (the base for relative wrapper URLs).
///
/// ```swift
/// let response = TransportResponse(body: Array(xml.utf8), sourceURL: "https://ads.example/vast.xml")
/// ```
public struct TransportResponse: Sendable, Hashable {
    /// The response body.
    public var body: [UInt8]
    /// The URL the body was fetched from, when there was one.
    public var sourceURL: String?
    /// How the transport made the body from a document it serves many times, when it did (``ResponseTemplate``):
    /// a reader that parsed that document once may read the response from its parse. `nil` for any other body.
    public var template: ResponseTemplate?

    /// Creates a response.
    public init(body: [UInt8], sourceURL: String? = nil, template: ResponseTemplate? = nil) {
        self.body = body
        self.sourceURL = sourceURL
        self.template = template
    }
}
