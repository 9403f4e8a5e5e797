/// A `<StaticResource>`, `<IFrameResource>` or `<HTMLResource>` of a companion, non-linear ad or icon.
///
/// ```swift
/// let images = companion.resources.filter { $0.kind == .static }
/// ```
public struct VASTResource: Sendable, Equatable, Encodable {
    /// Which resource element this is.
    public enum Kind: String, Sendable, Equatable, Encodable {
        /// `<StaticResource>`: an image or script URL.
        case `static`
        /// `<IFrameResource>`: a URL to load in an iframe.
        case iFrame
        /// `<HTMLResource>`: an HTML snippet.
        case html
    }

    /// Which resource element this is.
    public var kind: Kind
    /// `creativeType` of a static resource (MIME type).
    public var creativeType: String?
    /// The URL or, for HTML, the markup.
    public var value: String {
        get { valueText.value }
        set { valueText.value = newValue }
    }
    var valueText: VASTText

    /// Creates a resource.
    public init(kind: Kind, creativeType: String? = nil, value: String) {
        self.kind = kind
        self.creativeType = creativeType
        self.valueText = VASTText(value)
    }

    /// A parsed resource.
    init(kind: Kind, creativeType: String?, text: consuming VASTText) {
        self.kind = kind
        self.creativeType = creativeType
        self.valueText = text
    }

    private enum CodingKeys: String, CodingKey {
        case kind
        case creativeType
        case valueText = "value"
    }
}
