import AdCore
import Synchronization

/// Range problems found while a configuration decodes (rule R2). A number out of range never traps and never
/// stops the decoding: it is recorded with its JSON path and the field takes its default, so
/// ``MediationConfiguration/decode(_:providers:)`` lists it with every other problem in one error.
///
/// Decoding with a plain `JSONDecoder` (no collector in its `userInfo`) throws the first range problem as a
/// `DecodingError` instead.
///
/// ```swift
/// let collector = ConfigurationDecoding()
/// let decoder = JSONDecoder()
/// decoder.userInfo = collector.userInfo
/// let configuration = try decoder.decode(MediationConfiguration.self, from: json)
/// print(collector.problems)  // [$.placements[0].pacingSeconds: pacingSeconds 1e+300 is out of range ...]
/// ```
public final class ConfigurationDecoding: Sendable {
    private let found = Mutex<[ConfigurationProblem]>([])

    /// The `userInfo` key the decoders look for.
    public static let key = CodingUserInfoKey(rawValue: "adbridge.configurationDecoding")

    /// Creates an empty collector.
    public init() {}

    /// The `userInfo` to give a decoder so that range problems are collected here.
    public var userInfo: [CodingUserInfoKey: any Sendable] {
        guard let key = Self.key else { return [:] }
        return [key: self]
    }

    /// The problems recorded so far, in decoding (document) order.
    public var problems: [ConfigurationProblem] { found.withLock { $0 } }

    /// Records a problem found while decoding (other decoders, such as the simulator's scenario, record theirs
    /// here too, so one collector lists every problem of a document in order).
    public func record(_ problem: ConfigurationProblem) { found.withLock { $0.append(problem) } }

    /// The JSON path of a coding path: `$.placements[0].pacingSeconds`.
    public static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.reduce("$") { text, key in
            if let index = key.intValue { return text + "[\(index)]" }
            return text + "." + key.stringValue
        }
    }
}

extension KeyedDecodingContainer {
    /// Overwrites `field` with the duration written in seconds at `key` (rule R2), declared by `number`; leaves it
    /// as it is (its default) when the key is absent or, recorded as a problem, when the value cannot be a duration
    /// (see ``checkedSeconds(_:for:number:userInfo:)``).
    func decodeSeconds(
        _ field: inout Duration, forKey key: Key, _ number: ConfigurationNumber, userInfo: [CodingUserInfoKey: Any]
    ) throws {
        guard let seconds = try decodeIfPresent(Double.self, forKey: key) else { return }
        if let value = try checkedSeconds(seconds, for: key, number: number, userInfo: userInfo) { field = value }
    }

    /// ``decodeSeconds(_:forKey:_:userInfo:)`` for a duration that may be left unset (`nil` by default).
    func decodeSeconds(
        _ field: inout Duration?, forKey key: Key, _ number: ConfigurationNumber, userInfo: [CodingUserInfoKey: Any]
    ) throws {
        guard let seconds = try decodeIfPresent(Double.self, forKey: key) else { return }
        if let value = try checkedSeconds(seconds, for: key, number: number, userInfo: userInfo) { field = value }
    }

    /// Decodes a required duration written in seconds (rule R2); `fallback` when the value cannot be a duration.
    func decodeSeconds(
        _ key: Key, _ number: ConfigurationNumber, ifOutOfRange fallback: Duration, userInfo: [CodingUserInfoKey: Any]
    ) throws -> Duration {
        let seconds = try decode(Double.self, forKey: key)
        return try checkedSeconds(seconds, for: key, number: number, userInfo: userInfo) ?? fallback
    }

