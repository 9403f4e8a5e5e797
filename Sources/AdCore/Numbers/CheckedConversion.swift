/// The one place where a number that came from outside (a server response, a configuration or scenario file, a
/// host) becomes an integer or a `Duration`. Swift traps on an integer conversion out of range (`Int64(1e16 *
/// 1000)` is fine, `Int64(1e300)` kills the process) and on a `Duration` built from a huge `Double`; every reader
/// of outside numbers goes through these functions instead, so out of range is a typed error naming the field.
///
/// Each field has a documented range (`Docs/Reliability.md`); the defaults below bound what any field may take,
/// so the arithmetic that follows (deadlines, sums of revenue) stays far from overflow.
///
/// ```swift
/// let ttl = try CheckedConversion.duration(seconds: 3600, field: "<ttl>")          // 1 hour
/// let price = try CheckedConversion.micros(fromCPM: 2.5, field: "<Pricing>")       // 2_500 micros
/// _ = try CheckedConversion.duration(seconds: 1e16, field: "<ttl>")                 // throws NumberOutOfRange
/// ```
public enum CheckedConversion {
    /// The longest duration any input may set: 366 days. Longer time-to-lives, timeouts, windows and delays are
    /// out of range (no ad, cap or retry is meant to last more than a year).
    public static let maximumDuration: Duration = .seconds(366 * 86_400)

    /// The highest price of one impression AdBridge accepts, in micros: 1,000,000,000 (1,000 currency units per
    /// impression, an eCPM of one million). Sums of millions of such impressions still fit in `Int64`.
    public static let maximumMicros: Int64 = 1_000_000_000

    /// The highest count (reward amounts, sizes, attempts) AdBridge accepts from outside: 1,000,000,000.
    public static let maximumCount: Int = 1_000_000_000

    /// Seconds, as a `Double`, to a `Duration` in `range` (millisecond precision).
    ///
    /// - Throws: ``NumberOutOfRange`` naming `field` when the value is not finite or outside `range`.
    public static func duration(
        seconds value: Double, field: String, in range: ClosedRange<Duration> = .zero...maximumDuration
    ) throws(NumberOutOfRange) -> Duration {
        guard value.isFinite, value >= range.lowerBound.secondsValue, value <= range.upperBound.secondsValue else {
            throw NumberOutOfRange(field: field, value: "\(value)", allowed: describe(range))
        }
        return .milliseconds(saturatingInt64(value * 1000))
    }

    /// Whole seconds (from an integer field such as `<ttl>` or `<Expires>`) to a `Duration` in `range`.
    ///
    /// - Throws: ``NumberOutOfRange`` naming `field` when the value is outside `range`.
    public static func duration(
        seconds value: Int64, field: String, in range: ClosedRange<Duration> = .zero...maximumDuration
    ) throws(NumberOutOfRange) -> Duration {
        let duration = Duration.seconds(value)
        guard range.contains(duration) else {
            throw NumberOutOfRange(field: field, value: "\(value)", allowed: describe(range))
        }
        return duration
    }

    /// A price in currency units per thousand impressions (CPM) to micros per impression
    /// (`cpm × 1,000,000 / 1,000`), rounded, in `0...maximumMicros`.
    ///
    /// - Throws: ``NumberOutOfRange`` naming `field` when the CPM is not finite, negative or too high.
    public static func micros(fromCPM cpm: Double, field: String) throws(NumberOutOfRange) -> Int64 {
        let limit = Double(maximumMicros) / 1000
        guard cpm.isFinite, cpm >= 0, cpm <= limit else {
            throw NumberOutOfRange(field: field, value: "\(cpm)", allowed: "0...\(Int64(limit)) (CPM)")
        }
        return Int64((cpm * 1000).rounded())
    }

    /// An integer in `range`.
    ///
    /// - Throws: ``NumberOutOfRange`` naming `field` when the value is outside `range`.
    public static func integer<Value: BinaryInteger>(
        _ value: Value, field: String, in range: ClosedRange<Value>
    ) throws(NumberOutOfRange) -> Value {
        guard range.contains(value) else {
            throw NumberOutOfRange(
                field: field, value: "\(value)", allowed: "\(range.lowerBound)...\(range.upperBound)")
        }
        return value
    }

    /// Integer text (a decimal attribute or element value) to an `Int` in `range`; `nil` text is not an error.
    ///
    /// - Throws: ``NumberOutOfRange`` naming `field` when the text is not a whole number or is outside `range`.
    public static func integer(
        text: String, field: String, in range: ClosedRange<Int> = 0...maximumCount
    ) throws(NumberOutOfRange) -> Int {
        let trimmed = text.trimmingWhitespace
        guard let value = Int(trimmed), range.contains(value) else {
            throw NumberOutOfRange(
                field: field, value: String(trimmed.prefix(40)), allowed: "\(range.lowerBound)...\(range.upperBound)")
        }
        return value
    }

    /// A computed `Double` (an estimate, an average) rounded to the nearest `Int64`, saturating at the type's
    /// bounds; NaN is 0. For values AdBridge computed itself, where an error has no one to go to.
    public static func saturatingInt64(_ value: Double) -> Int64 {
        guard !value.isNaN else { return 0 }
        let rounded = value.rounded()
        if rounded >= 9_223_372_036_854_775_807.0 { return .max }
        if rounded <= -9_223_372_036_854_775_808.0 { return .min }
        return Int64(rounded)
    }

    private static func describe(_ range: ClosedRange<Duration>) -> String {
        "\(format(range.lowerBound.secondsValue))...\(format(range.upperBound.secondsValue)) s"
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int64(seconds)) : String(seconds)
    }
}

extension Duration {
    /// The duration in seconds, as a `Double` (for JSON, reports and messages; never converted back unchecked).
    ///
    /// ```swift
    /// print(Duration.milliseconds(1_500).secondsValue)  // 1.5
    /// ```
    public var secondsValue: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// The whole milliseconds of the duration, rounded down; a negative duration is 0 and one beyond `Int64`'s
    /// milliseconds saturates (for reports and histograms: never a trap, whatever a scenario asked for).
    ///
    /// ```swift
    /// print(Duration.milliseconds(1_500).wholeMilliseconds)  // 1500
    /// ```
    public var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0 else { return 0 }
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000)
        let (total, carry) = whole.addingReportingOverflow(attoseconds / 1_000_000_000_000_000)
        // A duration just below zero has 0 seconds and negative attoseconds.
        return overflow || carry ? .max : Swift.max(total, 0)
    }
}

extension String {
    /// The text without leading and trailing ASCII whitespace.
    fileprivate var trimmingWhitespace: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return self[first...last]
    }
}
