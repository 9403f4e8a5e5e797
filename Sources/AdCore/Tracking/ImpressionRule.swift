/// A provider's viewability rule: the minimum visible ratio and how long it must hold without a break (rule C3).
///
/// ```swift
/// let rule = ImpressionRule.mrcDisplay            // 50 % for 1 s
/// let ifly = ImpressionRule(minimumVisibleRatio: 2.0 / 3.0, minimumDuration: .milliseconds(500))  // I24
/// ```
public struct ImpressionRule: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The share of the ad's area that must be visible, in 0...1 (a ratio at or above it counts).
    public var minimumVisibleRatio: Double
    /// How long the ratio must hold continuously.
    public var minimumDuration: Duration
    /// Whether every required asset must also be fully visible for the whole duration (Yandex's rule Y22): a
    /// required asset cut off, hidden or covered for a moment restarts the continuous time.
    public var requiresFullyVisibleRequiredAssets: Bool

    /// Creates a rule. The ratio is clamped to a tiny positive value so a zero-size or hidden ad never counts.
    public init(
        minimumVisibleRatio: Double, minimumDuration: Duration, requiresFullyVisibleRequiredAssets: Bool = false
    ) {
        let ratio = minimumVisibleRatio.isFinite ? minimumVisibleRatio : 1
        self.minimumVisibleRatio = Swift.min(1, Swift.max(ratio, .leastNonzeroMagnitude))
        self.minimumDuration = Swift.max(minimumDuration, .zero)
        self.requiresFullyVisibleRequiredAssets = requiresFullyVisibleRequiredAssets
    }

    /// The same rule, with required assets that must stay fully visible (rule Y22).
    public var requiringFullyVisibleRequiredAssets: ImpressionRule {
        var rule = self
        rule.requiresFullyVisibleRequiredAssets = true
        return rule
    }

    /// The share of a required asset that counts as fully visible (leaves room for rounding).
    public static let fullyVisibleRatio = 0.999

    /// The MRC display rule: at least 50 % of the ad for 1 continuous second (the default).
    public static let mrcDisplay = ImpressionRule(minimumVisibleRatio: 0.5, minimumDuration: .seconds(1))
    /// The MRC video rule: at least 50 % for 2 continuous seconds.
    public static let mrcVideo = ImpressionRule(minimumVisibleRatio: 0.5, minimumDuration: .seconds(2))

    /// `true` when `ratio` meets the rule's threshold (zero never does).
    public func isSatisfied(byRatio ratio: Double) -> Bool { ratio > 0 && ratio >= minimumVisibleRatio }

    /// `50% for 1.0 seconds`.
    public var description: String {
        "\((minimumVisibleRatio * 1000).rounded() / 10)% for \(minimumDuration)"
            + (requiresFullyVisibleRequiredAssets ? ", required assets fully visible" : "")
    }
}
