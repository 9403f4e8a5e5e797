/// A VAST time value (`HH:MM:SS`, `HH:MM:SS.mmm` or bare seconds), kept with millisecond precision.
///
/// ```swift
/// let time = VASTTime(parsing: "00:00:15.500")
/// print(time?.duration ?? .zero)  // 15.5 seconds
/// ```
public struct VASTTime: Sendable, Hashable, Comparable, Encodable, CustomStringConvertible {
    /// The time in milliseconds.
    public var milliseconds: Int

    /// Creates a time from milliseconds.
    public init(milliseconds: Int) { self.milliseconds = milliseconds }

    /// Parses `HH:MM:SS`, `HH:MM:SS.mmm`, `MM:SS` or bare (possibly fractional) seconds; `nil` if malformed.
    public init?(parsing text: String) {
        var text = text
        guard let milliseconds = text.withUTF8({ VASTTime.parse($0) }) else { return nil }
        self.milliseconds = milliseconds
    }

    /// The byte-level parser behind ``init(parsing:)``: no allocation.
    static func parse(_ raw: UnsafeBufferPointer<UInt8>) -> Int? {
        var lower = 0
        var upper = raw.count
        while lower < upper, raw[lower].isASCIIWhitespaceByte { lower += 1 }
        while upper > lower, raw[upper - 1].isASCIIWhitespaceByte { upper -= 1 }
        guard upper > lower, upper - lower <= 32 else { return nil }
        var total = 0
        var fieldCount = 0
        var current = 0
        var digits = 0
        var fraction = 0
        var fractionDigits = 0
        var inFraction = false
        for index in lower..<upper {
            let byte = raw[index]
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if inFraction {
                    if fractionDigits < 3 {
                        fraction = fraction * 10 + Int(byte - 48)
                        fractionDigits += 1
                    }
                } else {
                    current = current * 10 + Int(byte - 48)
                    digits += 1
                    if digits > 9 { return nil }
                }
            case UInt8(ascii: ":"):
                guard !inFraction, digits > 0, fieldCount < 2 else { return nil }
                if fieldCount > 0, current >= 60 { return nil }
                total = total * 60 + current
                fieldCount += 1
                current = 0
                digits = 0
            case UInt8(ascii: "."):
                guard !inFraction, digits > 0 else { return nil }
                inFraction = true
            default:
                return nil
            }
        }
        guard digits > 0, !(inFraction && fractionDigits == 0) else { return nil }
        if fieldCount > 0, current >= 60 { return nil }
        while fractionDigits < 3 {
            fraction *= 10
            fractionDigits += 1
        }
        return (total * 60 + current) * 1000 + fraction
    }

    /// The time as a `Duration`.
    public var duration: Duration { .milliseconds(milliseconds) }

    /// `HH:MM:SS.mmm`.
    public var description: String {
        let hours = milliseconds / 3_600_000
        let minutes = milliseconds / 60000 % 60
        let seconds = milliseconds / 1000 % 60
        let millis = milliseconds % 1000
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(hours, 2)):\(pad(minutes, 2)):\(pad(seconds, 2)).\(pad(millis, 3))"
    }

    /// Orders times.
    public static func < (lhs: VASTTime, rhs: VASTTime) -> Bool { lhs.milliseconds < rhs.milliseconds }

    /// Encodes as `HH:MM:SS.mmm`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension Character {
    var isASCIIDigitCharacter: Bool { asciiValue.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
}

extension StringProtocol {
    func trimmingASCIIWhitespace() -> String {
        let utf8 = Substring(self).utf8
        var start = utf8.startIndex
        var end = utf8.endIndex
        while start < end, utf8[start].isASCIIWhitespaceByte { start = utf8.index(after: start) }
        while end > start, utf8[utf8.index(before: end)].isASCIIWhitespaceByte { end = utf8.index(before: end) }
        return String(decoding: utf8[start..<end], as: UTF8.self)
    }
}

extension UInt8 {
    @inline(__always)
    var isASCIIWhitespaceByte: Bool { self <= 0x20 && (self == 0x20 || self == 0x0A || self == 0x0D || self == 0x09) }

    /// Whether this byte of text or an attribute value that libxml2 has accepted is whitespace: XML 1.0 allows no
    /// other character at or below U+0020 than space, tab, line feed and carriage return (libxml2 rejects the
    /// others, also as character references), so one comparison decides.
    @inline(__always)
    var isParsedXMLWhitespace: Bool { self <= 0x20 }
}
