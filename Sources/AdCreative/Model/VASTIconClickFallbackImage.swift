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
        get { altTextValue?.string }
        set { altTextValue = newValue.map { VASTText($0) } }
    }
    var altTextValue: VASTText?
    /// `<StaticResource>` URL.
    public var staticResource: String? {
        get { staticResourceText?.string }
        set { staticResourceText = newValue.map { VASTText($0) } }
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
