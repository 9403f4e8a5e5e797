/// `<InteractiveCreativeFile>` (VAST 4): an interactive layer such as SIMID.
///
/// ```swift
/// print(linear.interactiveCreativeFiles.first?.apiFramework ?? "")
/// ```
public struct VASTInteractiveCreativeFile: Sendable, Equatable, Encodable {
    /// `type`.
    public var type: String?
    /// `apiFramework`.
    public var apiFramework: String?
    /// `variableDuration`.
    public var variableDuration: Bool?
    /// The file URL (a VAST 4.3 `data:` URI is allowed here).
    public var url: String {
        get { urlText.value }
        set { urlText.value = newValue }
    }
    var urlText = VASTText.empty

    /// Creates an empty interactive creative file.
    public init() {}

    private enum CodingKeys: String, CodingKey {
        case type
        case apiFramework
        case variableDuration
        case urlText = "url"
    }
}
