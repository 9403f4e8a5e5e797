public import Foundation

/// The result of one shard of a simulation (`adsim simulate --shard 2/8`): counts, sums and fixed-bucket latency
/// histograms of the shard's users (a ``SimulationResult``), the shard, and the fingerprint of what was simulated.
/// ``merge(_:)`` adds the partials of every shard of a run into exactly the result of the unsharded run: every
/// user is in one shard, and everything counted is a sum.
///
/// Written as one JSON document (``encoded()``), the same bytes for the same shard. A partial read from a file is
/// checked before it is merged: its format and version, one fingerprint and run for all partials, every shard
/// exactly once, and counts small enough that their sum cannot overflow.
///
/// ```swift
/// let partials = try files.map { try SimulationPartial(decoding: Data(contentsOf: $0)) }
/// let result = try SimulationPartial.merge(partials)
/// print(SimulationReport(result: result).table)
/// ```
public struct SimulationPartial: Sendable, Equatable, Codable {
    /// The `format` field of every partial.
    public static let formatName = "adsim-partial"
    /// The version this adsim writes and reads.
    public static let currentVersion = 1
    /// The largest count or amount a partial may hold: with at most ``SimulationShard/maximumCount`` shards, the
    /// merged sums stay below 2^63.
    public static let countLimit: UInt64 = 1 << 46

    /// Always ``formatName``.
    public var format: String
    /// The version of the format.
    public var version: Int
    /// The fingerprint of the scenario and every file it reads (``fingerprint(of:market:)``), in hexadecimal.
    public var fingerprint: String
    /// The shard these users are.
    public var shard: SimulationShard
    /// The shard's counts; `users` is the whole run's user count.
    public var result: SimulationResult

    /// A partial of `shard` with fingerprint `fingerprint`.
    public init(fingerprint: UInt64, shard: SimulationShard, result: SimulationResult) {
        format = Self.formatName
        version = Self.currentVersion
        self.fingerprint = Self.hex(fingerprint)
        self.shard = shard
        self.result = result
    }

    /// Decodes and checks a partial.
    ///
    /// - Throws: ``SimulationMergeError`` when the data is not a partial of this version or holds out-of-range
    ///   counts.
    public init(decoding data: Data, source: String = "the partial") throws(SimulationMergeError) {
        let decoded: SimulationPartial
        do {
            decoded = try JSONDecoder().decode(SimulationPartial.self, from: data)
        } catch {
            throw SimulationMergeError(
                "\(source) is not an adsim partial result (\(Self.describe(error))).",
                hint: "Give the files `adsim simulate --shard <i>/<n>` wrote, unchanged.")
        }
        guard decoded.format == Self.formatName, decoded.version == Self.currentVersion else {
            throw SimulationMergeError(
                "\(source) is format '\(decoded.format)' version \(decoded.version); this adsim reads "
                    + "'\(Self.formatName)' version \(Self.currentVersion).",
                hint: "Run every shard and the merge with the same adsim.")
        }
        for (key, row) in decoded.result.tally.rows where !row.isBounded(by: Self.countLimit) {
            throw SimulationMergeError(
                "\(source) holds a count above \(Self.countLimit) in row \(key.variant)/\(key.placement)"
                    + "/\(key.provider).",
                hint: "The file was changed or is damaged: run its shard again.")
        }
        for (variant, timeline) in decoded.result.tally.timelines where !timeline.isBounded(by: Self.countLimit) {
            throw SimulationMergeError(
                "\(source) holds a count above \(Self.countLimit) in the session timeline of \(variant).",
                hint: "The file was changed or is damaged: run its shard again.")
        }
        self = decoded
    }

    /// The partial as JSON, keys sorted: the same partial always encodes to the same bytes.
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Every field is a string, an integer, an array or a keyed object of those: encoding cannot fail.
        return (try? encoder.encode(self)) ?? Data()
    }

    /// Adds up the partials of every shard of one run into the run's result.
    ///
    /// - Throws: ``SimulationMergeError`` when there are none, when they come from different scenarios, seeds or
    ///   shard counts, or when a shard is missing or given twice (each named).
    public static func merge(_ partials: [SimulationPartial]) throws(SimulationMergeError) -> SimulationResult {
        guard let first = partials.first else {
            throw SimulationMergeError(
                "There is no partial result to merge.", hint: "Give the files of every shard of the run.")
        }
        var result = first.result
        result.tally = SimulationTally()
        for partial in partials {
            guard partial.fingerprint == first.fingerprint else {
                throw SimulationMergeError(
                    "Shard \(partial.shard) was simulated from a different scenario or files (fingerprint "
                        + "\(partial.fingerprint)) than shard \(first.shard) (\(first.fingerprint)).",
                    hint: "Run every shard on the same scenario file, creatives and adsim.")
            }
            var run = partial.result
            run.tally = SimulationTally()
            guard run == result, partial.shard.count == first.shard.count else {
                throw SimulationMergeError(
                    "Shard \(partial.shard) belongs to a different run (seed \(partial.result.seed), "
                        + "\(partial.result.users) users, \(partial.shard.count) shards) than shard \(first.shard) "
                        + "(seed \(first.result.seed), \(first.result.users) users, \(first.shard.count) shards).",
                    hint: "Merge the shards of one run: the same --users and the same shard count.")
            }
        }
        let count = first.shard.count
        let indices = partials.map(\.shard.index)
        let repeated = Set(indices.filter { index in indices.filter { $0 == index }.count > 1 }).sorted()
        guard repeated.isEmpty else {
            throw SimulationMergeError(
                "Shard\(repeated.count == 1 ? "" : "s") \(repeated.map { "\($0)/\(count)" }.joined(separator: ", ")) "
                    + "given more than once.", hint: "Give each shard's file once.")
        }
        let missing = Set(1...count).subtracting(indices).sorted()
        guard missing.isEmpty else {
            let shown = missing.prefix(10).map { "\($0)/\(count)" }.joined(separator: ", ")
            throw SimulationMergeError(
                "Shard\(missing.count == 1 ? "" : "s") \(shown)\(missing.count > 10 ? ", ..." : "") missing "
                    + "(\(missing.count) of \(count)).",
                hint: "Run the missing shards with adsim simulate --shard <i>/\(count) and merge every file.")
        }
        for partial in partials.sorted(by: { $0.shard.index < $1.shard.index }) {
            result.tally.merge(partial.result.tally)
        }
        return result
    }

    /// The fingerprint of a run: the scenario's bytes, its mediation configuration and every creative the market
    /// serves, so partials of different inputs are never merged.
    public static func fingerprint(of validated: ValidatedScenario, market: SimulatedMarket) -> UInt64 {
        var hash = StableHash()
        hash.combine(validated.sourceDigest)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        hash.combine((try? encoder.encode(validated.configuration)) ?? Data())
        for creative in market.servedFiles { hash.combine(creative) }
        return hash.value
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context), DecodingError.keyNotFound(_, let context),
            DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "at \(path): \(context.debugDescription)"
        default:
            return "\(error)"
        }
    }
}
