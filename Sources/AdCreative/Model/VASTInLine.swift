/// The `<InLine>` element: an ad with everything needed to play it.
///
/// ```swift
/// let inLine = document.ads[0].inLine
/// print(inLine?.adTitle, inLine?.creatives.first?.linear?.duration)
/// ```
public struct VASTInLine: Sendable, Equatable, Encodable {
    /// `<AdSystem>`.
    public var adSystem: VASTAdSystem?
    /// `<AdTitle>`.
    public var adTitle: String? {
        get { adTitleText.value }
        set { adTitleText.value = newValue }
    }
    var adTitleText: VASTText?
    /// `<AdServingId>`.
    public var adServingId: String? {
        get { adServingIdText.value }
        set { adServingIdText.value = newValue }
    }
    var adServingIdText: VASTText?
    /// `<Impression>` URLs.
    public var impressions: [VASTTrackingURL] = []
    /// `<Error>` URLs.
    public var errorURLs: [String] {
        get { errorURLTexts.value }
        set { errorURLTexts.value = newValue }
    }
    var errorURLTexts: [VASTText] = []
    /// `<Pricing>`.
    public var pricing: VASTPricing?
    /// `<Category>` entries.
    public var categories: [VASTCategory] = []
    /// `<Description>`.
    public var description: String? {
        get { descriptionText.value }
        set { descriptionText.value = newValue }
    }
    var descriptionText: VASTText?
    /// `<Advertiser>`.
    public var advertiser: String? {
        get { advertiserText.value }
        set { advertiserText.value = newValue }
    }
    var advertiserText: VASTText?
    /// `<Expires>` in seconds.
    public var expires: Int?
    /// `<ViewableImpression>`.
    public var viewableImpression: VASTViewableImpression?
    /// `<AdVerifications>` (and the VAST 2/3 `<Extension type="AdVerifications">` form).
    public var adVerifications: [VASTVerification] = []
    /// `<Creatives>`.
    public var creatives: [VASTCreative] = []
    /// `<Extensions>`: each `<Extension>` element as a subtree.
    public var extensions: [VASTElement] = []

    /// Creates an empty inline ad.
    public init() {}

    private enum CodingKeys: String, CodingKey {
        case adSystem
        case adTitleText = "adTitle"
        case adServingIdText = "adServingId"
        case impressions
        case errorURLTexts = "errorURLs"
        case pricing
        case categories
        case descriptionText = "description"
        case advertiserText = "advertiser"
        case expires
        case viewableImpression
        case adVerifications
        case creatives
        case extensions
    }
}
