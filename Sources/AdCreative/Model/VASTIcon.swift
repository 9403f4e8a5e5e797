/// `<Icon>`: an industry icon (for example AdChoices) over a linear creative.
///
/// ```swift
/// for icon in linear.icons { print(icon.program ?? "", icon.clickFallbackImages.count) }
/// ```
public struct VASTIcon: Sendable, Equatable, Encodable {
    /// `program`.
    public var program: String?
    /// `width`.
    public var width: Int?
    /// `height`.
    public var height: Int?
    /// `xPosition` (pixels, `left` or `right`).
    public var xPosition: String?
    /// `yPosition` (pixels, `top` or `bottom`).
    public var yPosition: String?
    /// `duration`.
    public var duration: VASTTime?
    /// `offset`.
    public var offset: VASTTime?
    /// `apiFramework`.
    public var apiFramework: String?
    /// `pxratio`.
    public var pxratio: Double?
    /// Static, IFrame and HTML resources.
    public var resources: [VASTResource] = []
    /// `<IconClickThrough>`.
    public var clickThrough: String? {
        get { clickThroughText.value }
        set { clickThroughText.value = newValue }
    }
    var clickThroughText: VASTText?
    /// `<IconClickTracking>` URLs.
    public var clickTrackings: [VASTTrackingURL] = []
    /// `<IconClickFallbackImage>` entries.
    public var clickFallbackImages: [VASTIconClickFallbackImage] = []
    /// `<IconViewTracking>` URLs.
    public var viewTrackings: [String] {
        get { viewTrackingTexts.value }
        set { viewTrackingTexts.value = newValue }
    }
    var viewTrackingTexts: [VASTText] = []

    /// Creates an empty icon.
    public init() {}

    private enum CodingKeys: String, CodingKey {
        case program
        case width
        case height
        case xPosition
        case yPosition
        case duration
        case offset
        case apiFramework
        case pxratio
        case resources
        case clickThroughText = "clickThrough"
        case clickTrackings
        case clickFallbackImages
        case viewTrackingTexts = "viewTrackings"
    }
}
