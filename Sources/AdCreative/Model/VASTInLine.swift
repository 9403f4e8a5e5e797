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
    public var adTitle: String?
    /// `<AdServingId>`.
    public var adServingId: String?
    /// `<Impression>` URLs.
    public var impressions: [VASTTrackingURL] = []
    /// `<Error>` URLs.
    public var errorURLs: [String] = []
    /// `<Pricing>`.
    public var pricing: VASTPricing?
    /// `<Category>` entries.
    public var categories: [VASTCategory] = []
    /// `<Description>`.
    public var description: String?
    /// `<Advertiser>`.
    public var advertiser: String?
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
}
