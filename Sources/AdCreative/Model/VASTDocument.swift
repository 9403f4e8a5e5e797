/// A parsed VAST document: the root of the typed model the ``VASTParser`` produces.
///
/// ```swift
/// let document = try VASTParser().parse(data)
/// print(document.version, document.ads.count)  // "4.2" 1
/// ```
public struct VASTDocument: Sendable, Equatable, Encodable {
    /// The `version` attribute of `<VAST>`, for example `"4.2"`.
    public var version: String = ""
    /// The ads, in document order.
    public var ads: [VASTAd] = []
    /// Document-level `<Error>` URLs (a no-ad response carries only these).
    public var errorURLs: [String] {
        get { errorURLTexts.map(\.string) }
        set { errorURLTexts = newValue.map { VASTText($0) } }
    }
    var errorURLTexts: [VASTText] = []
    /// Problems the parser tolerated (VAST 101: a missing required element, an ad it had to drop).
    public var warnings: [VASTWarning] = []

    /// Creates an empty document.
    public init() {}

    /// The ads that carry an `<InLine>`.
    public var inLineAds: [VASTAd] { ads.filter { $0.inLine != nil } }

    /// The ads that carry a `<Wrapper>`.
    public var wrapperAds: [VASTAd] { ads.filter { $0.wrapper != nil } }

    /// The ads of a pod (those with a `sequence`), sorted by sequence.
    public var podAds: [VASTAd] {
        ads.filter { $0.sequence != nil }.sorted { ($0.sequence ?? 0) < ($1.sequence ?? 0) }
    }

    /// The stand-alone (buffet) ads: those without a `sequence`.
    public var standAloneAds: [VASTAd] { ads.filter { $0.sequence == nil } }

    private enum CodingKeys: String, CodingKey {
        case version
        case ads
        case errorURLTexts = "errorURLs"
        case warnings
    }
}
