/// `<IconClickFallbackImage>`: an image shown when the icon click cannot open a browser.
///
/// ```swift
/// print(icon.clickFallbackImages.first?.staticResource ?? "")
/// ```
public struct VASTIconClickFallbackImage: Sendable, Equatable, Encodable {
    /// `width`.
    public var width: Int?
    /// `height`.
    public var height: Int?
    /// `<AltText>`.
    public var altText: String?
    /// `<StaticResource>` URL.
    public var staticResource: String?

    /// Creates an empty fallback image.
    public init() {}
}
