public import AdCore

/// One placement: where in the app an ad shows, its format, its line items and how they are ordered, and the
/// controls (floor, caps, pacing, retries, cache) that apply to it.
///
/// ```swift
/// let placement = PlacementConfiguration(
///     id: "level-end", format: .interstitial, strategy: .waterfall,
///     lineItems: [LineItemConfiguration(id: "g", providerID: "google", adUnitID: "ca-app-pub-1/2",
///                                       mode: .waterfall(pricing: .fixed, priceMicros: 4_000, priority: 0))])
/// ```
public struct PlacementConfiguration: Sendable, Hashable, Codable {
    /// How the line items of a placement compete.
    ///
    /// ```swift
    /// let strategy: PlacementConfiguration.Strategy = .hybrid
    /// ```
    public enum Strategy: String, Sendable, Hashable, Codable {
        /// Waterfall items only, tried one tier at a time by price, then priority.
        case waterfall
        /// Bidders only, all asked at once; the best bid above the floor wins.
        case bidding
        /// Bidders first; the winning bid takes its place among the waterfall items by price (as AdMob does).
        case hybrid
    }

    /// The placement's ID, unique in the configuration.
    public var id: String
    /// The format every line item must serve.
    public var format: AdFormat
    /// How the items compete.
    public var strategy: Strategy
    /// The line items.
    public var lineItems: [LineItemConfiguration]
    /// The lowest price an ad may be delivered at, in micros per impression.
    public var floorMicros: Int64
    /// The auction's deadline and pricing (bidding and hybrid).
    public var auction: AuctionPolicy
    /// How many waterfall items are asked at once (1: strictly sequential).
    public var parallelTierSize: Int
    /// Frequency caps of this placement.
    public var caps: [FrequencyCap]
    /// The minimum time between two impressions of this placement (`.zero`: no pacing).
    public var pacing: Duration
    /// Retries after a request ends without an ad.
    public var retry: RetryPolicy
    /// Whether a new ad is preloaded when the cached one is shown or expires.
    public var preload: Bool
    /// How learned prices are updated (only for items with `pricing: .learned`).
    public var learning: LearningPolicy
    /// An explicit waterfall order: the IDs of every waterfall item, each once, in the order to ask them (in tiers
    /// of ``parallelTierSize``), instead of by price; `nil` (the default): by price, then priority. Bidders have no
    /// place in it (the validator refuses one). The order is kept as written: learned items still learn their
    /// prices but do not move, and exploration does not reorder it.
    public var waterfallOrder: [String]?

    /// Creates a placement.
    public init(
        id: String,
        format: AdFormat,
        strategy: Strategy,
        lineItems: [LineItemConfiguration],
        floorMicros: Int64 = 0,
        auction: AuctionPolicy = AuctionPolicy(),
        parallelTierSize: Int = 1,
        caps: [FrequencyCap] = [],
        pacing: Duration = .zero,
        retry: RetryPolicy = RetryPolicy(),
        preload: Bool = false,
        learning: LearningPolicy = LearningPolicy(),
        waterfallOrder: [String]? = nil
    ) {
        self.id = id
        self.format = format
        self.strategy = strategy
        self.lineItems = lineItems
        self.floorMicros = floorMicros
        self.auction = auction
        self.parallelTierSize = parallelTierSize
        self.caps = caps
        self.pacing = pacing
        self.retry = retry
        self.preload = preload
        self.learning = learning
        self.waterfallOrder = waterfallOrder
    }

    private enum CodingKeys: String, CodingKey {
        case id, format, strategy, lineItems, floorMicros, auction, parallelTierSize, caps, pacingSeconds, retry
        case preload, learning, waterfallOrder
    }

    /// Decodes the JSON shape documented in `Docs/Mediation.md`; missing optional fields take their defaults.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let userInfo = decoder.userInfo
        self.init(
            id: try container.decode(String.self, forKey: .id),
            format: try container.decode(AdFormat.self, forKey: .format),
            strategy: try container.decode(Strategy.self, forKey: .strategy),
            lineItems: try container.decode([LineItemConfiguration].self, forKey: .lineItems))
        try container.decodeWholeNumber(&floorMicros, forKey: .floorMicros, Self.floorMicrosNumber, userInfo: userInfo)
        try container.decodeIfPresent(&auction, forKey: .auction)
        try container.decodeWholeNumber(
            &parallelTierSize, forKey: .parallelTierSize, Self.parallelTierSizeNumber, userInfo: userInfo)
        try container.decodeIfPresent(&caps, forKey: .caps)
        try container.decodeSeconds(&pacing, forKey: .pacingSeconds, Self.pacingNumber, userInfo: userInfo)
        try container.decodeIfPresent(&retry, forKey: .retry)
        try container.decodeIfPresent(&preload, forKey: .preload)
        try container.decodeIfPresent(&learning, forKey: .learning)
        waterfallOrder = try container.decodeIfPresent([String].self, forKey: .waterfallOrder)
    }

    /// Encodes the JSON shape documented in `Docs/Mediation.md`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(format, forKey: .format)
        try container.encode(strategy, forKey: .strategy)
        try container.encode(lineItems, forKey: .lineItems)
        try container.encode(floorMicros, forKey: .floorMicros)
        try container.encode(auction, forKey: .auction)
        try container.encode(parallelTierSize, forKey: .parallelTierSize)
        try container.encode(caps, forKey: .caps)
        try container.encode(pacing.secondsValue, forKey: .pacingSeconds)
        try container.encode(retry, forKey: .retry)
        try container.encode(preload, forKey: .preload)
        try container.encode(learning, forKey: .learning)
        try container.encodeIfPresent(waterfallOrder, forKey: .waterfallOrder)
    }
}

