import AdCreative
import Testing

/// Rule R1: numbers in creatives and responses are plain decimals; Swift's `Double(_:)` alone would read `0x10`
/// as 16, `0x1p4` as 16 and `nan` as a number.
@Suite("R1: the one reader of decimal numbers")
struct DecimalNumberTests {
    @Test(
        "R1: plain decimals read, with spaces around them",
        arguments: [
            ("0", 0.0), ("16", 16), ("-3", -3), ("+2", 2), ("2.50", 2.5), (".5", 0.5), ("5.", 5), ("1e3", 1_000),
            ("1E-3", 0.001), ("2.5e+2", 250), (" \t7\n", 7), ("00012", 12),
        ])
    func r1_decimalsRead(text: String, value: Double) {
        #expect(DecimalNumber.value(text) == value)
    }

    @Test(
        "R1: hexadecimal, infinities, NaN and malformed text are not numbers",
        arguments: [
            "0x10", "0X10", "0x1p4", "-0x1", "inf", "-inf", "infinity", "nan", "NaN", "", " ", ".", "+", "-", "e5",
            "1e", "1e+", "1.2.3", "1,5", "1 000", "١٢", "12abc", "--1", "+-1", "1_000",
        ])
    func r1_othersRefused(text: String) {
        #expect(DecimalNumber.value(text) == nil)
    }
}
