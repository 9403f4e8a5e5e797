/// A URL with an optional `id`: `<Impression>`, `<ClickThrough>`, `<ClickTracking>`, `<CustomClick>`,
/// `<Viewable>` and the other URL elements.
///
/// ```swift
/// for impression in inLine.impressions { print(impression.url) }
/// ```
public struct VASTTrackingURL: Sendable, Equatable, Encodable {
    /// The `id` attribute.
    public var id: String?
    /// The URL, as written (trimmed); expand macros before pinging it.
    public var url: String {
        get { urlText.value }
        set { urlText.value = newValue }
    }
    var urlText: VASTText

    /// Creates a URL entry.
    public init(id: String? = nil, url: String) {
        self.id = id
        self.urlText = VASTText(url)
    }

    /// A parsed URL entry.
    init(id: String?, text: consuming VASTText) {
        self.id = id
        self.urlText = text
    }

    private enum CodingKeys: String, CodingKey {
        case id
        case urlText = "url"
    }
}
