/// `<Mezzanine>`: the raw high-quality file for server-side transcoding.
///
/// ```swift
/// print(linear.mezzanines.first?.url ?? "")
/// ```
public struct VASTMezzanine: Sendable, Equatable, Encodable {
    /// `id`.
    public var id: String?
    /// `delivery`.
    public var delivery: String?
    /// `type`.
    public var type: String?
    /// `width`.
    public var width: Int?
    /// `height`.
    public var height: Int?
    /// `codec`.
    public var codec: String?
    /// `fileSize`.
    public var fileSize: Int?
    /// `mediaType`.
    public var mediaType: String?
    /// The file URL.
    public var url: String {
        get { urlText.value }
        set { urlText.value = newValue }
    }
    var urlText = VASTText.empty

    /// Creates an empty mezzanine.
    public init() {}

    private enum CodingKeys: String, CodingKey {
        case id
        case delivery
        case type
        case width
        case height
        case codec
        case fileSize
        case mediaType
        case urlText = "url"
    }
}
