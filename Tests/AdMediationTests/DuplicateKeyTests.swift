import AdMediation
import Foundation
import Testing

/// Rule R2: a JSON object that gives the same key twice means different things to different readers (Foundation
/// keeps the first value, others the last), so a configuration with one is refused, naming the key, its path and
/// its line and column.
@Suite("R2: a key given twice in one object")
struct DuplicateKeyTests {
    @Test("R2: a placement's floorMicros given twice is refused at its path, with line and column")
    func r2_duplicateKeyRefused() {
        let json = Data(
            """
            {"placements": [{"id": "p", "format": "interstitial", "strategy": "waterfall",
              "floorMicros": 100, "floorMicros": 900000,
              "lineItems": [{"id": "a", "provider": "google", "adUnit": "u", "mode": "waterfall", "priceMicros": 1}]}]}
            """.utf8)
        do {
            _ = try MediationConfiguration.decode(json, providers: ConfigurationTests.providers)
            Issue.record("a repeated key was accepted")
        } catch {
            #expect(error.kinds == [.duplicateKey])
            #expect(error.problems.first?.path == "$.placements[0].floorMicros")
            #expect(error.problems.first?.message.contains("(line 2, column 23)") == true)
        }
    }

    @Test(
        "R2: the scanner finds repeats at every depth and in arrays, and only real repeats",
        arguments: [
            (#"{"a": 1, "a": 2}"#, ["$.a"]),
            (#"{"a": 1, "\u0061": 2}"#, ["$.a"]),
            (#"{"x": [{"k": 1}, {"k": 2, "k": 3}]}"#, ["$.x[1].k"]),
            (#"{"o": {"a": {"a": 1}}, "b": {"a": 2}}"#, []),
            (#"{"a": "a", "b": "a"}"#, []),
            (#"{"a": "{\"a\": 1, \"a\": 2}"}"#, []),
            (#"[{"a": 1}, {"a": 1}]"#, []),
            (#"{"a": 1, "b": {"c": [1, 2, {"c": 3, "c": 4}]}, "a": 5}"#, ["$.b.c[2].c", "$.a"]),
        ])
    func r2_scannerFindsRepeats(json: String, paths: [String]) {
        #expect(DuplicateKeyScanner.problems(in: Data(json.utf8)).map(\.path) == paths)
    }

    @Test("R2: malformed, truncated and deeply nested text never traps the scanner")
    func r2_scannerOnHostileText() {
        for text in ["", "{", "{\"a", "{\"a\": \"\\u12", "}}}]]]", "{\"a\":1,\"a\"", "\"\\"] {
            _ = DuplicateKeyScanner.problems(in: Data(text.utf8))
        }
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(DuplicateKeyScanner.problems(in: Data(deep.utf8)).isEmpty)
        let repeats = "{" + (0..<10_000).map { _ in "\"k\": 1" }.joined(separator: ",") + "}"
        #expect(DuplicateKeyScanner.problems(in: Data(repeats.utf8)).count == DuplicateKeyScanner.maximumProblems)
    }
}
