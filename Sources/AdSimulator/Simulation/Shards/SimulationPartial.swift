import AdMediation
public import Foundation

/// The result of one shard of a simulation (`adsim simulate --shard 2/8`): counts, sums and fixed-bucket latency
/// histograms of the shard's users (a ``SimulationResult``), the shard, and the fingerprint of what was simulated.
/// ``merge(_:)`` adds the partials of every shard of a run into exactly the result of the unsharded run: every
/// user is in one shard, and everything counted is a sum.
///
/// Written as one JSON document (``encoded()``), the same bytes for the same shard. A partial read from a file is
/// checked before it is merged: its format and version, one fingerprint and run for all partials (seed, users,
/// strategies, shard count), every shard exactly once, counts small enough that their sum cannot overflow, a user
/// count a run can have, no counts in a shard without users, and rows only of the strategies and placements the
/// partial declares.
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
    public static let currentVersion = 2
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
    /// Where the partial was read from (a file's path), for messages; not written by ``encoded()``.
    public var source: String?

    /// A partial of `shard` with fingerprint `fingerprint`.
    public init(fingerprint: UInt64, shard: SimulationShard, result: SimulationResult) {
        format = Self.formatName
        version = Self.currentVersion
        self.fingerprint = Self.hex(fingerprint)
        self.shard = shard
        self.result = result
    }

    /// Decodes and checks a partial: its format and version, counts small enough to add up, a user count in
    /// `1...ScenarioUsers.maximumCount`, no counts in a shard that has no users (shard `i/n` of `N` users runs
    /// ``SimulationShard/userCount(of:)`` of them: none when `i > N`), and rows and timelines only of the
    /// strategies and placements it declares.
    ///
    /// - Throws: ``SimulationMergeError`` naming `source`: `notAPartial` when the data is not a partial of this
    ///   version, `damaged` when its counts cannot be right.
    public init(decoding data: Data, source: String = "the partial") throws(SimulationMergeError) {
        var decoded: SimulationPartial
        do {
            decoded = try JSONDecoder().decode(SimulationPartial.self, from: data)
        } catch {
            throw SimulationMergeError(
                "\(source) is not an adsim partial result (\(Self.describe(error, in: data))).",
                hint: "Give the files `adsim simulate --shard <i>/<n>` wrote, unchanged.", kind: .notAPartial,
                source: source)
        }
        guard decoded.format == Self.formatName, decoded.version == Self.currentVersion else {
            throw SimulationMergeError(
                "\(source) is format '\(decoded.format)' version \(decoded.version); this adsim reads "
                    + "'\(Self.formatName)' version \(Self.currentVersion).",
                hint: "Run every shard and the merge with the same adsim.", kind: .notAPartial, source: source)
        }
        decoded.source = source
        try decoded.checkCounts()
        self = decoded
    }

    /// The checks of ``init(decoding:source:)`` on the counts.
    private func checkCounts() throws(SimulationMergeError) {
        let source = self.source ?? "the partial"
        func damaged(_ message: String) -> SimulationMergeError {
            SimulationMergeError(
                "\(source) (shard \(shard)) \(message).",
                hint: "The file was changed or is damaged: run its shard again.",
                kind: .damaged, source: source)
        }
        let users = result.users
        guard (1...ScenarioUsers.maximumCount).contains(users) else {
            throw damaged(
                "says the run has \(users) users; a run has 1 to \(ScenarioUsers.maximumCount) (--users, "
                    + "users.count)")
        }
        let tally = result.tally
        if shard.userCount(of: users) == 0, !tally.rows.isEmpty || !tally.timelines.isEmpty {
            throw damaged(
                "holds counts, but shard \(shard) of a run of \(users) user\(users == 1 ? "" : "s") simulates no "
                    + "user (shard i/n runs the users u with u % n == i - 1)")
        }
        let variants = Set(result.variants)
        let placements = Set(result.placements)
        for key in tally.rows.keys.sorted() {
            guard variants.contains(key.variant) else {
                throw damaged(
                    "holds counts of the strategy '\(key.variant)', which is not one of its strategies "
                        + "(\(result.variants.joined(separator: ", ")))")
            }
            guard placements.contains(key.placement) else {
                throw damaged(
                    "holds counts of the placement '\(key.placement)', which is not one of its placements "
                        + "(\(result.placements.joined(separator: ", ")))")
            }
        }
        for variant in tally.timelines.keys.sorted() where !variants.contains(variant) {
            throw damaged(
                "holds a session timeline of the strategy '\(variant)', which is not one of its strategies "
                    + "(\(result.variants.joined(separator: ", ")))")
        }
        for (key, row) in tally.rows.sorted(by: { $0.key < $1.key }) {
            let name = "\(key.variant)/\(key.placement)/\(key.provider)"
            guard row.isBounded(by: Self.countLimit) else {
                throw damaged("holds a count above \(Self.countLimit) in row \(name)")
            }
            if let inconsistency = row.inconsistency { throw damaged("counts \(inconsistency) in row \(name)") }
        }
        for (variant, timeline) in tally.timelines.sorted(by: { $0.key < $1.key })
        where !timeline.isBounded(by: Self.countLimit) {
            throw damaged("holds a count above \(Self.countLimit) in the session timeline of \(variant)")
        }
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
    /// - Throws: ``SimulationMergeError`` naming the partial: `missingShard` when there are none or a shard is
    ///   missing, `differentRun` when they come from different scenarios or files, seeds, user counts,
    ///   strategies or shard counts, `repeatedShard` when a shard is given twice, `damaged` for counts that cannot
    ///   be right (the checks of ``init(decoding:source:)``, made again here for partials built in memory).
    public static func merge(_ partials: [SimulationPartial]) throws(SimulationMergeError) -> SimulationResult {
        guard let first = partials.first else {
            throw SimulationMergeError(
                "There is no partial result to merge.", hint: "Give the files of every shard of the run.",
                kind: .missingShard)
        }
        var result = first.result
        result.tally = SimulationTally()
        for partial in partials {
            try partial.checkCounts()
            try partial.checkSameRun(as: first)
        }
        let count = first.shard.count
        let indices = partials.map(\.shard.index)
        var seen: [Int: Int] = [:]
        for index in indices { seen[index, default: 0] += 1 }
        let repeated = seen.filter { $0.value > 1 }.keys.sorted()
        guard repeated.isEmpty else {
            let sources = partials.filter { $0.shard.index == repeated[0] }.compactMap(\.source)
            throw SimulationMergeError(
                "Shard\(repeated.count == 1 ? "" : "s") \(repeated.map { "\($0)/\(count)" }.joined(separator: ", ")) "
                    + "given more than once.\(sources.isEmpty ? "" : " It is in \(sources.joined(separator: ", ")).")",
                hint: "Give each shard's file once.", kind: .repeatedShard, source: sources.first)
        }
        let missing = Set(1...count).subtracting(indices).sorted()
        guard missing.isEmpty else {
            let shown = missing.prefix(10).map { "\($0)/\(count)" }.joined(separator: ", ")
            throw SimulationMergeError(
                "Shard\(missing.count == 1 ? "" : "s") \(shown)\(missing.count > 10 ? ", ..." : "") missing "
                    + "(\(missing.count) of \(count)).",
                hint: "Run the missing shards with adsim simulate --shard <i>/\(count) and merge every file.",
                kind: .missingShard)
        }
        for partial in partials.sorted(by: { $0.shard.index < $1.shard.index }) {
            result.tally.merge(partial.result.tally)
        }
        return result
    }

    /// This partial's name in messages: `shard 2/3 (part-2.json)`.
    private var name: String { "shard \(shard)" + (source.map { " (\($0))" } ?? "") }

    /// Refuses a partial of another run than `first`'s, naming what differs.
    private func checkSameRun(as first: SimulationPartial) throws(SimulationMergeError) {
        func differs(_ what: String, _ mine: String, _ theirs: String, hint: String) -> SimulationMergeError {
            let text = "The \(name) belongs to a different run: \(what) \(mine), where the \(first.name) has \(theirs)."
            return SimulationMergeError(text, hint: hint, kind: .differentRun, source: source)
        }
        let sameRun = "Merge the shards of one run: the same scenario, --users and shard count."
        guard fingerprint == first.fingerprint else {
            throw SimulationMergeError(
                "The \(name) was simulated from a different scenario or files (fingerprint \(fingerprint)) than the "
                    + "\(first.name) (\(first.fingerprint)).",
                hint: "Run every shard on the same scenario file, creatives and adsim.", kind: .differentRun,
                source: source)
        }
        guard shard.count == first.shard.count else {
            throw differs(
                "it is split into", "\(shard.count) shards", "\(first.shard.count)",
                hint: "Merge the partials of one --shard <i>/<n> run: every file with the same n.")
        }
        guard result.seed == first.result.seed else {
            throw differs("seed", "\(result.seed)", "seed \(first.result.seed)", hint: sameRun)
        }
        guard result.users == first.result.users else {
            throw differs("it has", "\(result.users) users", "\(first.result.users)", hint: sameRun)
        }
        guard result.variants == first.result.variants else {
            let mine = Set(result.variants)
            let theirs = Set(first.result.variants)
            let extra = result.variants.filter { !theirs.contains($0) }
            let lacking = first.result.variants.filter { !mine.contains($0) }
            var what: [String] = []
            if !extra.isEmpty { what.append("the strategies \(extra.joined(separator: ", ")) no other partial has") }
            if !lacking.isEmpty { what.append("not the strategies \(lacking.joined(separator: ", "))") }
            if what.isEmpty { what.append("its strategies in another order") }
            throw SimulationMergeError(
                "The \(name) belongs to a different run: it has \(what.joined(separator: " and ")) (its strategies: "
                    + "\(result.variants.joined(separator: ", ")); the \(first.name) has "
                    + "\(first.result.variants.joined(separator: ", "))).",
                hint: sameRun, kind: .differentRun, source: source)
        }
        guard result.calibration == first.result.calibration else {
            func tier(_ result: SimulationResult) -> String {
                result.calibration.map { "the fast tier on a pilot of \($0.pilotUsers) users" } ?? "the full tier"
            }
            throw differs(
                "it ran", tier(result), tier(first.result) + " (or another pilot)",
                hint: "Merge the shards of one run: the same --tier on every shard.")
        }
        var run = result
        run.tally = SimulationTally()
        var firstRun = first.result
        firstRun.tally = SimulationTally()
        guard run == firstRun else {
            throw differs(
                "its scenario name, placements or currency are",
                "\(run.name ?? "-"), "
                    + "\(run.placements.joined(separator: " ")), \(run.currency)",
                "\(firstRun.name ?? "-"), \(firstRun.placements.joined(separator: " ")), \(firstRun.currency)",
                hint: sameRun)
        }
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

    private enum CodingKeys: String, CodingKey {
        case format, version, fingerprint, shard, result
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    private static func describe(_ error: any Error, in data: Data) -> String {
        if (try? JSONSerialization.jsonObject(with: data)) == nil {
            // Not JSON at all: the parser's own words, with the line and column it stopped at.
            let problem = ScenarioJSON.located(
                ConfigurationProblem(.malformedJSON, at: "$", "The file is not valid JSON.", hint: ""), in: data)
            return String(problem.message.dropLast())
        }
        guard let error = error as? DecodingError else { return "\(error)" }
        if case .dataCorrupted(let context) = error, context.codingPath.isEmpty,
            let number = unreadableNumber(in: data)
        {
            // Foundation's decoder on Linux calls a negative or fractional count "not valid JSON", at no path.
            return "\(number.path): \(number.text) cannot be read: every number of a partial is a whole number from 0 "
                + "to \(UInt64.max)"
        }
        // Where, and what is wrong there, in JSON's words (not the decoder's coding keys).
        let problem = ConfigurationProblem(decoding: error, fix: "")
        return
            "\(problem.path): \(problem.message.hasSuffix(".") ? String(problem.message.dropLast()) : problem.message)"
    }
}
