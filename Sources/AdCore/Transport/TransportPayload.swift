/// What a fetch is for, so that a transport that knows the media type of what it got (HTTP's `Content-Type`) can
/// refuse what cannot be it before anyone parses it (rule R15): a web page, JSON or a picture where an XML ad
/// response was asked for is the wrong server, or a failing one.
///
/// ```swift
/// let request = TransportRequest(providerID: "yandex", adUnitID: "", url: imageURL, payload: .media)
/// TransportPayload.document.refuses(mediaType: "text/html")  // true
/// ```
public enum TransportPayload: String, Sendable, Hashable {
    /// An ad response or a wrapper hop: an XML document. Refuses HTML, JSON, JavaScript and any image, audio,
    /// video or font type; accepts XML types, `text/plain`, `application/octet-stream` and no type at all (ad
    /// servers are often careless about it).
    case document
    /// An image or a video. Refuses only HTML (an error or captive-portal page in place of the file).
    case media

    /// Whether a response declared as `mediaType` (lowercased, without parameters) cannot be this payload.
    public func refuses(mediaType: String?) -> Bool {
        guard let mediaType else { return false }
        switch self {
        case .document:
            let family = mediaType.split(separator: "/", maxSplits: 1).first.map(String.init) ?? mediaType
            return Self.notDocuments.contains(mediaType) || Self.notDocumentFamilies.contains(family)
        case .media:
            return mediaType == "text/html" || mediaType == "application/xhtml+xml"
        }
    }

    private static let notDocuments: Set<String> = [
        "text/html", "application/xhtml+xml", "application/json", "text/json", "text/javascript",
        "application/javascript", "text/css",
    ]
    private static let notDocumentFamilies: Set<String> = ["image", "audio", "video", "font"]
}
