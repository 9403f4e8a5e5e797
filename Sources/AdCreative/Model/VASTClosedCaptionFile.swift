/// `<ClosedCaptionFile type="text/vtt" language="en">`.
///
/// ```swift
/// print(linear.closedCaptionFiles.map(\.language))
/// ```
public struct VASTClosedCaptionFile: Sendable, Equatable, Encodable {
    /// `type`.
    public var type: String?
    /// `language`.
    public var language: String?
    /// The file URL.
    public var url: String {
        get { urlText.value }
        set { urlText.value = newValue }
    }
    var urlText = VASTText.empty

    /// Creates an empty closed-caption file.
    public init() {}

    private enum CodingKeys: String, CodingKey {
        case type
        case language
        case urlText = "url"
    }
}
