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
        var text = text
        if let percent = text.withUTF8({ VASTOffset.simplePercent($0) }) {
            guard percent <= 100 else { return nil }
            self = .percent(percent)
        } else if text.utf8.contains(UInt8(ascii: "%")) {
            let trimmed = text.trimmingASCIIWhitespace()
            guard trimmed.hasSuffix("%"), let value = DecimalNumber.value(trimmed.dropLast()), value.isFinite,
                value >= 0,
                value <= 100
            else { return nil }
            self = .percent(value)
        } else if let time = VASTTime(parsing: text) {
            self = .time(time)
        } else {
            return nil
        }
    }

    /// A percentage written plainly (`25%`, `12.5%`, ASCII whitespace around it allowed), read from its bytes with
    /// the value `Double` gives the same digits: at most 15 digits make an exact integer and a power of ten up to
    /// 10^15 is exact too, so one division rounds correctly, as `strtod` does. `nil` for any other form (a sign,
    /// an exponent, more digits), which ``init(parsing:)`` reads the general way.
    static func simplePercent(_ raw: UnsafeBufferPointer<UInt8>) -> Double? {
        var lower = 0
        var upper = raw.count
        while lower < upper, raw[lower].isASCIIWhitespaceByte { lower += 1 }
        while upper > lower, raw[upper - 1].isASCIIWhitespaceByte { upper -= 1 }
        guard upper - lower >= 2, raw[upper - 1] == UInt8(ascii: "%") else { return nil }
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var inFraction = false
        for index in lower..<(upper - 1) {
            let byte = raw[index]
            if byte == UInt8(ascii: ".") {
                guard !inFraction else { return nil }
                inFraction = true
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 15 else { return nil }
            mantissa = mantissa * 10 + UInt64(byte - UInt8(ascii: "0"))
            digits += 1
            if inFraction { fractionDigits += 1 }
        }
        guard digits > 0 else { return nil }
        var scale = 1.0
        for _ in 0..<fractionDigits { scale *= 10 }
        return Double(mantissa) / scale
    }

    /// The offset from the start for a creative of `duration`.
    public func resolved(against duration: VASTTime) -> VASTTime {
        switch self {
        case .time(let time): time
        case .percent(let percent):
            VASTTime(milliseconds: Int((Double(duration.milliseconds) * percent / 100).rounded()))
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
