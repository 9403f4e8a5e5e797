public import Foundation

/// What an HTTP fetch returned: the body and the media type the server declared for it.
///
/// ```swift
/// let body = try await HTTPFetcher().fetch(url, timeout: .seconds(5))
/// if body.mediaType == "text/html" { print("a web page, not an ad response") }
/// ```
public struct HTTPBody: Sendable, Hashable {
    /// The body's bytes.
    public var bytes: Data
    /// The `Content-Type` without its parameters, lowercased (`text/xml`), or `nil` when the server sent none.
    public var mediaType: String?

    /// Creates a body.
    public init(bytes: Data, mediaType: String? = nil) {
        self.bytes = bytes
        self.mediaType = mediaType
    }
}
