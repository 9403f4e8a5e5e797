/// One `<NonLinear>` overlay.
///
/// ```swift
/// print(nonLinear.width ?? 0, nonLinear.resources.first?.value ?? "")
/// ```
public struct VASTNonLinear: Sendable, Equatable, Encodable {
    /// `id`.
    public var id: String?
    /// `width`.
    public var width: Int?
    /// `height`.
    public var height: Int?
    /// `expandedWidth`.
    public var expandedWidth: Int?
    /// `expandedHeight`.
    public var expandedHeight: Int?
    /// `scalable`.
    public var scalable: Bool?
    /// `maintainAspectRatio`.
    public var maintainAspectRatio: Bool?
    /// `minSuggestedDuration`.
    public var minSuggestedDuration: VASTTime?
    /// `apiFramework`.
    public var apiFramework: String?
    /// Static, IFrame and HTML resources.
    public var resources: [VASTResource] = []
    /// `<AdParameters>`.
    public var adParameters: VASTAdParameters?
    /// `<NonLinearClickThrough>`.
    public var clickThrough: String? {
        get { clickThroughText.value }
        set { clickThroughText.value = newValue }
    }
    var clickThroughText: VASTText?
    /// `<NonLinearClickTracking>` URLs.
    public var clickTrackings: [VASTTrackingURL] = []

    /// Creates an empty non-linear ad.
    public init() {}

    private enum CodingKeys: String, CodingKey {
        case id
        case width
        case height
        case expandedWidth
        case expandedHeight
        case scalable
        case maintainAspectRatio
        case minSuggestedDuration
        case apiFramework
        case resources
        case adParameters
        case clickThroughText = "clickThrough"
        case clickTrackings
    }
}
