/// The host's wall clock, in the driver's time: the Unix time at the driver's zero, plus the driver's `now`. It
/// fills `[TIMESTAMP]` in beacons (N5). AdBridge never reads the system clock; the app reads it once at launch and
/// passes it in, a test or the simulator passes a fixed date.
///
/// ```swift
/// let clock = AdWallClock(unixMillisecondsAtZero: 1_796_083_200_000)  // 2026-12-01T00:00:00Z
/// clock.iso8601(at: .zero.advanced(by: .seconds(90)))                // "2026-12-01T00:01:30.000Z"
/// ```
public struct AdWallClock: Sendable, Hashable {
    /// Milliseconds since 1970-01-01T00:00:00Z at the driver's zero.
    public var unixMillisecondsAtZero: Int64

    /// Creates a wall clock.
    public init(unixMillisecondsAtZero: Int64) {
        self.unixMillisecondsAtZero = unixMillisecondsAtZero
    }

    /// Milliseconds since the Unix epoch at `instant`, saturating at the representable range.
    public func unixMilliseconds(at instant: AdInstant) -> Int64 {
        let (seconds, attoseconds) = instant.sinceEpoch.components
        let (milliseconds, overflow) = seconds.multipliedReportingOverflow(by: 1_000)
        guard !overflow else { return seconds < 0 ? .min : .max }
        let (sinceZero, carry) = milliseconds.addingReportingOverflow(attoseconds / 1_000_000_000_000_000)
        guard !carry else { return .max }
        let (total, wrapped) = unixMillisecondsAtZero.addingReportingOverflow(sinceZero)
        guard !wrapped else { return sinceZero < 0 ? .min : .max }
        return total
    }

    /// The time at `instant` in ISO 8601 with milliseconds, UTC (`2026-12-01T00:01:30.000Z`), as VAST's
    /// `[TIMESTAMP]` asks. Years outside 0001-9999 are clamped to that range.
    public func iso8601(at instant: AdInstant) -> String {
        // 0001-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z in Unix milliseconds.
        let milliseconds = Swift.min(Swift.max(unixMilliseconds(at: instant), -62_135_596_800_000), 253_402_300_799_999)
        let (days, remainder) = Self.floorDivide(milliseconds, 86_400_000)
        let (year, month, day) = Self.civilDate(daysSinceEpoch: days)
        let hours = remainder / 3_600_000
        let minutes = remainder / 60_000 % 60
        let seconds = remainder / 1_000 % 60
        let millis = remainder % 1_000
        // Written byte by byte into the string's own storage: every beacon's stamp formats one, and interpolating
        // seven padded numbers made as many strings first. Each field is in range, so its digits fit its width.
        return String(unsafeUninitializedCapacity: 24) { buffer in
            var end = 0
            func write(_ value: Int64, width: Int, then separator: UInt8) {
                var rest = value
                for offset in stride(from: width - 1, through: 0, by: -1) {
                    buffer[end + offset] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                    rest /= 10
                }
                buffer[end + width] = separator
                end += width + 1
            }
            write(year, width: 4, then: UInt8(ascii: "-"))
            write(month, width: 2, then: UInt8(ascii: "-"))
            write(day, width: 2, then: UInt8(ascii: "T"))
            write(hours, width: 2, then: UInt8(ascii: ":"))
            write(minutes, width: 2, then: UInt8(ascii: ":"))
            write(seconds, width: 2, then: UInt8(ascii: "."))
            write(millis, width: 3, then: UInt8(ascii: "Z"))
            return end
        }
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let quotient = value / divisor
        let remainder = value % divisor
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01 (Howard Hinnant's days-to-civil algorithm).
    private static func civilDate(daysSinceEpoch days: Int64) -> (Int64, Int64, Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