/// How an auction runs: how long bidders have, and what the winner pays.
///
/// ```swift
/// let auction = AuctionPolicy(deadline: .seconds(2), pricing: .secondPrice)
/// ```
public struct AuctionPolicy: Sendable, Hashable, Codable {
    /// What the winner of an auction pays.
    ///
    /// ```swift
    /// let pricing: AuctionPolicy.Pricing = .firstPrice
    /// ```
    public enum Pricing: String, Sendable, Hashable, Codable {
        /// The winner pays its bid.
        case firstPrice
        /// The winner pays the second-highest valid bid, or the floor when it is alone (never more than its bid).
        case secondPrice
    }

    /// Bids that arrive after this time from the auction's start are ignored.
    public var deadline: Duration
    /// What the winner pays.
    public var pricing: Pricing

    /// Creates an auction policy.
    public init(deadline: Duration = .seconds(2), pricing: Pricing = .firstPrice) {
        self.deadline = deadline
        self.pricing = pricing
    }

    private enum CodingKeys: String, CodingKey { case deadlineSeconds, pricing }

    /// Decodes `{"deadlineSeconds": 2, "pricing": "secondPrice"}`; both fields are optional.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        try container.decodeSeconds(
            &deadline, forKey: .deadlineSeconds, Self.deadlineNumber, userInfo: decoder.userInfo)
        try container.decodeIfPresent(&pricing, forKey: .pricing)
    }

    /// Encodes `{"deadlineSeconds": 2, "pricing": "secondPrice"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(deadline.secondsValue, forKey: .deadlineSeconds)
        try container.encode(pricing, forKey: .pricing)
    }
}

/// How learned waterfall prices follow the market: an exponentially weighted moving average of observed prices
/// and fill, plus an optional exploration rate that sometimes tries the item observed least recently first.
///
/// ```swift
/// let learning = LearningPolicy(smoothing: 0.3, explorationRate: 0.05)
/// ```
public struct LearningPolicy: Sendable, Hashable, Codable {
    /// The weight of a new observation, in (0, 1].
    public var smoothing: Double
    /// The share of requests, in [0, 1], that try the least recently observed learned item first.
    public var explorationRate: Double

    /// Creates a learning policy.
    public init(smoothing: Double = 0.3, explorationRate: Double = 0) {
        self.smoothing = smoothing
        self.explorationRate = explorationRate
    }

    private enum CodingKeys: String, CodingKey { case smoothing, explorationRate }

    /// Decodes `{"smoothing": 0.3, "explorationRate": 0.05}`; both fields are optional.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        try container.decodeIfPresent(&smoothing, forKey: .smoothing)
        try container.decodeIfPresent(&explorationRate, forKey: .explorationRate)
    }
}

extension PlacementConfiguration {
    /// `floorMicros`: the placement's floor, 0 to `CheckedConversion/maximumMicros` micros per impression.
    public static let floorMicrosNumber = ConfigurationNumber.micros(
        "floorMicros", hint: "Use 0 for no floor, or the floor in micros per impression ($0.50 eCPM = 500).")
    /// `parallelTierSize`: 1 to 1,000 items asked at once. A tier never holds more than the placement's line items,
    /// whatever this says; the bound keeps a configuration from promising more parallel loads than a device makes.
    public static let parallelTierSizeNumber = ConfigurationNumber(
        "parallelTierSize", .wholeNumber, 1...1_000,
        hint: "Use 1 for a sequential waterfall, or the number of items to ask at once.")
    /// `pacingSeconds`: 0 (no pacing) to 366 days.
    public static let pacingNumber = ConfigurationNumber(
        "pacingSeconds", .seconds, 0...ConfigurationNumber.maximumSeconds, unit: "s", belowKind: .negativeTimeout,
        hint: "Use 0 for no pacing, or the seconds between two impressions.")
}

extension AuctionPolicy {
    /// `deadlineSeconds`: above 0, at most 366 days.
    public static let deadlineNumber = ConfigurationNumber.positiveSeconds(
        "deadlineSeconds", hint: "Give bidders a deadline of about 1-3 s.")
}

extension LearningPolicy {
    /// `smoothing`: the weight of a new observation, above 0 and at most 1.
    public static let smoothingNumber = ConfigurationNumber(
        "smoothing", .fraction, 0...1, excludesLowerBound: true, hint: "Use smoothing 0.3.")
    /// `explorationRate`: the share of requests that explore, 0 to 1.
    public static let explorationRateNumber = ConfigurationNumber(
        "explorationRate", .fraction, 0...1, hint: "Use 0 for no exploration, or a small share such as 0.05.")
}
