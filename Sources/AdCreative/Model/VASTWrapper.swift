/// The `<Wrapper>` element: a redirect to another VAST document plus tracking to merge into the final ad.
///
/// ```swift
/// if let wrapper = ad.wrapper, let next = wrapper.vastAdTagURI { print("follow", next) }
/// ```
public struct VASTWrapper: Sendable, Equatable, Encodable {
    /// `<VASTAdTagURI>`: the next document in the chain.
    public var vastAdTagURI: String? {
        get { vastAdTagURIText.value }
        set { vastAdTagURIText.value = newValue }
    }
    var vastAdTagURIText: VASTText?
    /// `followAdditionalWrappers` (default `true`).
    public var followAdditionalWrappers: Bool = true
    /// `allowMultipleAds` (default `false`).
    public var allowMultipleAds: Bool = false
    /// `fallbackOnNoAd` (default `false`).
    public var fallbackOnNoAd: Bool = false
    /// `<AdSystem>`.
    public var adSystem: VASTAdSystem?
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
    /// `<ViewableImpression>`.
    public var viewableImpression: VASTViewableImpression?
    /// `<AdVerifications>`.
    public var adVerifications: [VASTVerification] = []
    /// `<BlockedAdCategories>`.
    public var blockedAdCategories: [VASTCategory] = []
    /// `<Creatives>`: tracking-only creatives whose events are merged into the final ad.
    public var creatives: [VASTCreative] = []
    /// `<Extensions>`: each `<Extension>` element as a subtree.
    public var extensions: [VASTElement] = []

    /// Creates an empty wrapper.
    public init() {}

    private enum CodingKeys: String, CodingKey {
        case vastAdTagURIText = "vastAdTagURI"
        case followAdditionalWrappers
        case allowMultipleAds
        case fallbackOnNoAd
        case adSystem
        case adServingIdText = "adServingId"
        case impressions
        case errorURLTexts = "errorURLs"
        case pricing
        case viewableImpression
        case adVerifications
        case blockedAdCategories
        case creatives
        case extensions
    }
}