    /// Overwrites `field` with the whole number at `key` (rule R2), declared by `number`. Foundation's decoder
    /// reports an integer too large for its type as "not valid JSON" at the document's root; read as a number
    /// first, it is a problem at its own path instead. Whole numbers up to 2^53 in magnitude (exact in a `Double`)
    /// that fit `Value` are decoded (the validator checks them against `number`'s range); anything else is
    /// recorded, naming the range `number` accepts, and `field` keeps its default (without a collector it throws).
    /// An absent key leaves `field` as it is.
    func decodeWholeNumber<Value: FixedWidthInteger>(
        _ field: inout Value, forKey key: Key, _ number: ConfigurationNumber, userInfo: [CodingUserInfoKey: Any]
    ) throws {
        guard let value = try decodeIfPresent(Double.self, forKey: key) else { return }
        if let whole: Value = try wholeNumber(value, for: key, number: number, userInfo: userInfo) { field = whole }
    }

    /// ``decodeWholeNumber(_:forKey:_:userInfo:)`` for a number that may be left unset (`nil` by default).
    func decodeWholeNumber<Value: FixedWidthInteger>(
        _ field: inout Value?, forKey key: Key, _ number: ConfigurationNumber, userInfo: [CodingUserInfoKey: Any]
    ) throws {
        guard let value = try decodeIfPresent(Double.self, forKey: key) else { return }
        if let whole: Value = try wholeNumber(value, for: key, number: number, userInfo: userInfo) { field = whole }
    }

    /// Decodes a required whole number (rule R2); `fallback` when it cannot be one.
    func decodeWholeNumber<Value: FixedWidthInteger>(
        _ key: Key, _ number: ConfigurationNumber, ifOutOfRange fallback: Value, userInfo: [CodingUserInfoKey: Any]
    ) throws -> Value {
        let value = try decode(Double.self, forKey: key)
        return try wholeNumber(value, for: key, number: number, userInfo: userInfo) ?? fallback
    }

    /// The whole number `value` as a `Value`; `nil` (recorded as a problem) when it cannot be one.
    private func wholeNumber<Value: FixedWidthInteger>(
        _ value: Double, for key: Key, number: ConfigurationNumber, userInfo: [CodingUserInfoKey: Any]
    ) throws -> Value? {
        let exact = 9_007_199_254_740_992.0
        if value == value.rounded(), abs(value) <= exact, let whole = Value(exactly: value) { return whole }
        let error = NumberOutOfRange(
            field: key.stringValue, value: ConfigurationNumber.text(value), allowed: number.allowed)
        try report(error, for: key, hint: number.hint, userInfo: userInfo)
        return nil
    }

    /// A duration in seconds, finite and at most ``AdCore/CheckedConversion/maximumDuration`` in magnitude (the
    /// rest of `number`'s range is the validator's to judge, with its own problem kinds). Out of range, the problem
    /// is recorded in the decoder's ``ConfigurationDecoding`` and `nil` returned; without a collector it throws.
    private func checkedSeconds(
        _ seconds: Double, for key: Key, number: ConfigurationNumber, userInfo: [CodingUserInfoKey: Any]
    ) throws -> Duration? {
        let limit = CheckedConversion.maximumDuration
        do throws(NumberOutOfRange) {
            return try CheckedConversion.duration(seconds: seconds, field: key.stringValue, in: (.zero - limit)...limit)
        } catch {
            let named = NumberOutOfRange(field: error.field, value: error.value, allowed: number.allowed)
            try report(named, for: key, hint: number.hint, userInfo: userInfo)
            return nil
        }
    }

    /// Records a range problem in the decoder's collector, or throws it without one.
    private func report(
        _ error: NumberOutOfRange, for key: Key, hint: String, userInfo: [CodingUserInfoKey: Any]
    ) throws {
        let path = codingPath + [key]
        guard let collectorKey = ConfigurationDecoding.key,
            let collector = userInfo[collectorKey] as? ConfigurationDecoding
        else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: path, debugDescription: "\(error). \(hint)", underlyingError: error))
        }
        collector.record(
            ConfigurationProblem(.outOfRange, at: ConfigurationDecoding.path(path), "\(error).", hint: hint))
    }
}
