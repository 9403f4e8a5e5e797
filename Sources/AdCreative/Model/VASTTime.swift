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
        let trimmed = text.trimmingASCIIWhitespace()
        guard !trimmed.isEmpty, trimmed.count <= 32 else { return nil }
        let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 3 else { return nil }
        var total = 0
        for (index, part) in parts.enumerated() {
            let isLast = index == parts.count - 1
            if isLast {
                guard let millis = VASTTime.parseSeconds(part) else { return nil }
                if parts.count > 1, millis >= 60_000 { return nil }
                total = total * 60 * 1000 + millis
            } else {
                guard !part.isEmpty, part.allSatisfy(\.isASCIIDigitCharacter), let value = Int(part) else { return nil }
                if index > 0, value >= 60 { return nil }
                total = total * 60 + value
            }
        }
        self.milliseconds = total
    }

    private static func parseSeconds(_ part: Substring) -> Int? {
        let pieces = part.split(separator: ".", omittingEmptySubsequences: false)
        guard pieces.count <= 2, let whole = pieces.first, !whole.isEmpty, whole.count <= 9,
            whole.allSatisfy(\.isASCIIDigitCharacter), let seconds = Int(whole)
        else { return nil }
        var millis = seconds * 1000
        if pieces.count == 2 {
            let fraction = pieces[1]
            guard !fraction.isEmpty, fraction.allSatisfy(\.isASCIIDigitCharacter) else { return nil }
            let digits = String(fraction.prefix(3)).padding(toLength: 3, withPad: "0", startingAt: 0)
            millis += Int(digits) ?? 0
        }
        return millis
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
    var isASCIIDigitCharacter: Bool { isASCII && isWholeNumber }
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
    var isASCIIWhitespaceByte: Bool { self == 0x20 || self == 0x0A || self == 0x0D || self == 0x09 }
}
