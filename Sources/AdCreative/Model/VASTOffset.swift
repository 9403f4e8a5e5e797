/// When an event fires or a skip becomes possible: a time from the start of the creative or a percentage of it.
///
/// ```swift
/// VASTOffset(parsing: "25%")        // .percent(25)
/// VASTOffset(parsing: "00:00:05")   // .time(5 s)
/// ```
public enum VASTOffset: Sendable, Hashable, Encodable, CustomStringConvertible {
    /// A time from the start of the creative.
    case time(VASTTime)
    /// A percentage (0-100) of the creative's duration.
    case percent(Double)

    /// Parses `HH:MM:SS[.mmm]`, bare seconds or `n%`; `nil` if malformed or a percentage outside 0-100.
    public init?(parsing text: String) {
        if text.utf8.contains(UInt8(ascii: "%")) {
            let trimmed = text.trimmingASCIIWhitespace()
            guard trimmed.hasSuffix("%"), let value = Double(trimmed.dropLast()), value.isFinite, value >= 0,
                value <= 100
            else { return nil }
            self = .percent(value)
        } else if let time = VASTTime(parsing: text) {
            self = .time(time)
        } else {
            return nil
        }
    }

    /// The offset from the start for a creative of `duration`.
    public func resolved(against duration: VASTTime) -> VASTTime {
        switch self {
        case .time(let time): time
        case .percent(let percent): VASTTime(milliseconds: Int((Double(duration.milliseconds) * percent / 100).rounded()))
        }
    }

    /// `HH:MM:SS.mmm` or `n%`.
    public var description: String {
        switch self {
        case .time(let time): time.description
        case .percent(let percent):
            percent == percent.rounded() ? "\(Int(percent))%" : "\(percent)%"
        }
    }

    /// Encodes as its description.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
