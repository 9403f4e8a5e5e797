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
    public var altText: String? {
        get { altTextValue.value }
        set { altTextValue.value = newValue }
    }
    var altTextValue: VASTText?
    /// `<StaticResource>` URL.
    public var staticResource: String? {
        get { staticResourceText.value }
        set { staticResourceText.value = newValue }
    }
    var staticResourceText: VASTText?

    /// Creates an empty fallback image.
    public init() {}

    private enum CodingKeys: String, CodingKey {
        case width
        case height
        case altTextValue = "altText"
        case staticResourceText = "staticResource"
    }
}
