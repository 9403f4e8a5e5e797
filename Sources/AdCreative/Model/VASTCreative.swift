/// One `<Creative>`: a linear, non-linear or companion creative with its identifiers and extensions.
///
/// ```swift
/// for creative in ad.creatives { print(creative.id ?? "", creative.linear?.mediaFiles.count ?? 0) }
/// ```
public struct VASTCreative: Sendable, Equatable, Encodable {
    /// The `id` attribute.
    public var id: String?
    /// The `adId` attribute (`AdID` in VAST 2).
    public var adId: String?
    /// The `sequence` attribute.
    public var sequence: Int?
    /// The `apiFramework` attribute.
    public var apiFramework: String?
    /// `<UniversalAdId>` entries.
    public var universalAdIds: [VASTUniversalAdId] = []
    /// `<Linear>`.
    public var linear: VASTLinear?
    /// `<NonLinearAds>`.
    public var nonLinearAds: VASTNonLinearAds?
    /// `<CompanionAds>`.
    public var companionAds: VASTCompanionAds?
    /// `<CreativeExtensions>`: each `<CreativeExtension>` element as a subtree.
    public var creativeExtensions: [VASTElement] = []

    /// Creates an empty creative.
    public init() {}

    /// The number of tracking entries of every kind in this creative (the limit counts these).
    var trackingCount: Int {
        (linear?.trackingEvents.count ?? 0) + (nonLinearAds?.trackingEvents.count ?? 0)
            + (companionAds?.companions.reduce(0) { $0 + $1.trackingEvents.count } ?? 0)
    }
}
