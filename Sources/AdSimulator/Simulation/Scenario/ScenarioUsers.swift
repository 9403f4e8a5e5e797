public import AdCore

/// The simulated users: how many, how many sessions each, how long a session lasts, how they scroll (and, with a
/// reach model, how deep), how often they open a full-screen placement, how often they click, by format, and the
/// segments they fall into.
///
/// ```json
/// "users": { "count": 5000, "sessionsPerUser": 3,
///            "sessionSeconds": { "kind": "lognormal", "median": 180, "sigma": 0.6 },
///            "scrolling": { "speedPointsPerSecond": 1200, "dwellSeconds": 2 },
///            "fullScreenOpensPerSession": 0.4,
///            "clickThroughRate": { "native": 0.02, "nativeSlider": 0.015, "rewarded": 0.01 },
///            "reach": { "kind": "discrete", "values": [20, 60], "probabilities": [0.7, 0.3] },
///            "segments": [{ "name": "tier-1", "share": 0.3, "priceMultiplier": 2.5 },
///                         { "name": "rest", "share": 0.7, "priceMultiplier": 0.6 }] }
/// ```
///
/// ```swift
/// let users = ScenarioUsers(count: 5_000, sessionsPerUser: 3, clickThroughRate: [.native: 0.02])
/// ```
public struct ScenarioUsers: Sendable, Equatable, Codable {
    /// The most users a run simulates (`users.count`, `adsim simulate --users`).
    public static let maximumCount = 10_000_000

    /// How many users, in 1...``maximumCount`` (10,000,000). Default 1000.
    public var count: Int
    /// Sessions per user, in `1...1_000`. Default 1.
    public var sessionsPerUser: Int
    /// How long a session lasts, in seconds, in `1...86_400`. Default `fixed` 120.
    public var sessionSeconds: ScenarioDistribution
    /// How users scroll feeds.
    public var scrolling: ScrollBehavior
    /// The mean number of times per session a user taps a button presenting a full-screen placement, in
    /// `0...100`. Default 0.
    public var fullScreenOpensPerSession: Double
    /// The probability that a shown ad of a format is clicked, in `0...1`, per format; a format not listed: 0.
    public var clickThroughRate: [AdFormat: Double]
    /// The reach model: the deepest feed position (a cell index, ad cells included) a session reaches, drawn per
    /// session, in `0...cells - 1` of the feed; a sample is rounded down to a whole cell. `nil` (the default): the
    /// depth follows from the scroll speed, the dwell and the session's length (Docs/Simulation.md, "Reach").
    public var reach: ScenarioDistribution?
    /// The user segments, their shares summing to 1; empty (the default): one market for every user.
    public var segments: [UserSegment]

    /// Creates the users.
    public init(
        count: Int = 1_000, sessionsPerUser: Int = 1, sessionSeconds: ScenarioDistribution = .fixed(120),
        scrolling: ScrollBehavior = ScrollBehavior(), fullScreenOpensPerSession: Double = 0,
        clickThroughRate: [AdFormat: Double] = [:], reach: ScenarioDistribution? = nil, segments: [UserSegment] = []
    ) {
        self.count = count
        self.sessionsPerUser = sessionsPerUser
        self.sessionSeconds = sessionSeconds
        self.scrolling = scrolling
        self.fullScreenOpensPerSession = fullScreenOpensPerSession
        self.clickThroughRate = clickThroughRate
        self.reach = reach
        self.segments = segments
    }

    /// The click-through rate of `format` (0 when not listed).
    public func clickThroughRate(of format: AdFormat) -> Double { clickThroughRate[format] ?? 0 }

    private enum CodingKeys: String, CodingKey {
        case count, sessionsPerUser, sessionSeconds, scrolling, fullScreenOpensPerSession, clickThroughRate, reach
        case segments
    }

    /// Decodes the users; every field is optional.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let userInfo = decoder.userInfo
        self.init()
        try container.decodeWhole(&count, forKey: .count, userInfo: userInfo)
        try container.decodeWhole(&sessionsPerUser, forKey: .sessionsPerUser, userInfo: userInfo)
        try container.decodeIfPresent(&sessionSeconds, forKey: .sessionSeconds)
        try container.decodeIfPresent(&scrolling, forKey: .scrolling)
        try container.decodeIfPresent(&fullScreenOpensPerSession, forKey: .fullScreenOpensPerSession)
        if let rates = try container.decodeIfPresent([String: Double].self, forKey: .clickThroughRate) {
            clickThroughRate = Dictionary(uniqueKeysWithValues: rates.map { (AdFormat(rawValue: $0.key), $0.value) })
        }
        reach = try container.decodeIfPresent(ScenarioDistribution.self, forKey: .reach)
        try container.decodeIfPresent(&segments, forKey: .segments)
    }

    /// Encodes the users; `clickThroughRate` as an object keyed by format.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(count, forKey: .count)
        try container.encode(sessionsPerUser, forKey: .sessionsPerUser)
        try container.encode(sessionSeconds, forKey: .sessionSeconds)
        try container.encode(scrolling, forKey: .scrolling)
        try container.encode(fullScreenOpensPerSession, forKey: .fullScreenOpensPerSession)
        let rates = Dictionary(uniqueKeysWithValues: clickThroughRate.map { ($0.key.rawValue, $0.value) })
        try container.encode(rates, forKey: .clickThroughRate)
        try container.encodeIfPresent(reach, forKey: .reach)
        if !segments.isEmpty { try container.encode(segments, forKey: .segments) }
    }
}
