/// How users scroll a feed: each scroll gesture moves at `speedPointsPerSecond` for one screen height, then the
/// user dwells `dwellSeconds` before the next; each a fresh keyed draw per gesture.
///
/// ```json
/// "scrolling": { "speedPointsPerSecond": { "kind": "uniform", "min": 600, "max": 1800 },
///                "dwellSeconds": { "kind": "lognormal", "median": 2, "sigma": 0.6 } }
/// ```
///
/// ```swift
/// let scrolling = ScrollBehavior(speedPointsPerSecond: .fixed(1_000), dwellSeconds: .logNormal(median: 2, sigma: 0.6))
/// ```
public struct ScrollBehavior: Sendable, Equatable, Codable {
    /// The speed of a scroll gesture, in points per second, in `1...100_000`. Default `fixed` 1000.
    public var speedPointsPerSecond: ScenarioDistribution
    /// The pause after a gesture, in seconds, in `0...3_600`. Default `lognormal` median 2, sigma 0.5.
    public var dwellSeconds: ScenarioDistribution

    /// Creates a scroll behaviour.
    public init(
        speedPointsPerSecond: ScenarioDistribution = .fixed(1_000),
        dwellSeconds: ScenarioDistribution = .logNormal(median: 2, sigma: 0.5)
    ) {
        self.speedPointsPerSecond = speedPointsPerSecond
        self.dwellSeconds = dwellSeconds
    }

    private enum CodingKeys: String, CodingKey { case speedPointsPerSecond, dwellSeconds }

    /// Decodes the behaviour; both fields are optional.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        try container.decodeIfPresent(&speedPointsPerSecond, forKey: .speedPointsPerSecond)
        try container.decodeIfPresent(&dwellSeconds, forKey: .dwellSeconds)
    }
}
