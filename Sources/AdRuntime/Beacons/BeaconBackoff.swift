/// How long a ``BeaconQueue`` waits before trying a beacon again: exponential backoff with jitter.
///
/// After the n-th failed attempt the base delay is `initial × 2^(n-1)`, capped at `maximum`; the last `jitter`
/// fraction of it is drawn from the queue's seeded generator, so clients that failed together do not all retry
/// together, and a test replays the same delays from the same seed.
///
/// ```swift
/// var random = SeededRandom(seed: 7)
/// let backoff = BeaconBackoff(initial: .seconds(1), maximum: .seconds(600), jitter: 0.5)
/// backoff.delay(afterAttempt: 3, using: &random)  // between 2 s and 4 s
/// ```
public struct BeaconBackoff: Sendable, Equatable {
    /// The delay after the first failed attempt, before jitter (at least 1 ms).
    public var initial: Duration
    /// The longest delay, before jitter.
    public var maximum: Duration
    /// The fraction of each delay that is random, from 0 (none) to 1 (anywhere from 0 to the delay).
    public var jitter: Double

    /// Creates a backoff.
    public init(initial: Duration = .seconds(1), maximum: Duration = .seconds(600), jitter: Double = 0.5) {
        self.initial = initial
        self.maximum = maximum
        self.jitter = jitter
    }

    /// The delay, in milliseconds, before the attempt that follows failed attempt number `attempt` (1 or more).
    public func delayMilliseconds(afterAttempt attempt: Int, using random: inout some RandomNumberGenerator) -> Int64 {
        let ceiling = max(1, BeaconBackoff.milliseconds(maximum))
        let first = min(max(1, BeaconBackoff.milliseconds(initial)), ceiling)
        let shift = min(max(attempt, 1) - 1, 62)
        let (grown, overflow) = first.multipliedReportingOverflow(by: Int64(1) << Int64(shift))
        let base = overflow ? ceiling : min(grown, ceiling)
        let fraction = jitter.isFinite ? min(max(jitter, 0), 1) : 0
        let spread = Int64((Double(base) * fraction).rounded(.down))
        guard spread > 0 else { return base }
        return base - spread + Int64.random(in: 0...spread, using: &random)
    }

    /// ``delayMilliseconds(afterAttempt:using:)`` as a `Duration`.
    public func delay(afterAttempt attempt: Int, using random: inout some RandomNumberGenerator) -> Duration {
        .milliseconds(delayMilliseconds(afterAttempt: attempt, using: &random))
    }

    /// `duration` in whole milliseconds, clamped to 0...2^52 (about 142,000 years; never a trap).
    static func milliseconds(_ duration: Duration) -> Int64 {
        let limit: Int64 = 1 << 52
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 0 }
        guard seconds < limit / 1000 else { return limit }
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
