/// The one reader of a number written in a creative or a provider's response: plain decimal only,
/// `[+|-]digits[.digits][(e|E)[+|-]digits]` (also `.5` and `5.`), as XML Schema's `decimal` and `double` write
/// them. Swift's `Double(_:)` also reads hexadecimal (`0x10` is 16, `0x1p4` is 16), `inf`, `infinity` and `nan`,
/// which no ad server means: a `<Pricing>` of `0x10` must not book a CPM of 16 (rule R1).
///
/// ```swift
/// DecimalNumber.value("2.50")   // 2.5
/// DecimalNumber.value("1e3")    // 1000
/// DecimalNumber.value("0x10")   // nil
/// DecimalNumber.value("nan")    // nil
/// ```
public enum DecimalNumber {
    /// The value of `text` (ASCII spaces, tabs and line breaks around it allowed), or `nil` when it is not a plain
    /// decimal number.
    public static func value(_ text: some StringProtocol) -> Double? {
        let bytes = Array(text.utf8)
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        guard isDecimal(bytes[start..<end]) else { return nil }
        return Double(String(decoding: bytes[start..<end], as: UTF8.self))
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// Whether `bytes` is `[+|-]` then digits with at most one `.` (at least one digit), then an optional exponent.
    private static func isDecimal(_ bytes: ArraySlice<UInt8>) -> Bool {
        var index = bytes.startIndex
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            index += 1
        }
        var digits = 0
        var sawPoint = false
        while index < bytes.endIndex {
            let byte = bytes[index]
            if isDigit(byte) {
                digits += 1
            } else if byte == UInt8(ascii: "."), !sawPoint {
                sawPoint = true
            } else {
                break
            }
            index += 1
        }
        guard digits > 0 else { return false }
        guard index < bytes.endIndex else { return true }
        guard bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") else { return false }
        index += 1
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            index += 1
        }
        guard index < bytes.endIndex else { return false }
        return bytes[index...].allSatisfy(isDigit)
    }
}
