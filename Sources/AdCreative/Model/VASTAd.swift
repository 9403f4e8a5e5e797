/// One `<Ad>`: either an ``VASTInLine`` ad or a ``VASTWrapper`` pointing at another VAST document.
///
/// ```swift
/// if let inLine = ad.inLine { print(inLine.adTitle ?? "") }
/// if let wrapper = ad.wrapper { print(wrapper.vastAdTagURI ?? "") }
/// ```
public struct VASTAd: Sendable, Equatable, Encodable {
    /// The `id` attribute.
    public var id: String?
    /// The `sequence` attribute: the ad's position in a pod; `nil` for a stand-alone ad.
    public var sequence: Int?
    /// The `adType` attribute (`video`, `audio`, `hybrid`).
    public var adType: String?
    /// The deprecated `conditionalAd` attribute.
    public var conditionalAd: Bool?
    /// The inline ad, when the ad is one.
    public var inLine: VASTInLine?
    /// The wrapper, when the ad is one.
    public var wrapper: VASTWrapper?

    /// Creates an empty ad.
    public init() {}

    /// The creatives of the inline ad or of the wrapper.
    public var creatives: [VASTCreative] { inLine?.creatives ?? wrapper?.creatives ?? [] }

    /// The impression URLs of the inline ad or of the wrapper.
    public var impressions: [VASTTrackingURL] { inLine?.impressions ?? wrapper?.impressions ?? [] }

    /// The `<Error>` URLs of the inline ad or of the wrapper.
    public var errorURLs: [String] { inLine?.errorURLs ?? wrapper?.errorURLs ?? [] }

    /// Whether the ad can be played or followed: a wrapper, or an inline ad with at least one `<Creative>` (a
    /// `<Creative>` that holds only `<CreativeExtensions>` counts: native dialects keep their assets there). An
    /// inline ad without one (no `<Creatives>`, or an empty one) is no ad (VAST 303, R17).
    public var isPlayable: Bool {
        if wrapper != nil { return true }
        return inLine?.creatives.isEmpty == false
    }
}
