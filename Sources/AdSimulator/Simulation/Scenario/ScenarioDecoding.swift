import AdMediation
import Foundation

/// The scenario's decoding helpers: problems found while decoding (a number that is not a whole number, an
/// unknown kind) are recorded in the decoder's ``AdMediation/ConfigurationDecoding`` with their JSON path and the
/// field takes a fallback, so one error lists them with every other problem. Without a collector in the
/// decoder's `userInfo` (a plain `JSONDecoder`), the first such problem is thrown as a `DecodingError`.
enum ScenarioDecoding {
    /// The largest whole number read exactly through a `Double`: 2^53.
    static let exactWholeLimit = 9_007_199_254_740_992.0

    /// Records `problem` in the decoder's collector, or throws it when there is none.
    static func record(_ problem: ConfigurationProblem, userInfo: [CodingUserInfoKey: Any]) throws {
        guard let key = ConfigurationDecoding.key, let collector = userInfo[key] as? ConfigurationDecoding else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: [], debugDescription: problem.description))
        }
        collector.record(problem)
    }

    /// A whole number read as a `Double` (so `1e30` is a problem at its own path, not "not valid JSON" at the
    /// root): `nil` when it is not whole or beyond ±2^53.
    static func whole(_ number: Double) -> Int64? {
        guard number.isFinite, number == number.rounded(), abs(number) <= exactWholeLimit else { return nil }
        return Int64(exactly: number)
    }
}

extension KeyedDecodingContainer {
    /// Overwrites `field` with the whole number at `key`; leaves it as it is (its default) when the key is absent,
    /// and (recorded as an `outOfRange` problem) when the number is not whole or beyond ±2^53. Ranges are the
    /// validator's to check.
    func decodeWhole(_ field: inout Int, forKey key: Key, userInfo: [CodingUserInfoKey: Any]) throws {
        if let value = try wholeIfPresent(key, hint: "Write a whole number such as \(field).", userInfo: userInfo) {
            field = value
        }
    }

    /// ``decodeWhole(_:forKey:userInfo:)`` for a number that may be left unset (`nil` by default).
    func decodeWhole(_ field: inout Int?, forKey key: Key, userInfo: [CodingUserInfoKey: Any]) throws {
        let hint = "Write a whole number, or leave \(key.stringValue) out."
        if let value = try wholeIfPresent(key, hint: hint, userInfo: userInfo) { field = value }
    }

    /// The whole number at `key`; `nil` when the key is absent or (recorded) when the number is not a whole `Int`.
    private func wholeIfPresent(_ key: Key, hint: String, userInfo: [CodingUserInfoKey: Any]) throws -> Int? {
        guard let number = try decodeIfPresent(Double.self, forKey: key) else { return nil }
        if let value = ScenarioDecoding.whole(number), let int = Int(exactly: value) { return int }
        try ScenarioDecoding.record(
            ConfigurationProblem(
                .outOfRange, at: ConfigurationDecoding.path(codingPath + [key]),
                "\(ScenarioNumber.text(number)) is not a whole number from -2^53 to 2^53.", hint: hint),
            userInfo: userInfo)
        return nil
    }

    /// Decodes an optional list of whole numbers (each checked like ``decodeWhole(_:forKey:userInfo:)``; a bad
    /// one is recorded at its index and left out).
    func decodeWholeList(_ key: Key, userInfo: [CodingUserInfoKey: Any]) throws -> [Int64]? {
        guard let numbers = try decodeIfPresent([Double].self, forKey: key) else { return nil }
        var values: [Int64] = []
        for (index, number) in numbers.enumerated() {
            if let value = ScenarioDecoding.whole(number) {
                values.append(value)
            } else {
                try ScenarioDecoding.record(
                    ConfigurationProblem(
                        .outOfRange, at: ConfigurationDecoding.path(codingPath + [key]) + "[\(index)]",
                        "\(ScenarioNumber.text(number)) is not a whole number from -2^53 to 2^53.",
                        hint: "Write prices in micros per impression ($0.50 eCPM = 500)."),
                    userInfo: userInfo)
            }
        }
        return values
    }
}
