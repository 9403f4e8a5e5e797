/// The limit a configuration must meet to be chosen: every placement's 95th percentile time to ad (of its filled
/// requests) at most ``p95Milliseconds``. Written on the command line as `p95=<ms>`.
///
/// ```swift
/// let budget = try OptimizationBudget(parsing: "p95=800")
/// budget.admits(p95Milliseconds: 640)   // true
/// ```
public struct OptimizationBudget: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The largest p95 time to ad a placement may have, in milliseconds.
    public var p95Milliseconds: Int

    /// The most a budget may be: ten minutes, the longest timeout a strategy may set.
    public static let maximumMilliseconds = 600_000

    /// A budget of `p95Milliseconds`.
    public init(p95Milliseconds: Int) { self.p95Milliseconds = p95Milliseconds }

    /// Reads `p95=<ms>`, a whole number of milliseconds from 1 to ten minutes.
    ///
    /// - Throws: ``OptimizationError`` naming what is wrong and the form that works.
    public init(parsing text: String) throws(OptimizationError) {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0] == "p95" else {
            throw OptimizationError(
                "The budget '\(text)' is not of the form p95=<ms>.", hint: "Give the p95 time to ad in ms: p95=800.")
        }
        guard let milliseconds = Int(parts[1]), (1...Self.maximumMilliseconds).contains(milliseconds) else {
            throw OptimizationError(
                "The budget's p95 '\(parts[1])' is not a whole number of milliseconds from 1 to "
                    + "\(Self.maximumMilliseconds).",
                hint: "Give the p95 time to ad in ms: p95=800.")
        }
        p95Milliseconds = milliseconds
    }

    /// Whether a placement whose p95 time to ad is `p95Milliseconds` meets the budget (`nil`, no filled request:
    /// nothing to wait for, it does).
    public func admits(p95Milliseconds p95: Int?) -> Bool { (p95 ?? 0) <= p95Milliseconds }

    /// `p95=<ms>`.
    public var description: String { "p95=\(p95Milliseconds)" }
}
