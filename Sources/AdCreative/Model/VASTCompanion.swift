/// One `<Companion>`: a display ad shown next to the video.
///
/// ```swift
/// print(companion.width ?? 0, companion.height ?? 0, companion.clickThrough ?? "")
/// ```
public struct VASTCompanion: Sendable, Equatable, Encodable {
    /// `id`.
    public var id: String?
    /// `width`.
    public var width: Int?
    /// `height`.
    public var height: Int?
    /// `assetWidth`.
    public var assetWidth: Int?
    /// `assetHeight`.
    public var assetHeight: Int?
    /// `expandedWidth`.
    public var expandedWidth: Int?
    /// `expandedHeight`.
    public var expandedHeight: Int?
    /// `apiFramework`.
    public var apiFramework: String?
    /// `adSlotID` (`adSlotId` in VAST 4).
    public var adSlotId: String?
    /// `pxratio`.
    public var pxratio: Double?
    /// `renderingMode` (VAST 4.1: `default`, `end-card`, `concurrent`).
    public var renderingMode: String?
    /// Static, IFrame and HTML resources.
    public var resources: [VASTResource] = []
    /// `<AdParameters>`.
    public var adParameters: VASTAdParameters?
    /// `<AltText>`.
    public var altText: String? {
        get { altTextValue.value }
        set { altTextValue.value = newValue }
    }
    var altTextValue: VASTText?
    /// `<CompanionClickThrough>`.
    public var clickThrough: String? {
        get { clickThroughText.value }
        set { clickThroughText.value = newValue }
    }
    var clickThroughText: VASTText?
    /// `<CompanionClickTracking>` URLs.
    public var clickTrackings: [VASTTrackingURL] = []
    /// `<TrackingEvents>` (usually `creativeView`).
    public var trackingEvents: [VASTTrackingEvent] = []

    /// Creates an empty companion.
    public init() {}

    private enum CodingKeys: String, CodingKey {
        case id
        case width
        case height
        case assetWidth
        case assetHeight
        case expandedWidth
        case expandedHeight
        case apiFramework
        case adSlotId
        case pxratio
        case renderingMode
        case resources
        case adParameters
        case altTextValue = "altText"
        case clickThroughText = "clickThrough"
        case clickTrackings
        case trackingEvents
    }
}
