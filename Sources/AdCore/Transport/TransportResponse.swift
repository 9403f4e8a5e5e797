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

    /// Creates a response.
    public init(body: [UInt8], sourceURL: String? = nil) {
        self.body = body
        self.sourceURL = sourceURL
    }
}
