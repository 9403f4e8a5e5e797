import AdCreative
import Testing

/// The edges of a VAST time (`HH:MM:SS.mmm`, `MM:SS`, bare seconds): each field exactly at, just below and just
/// above its bound, the fraction's digits, the lengths the reader accepts.
@Suite("VAST times at their edges")
struct VASTTimeBoundaryTests {
    @Test(
        "A VAST time reads as its milliseconds at every edge",
        arguments: [
            ("00:00:59", 59_000), ("00:59:59", 3_599_000), ("00:00:00", 0), ("00:00:00.000", 0),
            ("99:59:59.999", 359_999_999), ("00:01:00", 60_000), ("01:00", 60_000), ("59:59", 3_599_000),
            ("15", 15_000), ("15.5", 15_500), ("15.05", 15_050), ("15.005", 15_005),
            // A fourth fraction digit is dropped, not rounded: 1.2345 s and 1.2349 s are both 1,234 ms.
            ("1.2345", 1_234), ("1.2349", 1_234), ("1.9999", 1_999), (" 00:00:10 ", 10_000), ("\t7\n", 7_000),
            ("999999999", 999_999_999_000), ("1:2:3", 3_723_000),
            // In MM:SS the first field is minutes, as hours are in HH:MM:SS: unbounded.
            ("60:00", 3_600_000),
        ] as [(String, Int)])
    func timeReads(text: String, milliseconds: Int) {
        #expect(VASTTime(parsing: text)?.milliseconds == milliseconds, "\(text)")
    }

    @Test(
        "A VAST time just past an edge is no time",
        arguments: [
            "00:00:60", "00:60:00", "01:60", "00:00:99", "1:2:3:4", "1000000000", "", " ", ".5", "5.", "1..2",
            "00:00:10.", ":10", "10:", "00::10", "-1", "+1", "1e3", "0x10", "00:00:1a", "10s",
            String(repeating: "0", count: 33),
        ])
    func timeRefused(text: String) {
        #expect(VASTTime(parsing: text) == nil, "\(text) read as \(String(describing: VASTTime(parsing: text)))")
    }

    @Test("Thirty-two characters (spaces around not counted) read; thirty-three do not")
    func lengthLimit() {
        let seconds = "1." + String(repeating: "0", count: 31)
        #expect(seconds.count == 33)
        #expect(VASTTime(parsing: String(seconds.dropLast()))?.milliseconds == 1_000)
        #expect(VASTTime(parsing: seconds) == nil)
        #expect(VASTTime(parsing: "   " + String(seconds.dropLast()) + "   ")?.milliseconds == 1_000)
    }
}
