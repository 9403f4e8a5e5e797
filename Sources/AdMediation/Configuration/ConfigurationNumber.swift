import AdCore

/// One number of the mediation configuration format and the values it accepts (rule R2): the range is what the
/// engine can actually run, so a configuration that validates runs. Nothing in mediation allocates, reserves or
/// loops in proportion to a configured number beyond its range's upper bound.
///
/// Each number is declared once, beside the property it bounds (``PlacementConfiguration/parallelTierSizeNumber``,
/// ``RetryPolicy/maxAttemptsNumber``, ...); ``MediationConfiguration/numbers`` lists every one of them with its
/// JSON path, and the validator checks each against its declaration.
///
/// ```swift
/// let tier = PlacementConfiguration.parallelTierSizeNumber
/// tier.accepts(4)        // true
/// tier.accepts(2e10)     // false: a tier larger than any placement's line items
/// print(tier.allowed)    // "1...1000"
/// ```
public struct ConfigurationNumber: Sendable, Hashable, CustomStringConvertible {
    /// How the number is written.
    ///
    /// ```swift
    /// let kind: ConfigurationNumber.Kind = .seconds
    /// ```
    public enum Kind: Sendable, Hashable {
        /// A whole number (a count, a price in micros, a priority).
        case wholeNumber
        /// A duration in seconds (millisecond precision).
        case seconds
        /// A real number (a rate, a weight).
        case fraction
    }

    /// The field's JSON key (`parallelTierSize`).
    public let key: String
    /// How the number is written.
    public let kind: Kind
    /// The smallest and the largest accepted value (seconds for ``Kind/seconds``).
    public let range: ClosedRange<Double>
    /// Whether the lower bound itself is refused (a timeout must be above 0 s).
    public let excludesLowerBound: Bool
    /// The unit shown after a value in messages (`micros`, `s`), or empty.
    public let unit: String
    /// The problem kind of a value below the range (``ConfigurationProblem/Kind/negativeTimeout`` for durations,
    /// ``ConfigurationProblem/Kind/negativePrice`` for prices); above it, always ``ConfigurationProblem/Kind/outOfRange``.
    public let belowKind: ConfigurationProblem.Kind
    /// How to write a good value.
    public let hint: String

    /// Declares a number.
    public init(
        _ key: String, _ kind: Kind, _ range: ClosedRange<Double>, excludesLowerBound: Bool = false,
        unit: String = "", belowKind: ConfigurationProblem.Kind = .outOfRange, hint: String
    ) {
        self.key = key
        self.kind = kind
        self.range = range
        self.excludesLowerBound = excludesLowerBound
        self.unit = unit
        self.belowKind = belowKind
        self.hint = hint
    }

    /// Whether `value` is accepted: finite, in ``range`` (above its lower bound when ``excludesLowerBound``), and
    /// whole for a ``Kind/wholeNumber``.
    public func accepts(_ value: Double) -> Bool {
        guard value.isFinite, range.contains(value) else { return false }
        if excludesLowerBound && value == range.lowerBound { return false }
        return kind != .wholeNumber || value == value.rounded()
    }

    /// The accepted values in words: `1...1000`, `above 0, at most 31622400 s`.
    public var allowed: String {
        let upper = Self.text(range.upperBound) + (unit.isEmpty ? "" : " \(unit)")
        if excludesLowerBound { return "above \(Self.text(range.lowerBound)), at most \(upper)" }
        return "\(Self.text(range.lowerBound))...\(upper)"
    }

    /// The largest accepted value.
    public var largest: Double { range.upperBound }

    /// `key (allowed)`.
    public var description: String { "\(key) (\(allowed))" }

    /// The problem `value` makes at `path`, or `nil` when it is accepted.
    public func problem(_ value: Double, at path: String) -> ConfigurationProblem? {
        guard !accepts(value) else { return nil }
        let shown = Self.text(value) + (unit.isEmpty ? "" : " \(unit)")
        let kind = value.isFinite && value <= range.lowerBound ? belowKind : .outOfRange
        return ConfigurationProblem(
            kind, at: path, "\(key) \(shown) is out of range (allowed: \(allowed)).", hint: hint)
    }

    /// A number as messages show it: whole numbers without a decimal point, others as Swift prints them.
    static func text(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15, let whole = Int64(exactly: value) {
            return String(whole)
        }
        return "\(value)"
    }
}

extension ConfigurationNumber {
    /// The largest duration any field accepts, in seconds: `CheckedConversion/maximumDuration` (366 days).
    public static let maximumSeconds = CheckedConversion.maximumDuration.secondsValue

    /// A price or floor in micros per impression: 0 to ``CheckedConversion/maximumMicros``.
    static func micros(_ key: String, hint: String) -> ConfigurationNumber {
        ConfigurationNumber(
            key, .wholeNumber, 0...Double(CheckedConversion.maximumMicros), unit: "micros", belowKind: .negativePrice,
            hint: hint)
    }

    /// A duration above 0 and at most ``maximumSeconds``.
    static func positiveSeconds(_ key: String, hint: String) -> ConfigurationNumber {
        ConfigurationNumber(
            key, .seconds, 0...maximumSeconds, excludesLowerBound: true, unit: "s", belowKind: .negativeTimeout,
            hint: hint)
    }
}
