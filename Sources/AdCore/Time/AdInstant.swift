/// A point in time, measured from a driver's own epoch.
///
/// AdCore never reads a clock: every state machine receives the current `AdInstant` from its driver.
/// The virtual-time driver starts at ``zero`` and moves only when a test advances it; the live driver maps
/// `ContinuousClock.now` onto the same scale.
///
/// ```swift
/// let start = AdInstant.zero
/// let later = start.advanced(by: .seconds(1))
/// print(start.duration(to: later))  // 1.0 seconds
/// ```
public struct AdInstant: InstantProtocol, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The time elapsed since the driver's epoch.
    public var sinceEpoch: Duration

    /// Creates an instant at an offset from the epoch.
    public init(sinceEpoch: Duration) { self.sinceEpoch = sinceEpoch }

    /// The driver's epoch.
    public static let zero = AdInstant(sinceEpoch: .zero)

    /// How far from the epoch an instant may be: 2^52 seconds (about 143 million years). ``advanced(by:)``
    /// saturates here, so a deadline computed from any duration, however far, is a valid instant (rule R4).
    public static let horizon = Duration(attoseconds: horizonAttoseconds)

    /// The latest instant there is: every deadline at or beyond it is "never".
    public static let distantFuture = AdInstant(sinceEpoch: horizon)

    /// The instant `duration` after this one, saturating at ±``horizon`` (never a trap on overflow).
    public func advanced(by duration: Duration) -> AdInstant {
        // Both operands are clamped to ±2^60 s first, so their sum (at most 2^61 s) cannot overflow `Duration`.
        let sum =
            Self.clamp(sinceEpoch.attoseconds, to: Self.operandLimit)
            + Self.clamp(duration.attoseconds, to: Self.operandLimit)
        return AdInstant(sinceEpoch: Duration(attoseconds: Self.clamp(sum, to: Self.horizonAttoseconds)))
    }

    /// The duration from this instant to `other` (negative when `other` is earlier), saturating like
    /// ``advanced(by:)``.
    public func duration(to other: AdInstant) -> Duration {
        Duration(
            attoseconds: Self.clamp(other.sinceEpoch.attoseconds, to: Self.operandLimit)
                - Self.clamp(sinceEpoch.attoseconds, to: Self.operandLimit))
    }

    // The arithmetic works on `Duration.attoseconds` (an `Int128`, inlined) rather than on `Duration`'s own
    // operators, which are calls into the standard library: an instant is compared and advanced on every timer,
    // deadline and mediation input, and those calls were about a sixth of `adbench mediation`'s time.

    /// ``horizon`` in attoseconds, 2^52 s (computed, so it folds into a constant where it is used).
    private static var horizonAttoseconds: Int128 { Int128(1 << 52) * attosecondsPerSecond }
    /// Operands are clamped to ±2^60 s before they are added, so a sum (at most 2^61 s) never overflows `Duration`.
    private static var operandLimit: Int128 { Int128(1 << 60) * attosecondsPerSecond }
    private static var attosecondsPerSecond: Int128 { 1_000_000_000_000_000_000 }

    private static func clamp(_ value: Int128, to limit: Int128) -> Int128 {
        Swift.min(Swift.max(value, -limit), limit)
    }

    /// Orders instants in time.
    public static func < (lhs: AdInstant, rhs: AdInstant) -> Bool {
        lhs.sinceEpoch.attoseconds < rhs.sinceEpoch.attoseconds
    }

    /// Whether two instants are the same point in time.
    public static func == (lhs: AdInstant, rhs: AdInstant) -> Bool {
        lhs.sinceEpoch.attoseconds == rhs.sinceEpoch.attoseconds
    }

    /// The offset in seconds, with millisecond precision: `t=1.250s`.
    public var description: String {
        // Seconds and milliseconds apart: `seconds * 1000` would overflow for instants built from huge durations.
        let (seconds, attoseconds) = sinceEpoch.components
        let sign = seconds < 0 || attoseconds < 0 ? "-" : ""
        let fraction = String((attoseconds / 1_000_000_000_000_000).magnitude)
        return "t=\(sign)\(seconds.magnitude).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)s"
    }
}
