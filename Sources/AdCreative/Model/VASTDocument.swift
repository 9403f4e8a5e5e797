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
        get { errorURLTexts.value }
        set { errorURLTexts.value = newValue }
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

    /// Whether the response holds an ad to play or follow (``VASTAd/isPlayable``): a wrapper, or an inline ad with
    /// at least one `<Creative>`. A response without one is no ad (VAST 303), see ``noAdFailure``.
    public var hasPlayableAd: Bool { ads.contains(where: \.isPlayable) }

    /// `nil` when the response has a playable ad (``hasPlayableAd``); otherwise the no-ad outcome to report: an
    /// `VASTError` with code `noFill` and VAST code 303, and the `<Error>` URLs to ping with that code (the document's
    /// own, then those of its ads). A response with no `<Ad>`, and one whose only ads are inline ads without a
    /// `<Creative>` (no `<Creatives>`, or an empty one), are both no ad (R17).
    ///
    /// ```swift
    /// let document = try VASTParser().parse(body, allowNoAd: true)
    /// if let noAd = document.noAdFailure {
    ///     pings += VASTMacroExpander.errorPings(for: noAd.errorURLs, code: noAd.vastCode)  // code 303
    ///     throw noAd.error                                                               // .noFill, VAST 303
    /// }
    /// ```
    public var noAdFailure: VASTResolutionFailure? {
        guard !hasPlayableAd else { return nil }
        return VASTResolutionFailure(
            error: VASTDocument.noAdError(self), errorURLs: errorURLs + ads.flatMap(\.errorURLs), chain: [])
    }

    /// What a response without a playable ad has: `no ad`, `no ad (only <Error>)`, or `no playable ad: ...`.
    var noAdSummary: String {
        if ads.isEmpty { return "no ad\(errorURLs.isEmpty ? "" : " (only <Error>)")" }
        return "no playable ad: no <InLine> in it has a <Creative>"
    }

    /// The no-ad error for `document` (see ``noAdFailure``), with `position` (where the document ended) in its
    /// message.
    static func noAdError(_ document: VASTDocument, position: String = "") -> VASTError {
        VASTError(
            .noFill,
            "The VAST response has \(document.noAdSummary)\(position).",
            vastCode: 303,
            hint: "The ad server had no fill; fire the document's and its ads' error URLs with code 303."
        )
    }

    private enum CodingKeys: String, CodingKey {
        case version
        case ads
        case errorURLTexts = "errorURLs"
        case warnings
    }
}
