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

    /// The instant `duration` after this one.
    public func advanced(by duration: Duration) -> AdInstant { AdInstant(sinceEpoch: sinceEpoch + duration) }

    /// The duration from this instant to `other` (negative when `other` is earlier).
    public func duration(to other: AdInstant) -> Duration { other.sinceEpoch - sinceEpoch }

    /// Orders instants in time.
    public static func < (lhs: AdInstant, rhs: AdInstant) -> Bool { lhs.sinceEpoch < rhs.sinceEpoch }

    /// The offset in seconds, with millisecond precision: `t=1.250s`.
    public var description: String {
        let millis = sinceEpoch.components.seconds * 1000 + sinceEpoch.components.attoseconds / 1_000_000_000_000_000
        let sign = millis < 0 ? "-" : ""
        let magnitude = abs(millis)
        let fraction = String(magnitude % 1000)
        return "t=\(sign)\(magnitude / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)s"
    }
}
