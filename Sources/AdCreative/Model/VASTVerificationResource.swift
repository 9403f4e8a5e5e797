/// A `<JavaScriptResource>` or `<ExecutableResource>` of a ``VASTVerification``.
///
/// ```swift
/// print(resource.apiFramework ?? "", resource.url)
/// ```
public struct VASTVerificationResource: Sendable, Equatable, Encodable {
    /// The `apiFramework` attribute (for example `omid`).
    public var apiFramework: String?
    /// The `browserOptional` attribute of a JavaScript resource.
    public var browserOptional: Bool?
    /// The `type` attribute of an executable resource.
    public var type: String?
    /// The resource URL.
    public var url: String {
        get { urlText.value }
        set { urlText.value = newValue }
    }
    var urlText = VASTText.empty

    /// Creates an empty resource.
    public init() {}

    private enum CodingKeys: String, CodingKey {
        case apiFramework
        case browserOptional
        case type
        case urlText = "url"
    }
}
