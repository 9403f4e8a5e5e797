import AdSimulator
import BuiltInProviders
import Foundation
import Testing

@testable import adsim

/// Sharding (`--shard`), merging (`adsim merge`), worker processes (`--jobs`) and the progress bar: three shards
/// merge into exactly the unsharded run, two worker processes print the same bytes as one, and every way a set of
/// partials can fail to be one run, or a partial's counts cannot be right, is a data error (exit 65) that names the
/// problem and the file; a partial that cannot be read exits 66.
@MainActor
@Suite struct ShardAndMergeTests {
    private static let tiny = ScenarioFixtures.folder.appending(path: "tiny.json").path

    private func run(_ arguments: [String], terminal: Bool = false) async -> (ExitCode, CommandOutput) {
        let output = CommandOutput.buffered(errorIsTerminal: terminal)
        let status = await ADSim().run(arguments, output: output)
        return (status, output)
    }

    private func tinyScenario() throws -> ValidatedScenario {
        try ScenarioFixtures.load(Data(contentsOf: URL(fileURLWithPath: Self.tiny)))
    }

    /// The partial of each shard of `count`, over `users` users, written by `adsim simulate --shard`.
    private func partials(count: Int, users: Int) async throws -> [Data] {
        var files: [Data] = []
        for index in 1...count {
            let (status, output) = await run(
                ["simulate", Self.tiny, "--users", String(users), "--shard", "\(index)/\(count)"])
            try #require(status == .success, "\(output.standardError)")
            files.append(Data(output.standardOutput.utf8))
        }
        return files
    }

    /// Writes `partials` to files in a new folder inside `folder` and returns their paths.
    private func write(_ partials: [Data], in folder: URL) throws -> [String] {
        let folder = folder.appending(path: "partials-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return try partials.enumerated().map { index, data in
            let file = folder.appending(path: "part-\(index + 1).json")
            try data.write(to: file)
            return file.path
        }
    }

    @Test("A shard's users: every user in exactly one shard, counted right, none when there are fewer users")
    func shardUsers() throws {
        let shards = try (1...3).map { try SimulationShard(index: $0, count: 3) }
        #expect(shards.map { Array($0.users(of: 7)) } == [[0, 3, 6], [1, 4], [2, 5]])
        #expect(shards.map { $0.userCount(of: 7) } == [3, 2, 2])
        #expect(shards.map { $0.userCount(of: 1) } == [1, 0, 0])
        #expect(shards.map { Array($0.users(of: 0)) } == [[], [], []])
        #expect(shards.map { $0.userCount(of: 0) } == [0, 0, 0])
    }

    @Test("Three shards cover every user once and merge into exactly the whole run's result")
    func threeShardsMergeIntoTheWholeRun() async throws {
        let validated = try tinyScenario()
        let whole = try await SimulationRunner(validated: validated, providers: .builtIn, users: 7).run()
        var parts: [SimulationPartial] = []
        for index in [3, 1, 2] {
            let shard = try SimulationShard(index: index, count: 3)
            parts.append(
                try await SimulationRunner(validated: validated, providers: .builtIn, users: 7, shard: shard)
                    .runPartial())
        }
        #expect(parts.allSatisfy { $0.result.tally != whole.tally })
        let merged = try SimulationPartial.merge(parts)
        #expect(merged == whole)
        #expect(SimulationReport(result: merged).table == SimulationReport(result: whole).table)
    }

    @Test("What a run keeps is bounded by its strategies, placements and providers, not by its users")
    func keptStateDoesNotGrowWithUsers() async throws {
        let validated = try tinyScenario()
        let few = try await SimulationRunner(validated: validated, providers: .builtIn, users: 2).run()
        let many = try await SimulationRunner(validated: validated, providers: .builtIn, users: 12).run()
        // tiny.json: 2 strategies x 2 placements x (the placement's own row + its one provider).
        #expect(many.tally.rows.count == 8)
        #expect(Set(many.tally.rows.keys) == Set(few.tally.rows.keys))
        #expect(many.tally.timelines.count == 2)
        #expect(many.tally.rows.values.allSatisfy { $0.timeToAd.buckets.count <= LatencyHistogram.bucketCount + 1 })
        #expect(many.tally.row(variant: "configured").requests > few.tally.row(variant: "configured").requests)
    }

    @Test("adsim merge of the shards' files prints the bytes adsim simulate prints, table and JSON")
    func mergeCommandPrintsTheUnshardedReport() async throws {
        let folder = try SimulationRuns.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try write(try await partials(count: 3, users: 5), in: folder)
        let (_, whole) = await run(["simulate", Self.tiny, "--users", "5"])
        let (status, merged) = await run(["merge"] + files.reversed())
        #expect(status == .success)
        #expect(merged.standardOutput == whole.standardOutput)
        #expect(merged.standardOutput.contains("configured  total"))
        let (_, wholeJSON) = await run(["simulate", Self.tiny, "--users", "5", "--json"])
        let (_, mergedJSON) = await run(["merge", "--json"] + files)
        #expect(mergedJSON.standardOutput == wholeJSON.standardOutput)
        let page = folder.appending(path: "merged.html")
        let wholePage = folder.appending(path: "whole.html")
        let (_, wholeCSV) = await run(["simulate", Self.tiny, "--users", "5", "--csv", "--html", wholePage.path])
        let (csvStatus, mergedCSV) = await run(["merge", "--csv", "--html", page.path] + files)
        #expect(csvStatus == .success)
        #expect(mergedCSV.standardOutput == wholeCSV.standardOutput)
        #expect(try Data(contentsOf: page) == (try Data(contentsOf: wholePage)))
    }

    @Test("--jobs 2 runs two adsim worker processes and prints exactly what --jobs 1 prints")
    func jobsDoNotChangeTheReport() async throws {
        _ = try SimulationWorkers.adsimExecutable()
        let (single, one) = await run(["simulate", Self.tiny, "--users", "4", "--jobs", "1"])
        let (double, two) = await run(["simulate", Self.tiny, "--users", "4", "--jobs", "2"])
        #expect(single == .success && double == .success, "\(two.standardError)")
        #expect(two.standardOutput == one.standardOutput)
        #expect(two.standardError.isEmpty)
    }

    @Test("A copy of adsim under another name, or a link to it, runs itself as its workers, never another adsim")
    func renamedCopyRunsItselfAsWorkers() async throws {
        let built = try SimulationWorkers.adsimExecutable()
        let folder = FileManager.default.temporaryDirectory.appending(path: "adsim-renamed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appending(path: "adsim-copy")
        try FileManager.default.copyItem(at: built, to: copy)
        // A decoy called adsim beside it, which a lookup by name would run: it fails loudly.
        let decoy = folder.appending(path: "adsim")
        try Data("#!/bin/sh\necho decoy >&2\nexit 3\n".utf8).write(to: decoy)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: decoy.path)
        let link = folder.appending(path: "ads")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: copy)
        #expect(!SimulationWorkers.isTestBundle(copy))
        #expect(SimulationWorkers.isTestBundle(URL(fileURLWithPath: "/b/debug/AdBridgePackageTests.xctest")))

        let (single, one) = await run(["simulate", Self.tiny, "--users", "4", "--jobs", "1"])
        #expect(single == .success)
        for program in [copy, link] {
            let process = Process()
            process.executableURL = program
            process.arguments = ["simulate", Self.tiny, "--users", "4", "--jobs", "2"]
            let out = Pipe()
            let err = Pipe()
            process.standardOutput = out
            process.standardError = err
            try process.run()
            let printed = out.fileHandleForReading.readDataToEndOfFile()
            let complaints = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(String(decoding: complaints, as: UTF8.self))")
            #expect(String(decoding: printed, as: UTF8.self) == one.standardOutput, "\(program.lastPathComponent)")
        }
    }

    @Test("A shard's partial is the same bytes every time, and names its shard and fingerprint")
    func partialsAreDeterministic() async throws {
        let once = try await partials(count: 2, users: 3)
        let twice = try await partials(count: 2, users: 3)
        #expect(once == twice)
        let partial = try SimulationPartial(decoding: once[1])
        #expect(partial.shard == (try SimulationShard(index: 2, count: 2)))
        #expect(partial.fingerprint.count == 16)
        #expect(partial.result.users == 3)
    }

    @Test("A missing shard, a shard given twice, and a shard of another run are refused with exit 65, named")
    func incompletePartialsAreRefused() async throws {
        let folder = try SimulationRuns.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let parts = try await partials(count: 3, users: 4)
        let files = try write(parts, in: folder)
        let (missing, lacking) = await run(["merge", files[0], files[2]])
        #expect(missing == .dataError)
        #expect(lacking.standardError.contains("Shard 2/3 missing (1 of 3)."))
        let (repeated, twice) = await run(["merge", files[0], files[1], files[1], files[2]])
        #expect(repeated == .dataError)
        #expect(twice.standardError.contains("Shard 2/3 given more than once."))
        let other = try write(try await partials(count: 3, users: 5), in: folder)
        let (mixed, mixing) = await run(["merge", files[0], files[1], other[2]])
        #expect(mixed == .dataError)
        #expect(mixing.standardError.contains("belongs to a different run"))
        #expect(mixing.standardOutput.isEmpty)
    }

    @Test("Partials of different scenarios (another seed in the file) do not merge: the fingerprint differs")
    func otherScenariosAreRefused() async throws {
        let parts = try await partials(count: 2, users: 2)
        var changed = try SimulationPartial(decoding: parts[1])
        changed.fingerprint = String(repeating: "0", count: 16)
        #expect(throws: SimulationMergeError.self) {
            try SimulationPartial.merge([try SimulationPartial(decoding: parts[0]), changed])
        }
        do {
            _ = try SimulationPartial.merge([try SimulationPartial(decoding: parts[0]), changed])
        } catch {
            #expect(error.message.contains("different scenario or files"))
        }
    }

    /// `part` with 2^50 micros of revenue in the first minute of the `configured` timeline.
    private func rich(_ part: Data) throws -> Data {
        var partial = try SimulationPartial(decoding: part)
        partial.result.tally.updateTimeline("configured") { $0.recordRevenue(1 << 50, at: .zero) }
        return partial.encoded()
    }

    @Test("A file that is not a partial, a damaged histogram and counts that could overflow are refused, named")
    func damagedPartialsAreRefused() async throws {
        let folder = try SimulationRuns.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let part = try #require(try await partials(count: 1, users: 1).first)
        let text = String(decoding: part, as: UTF8.self)
        let cases: [(Data, String)] = [
            (Data("not json".utf8), "is not an adsim partial result"),
            (Data(text.replacingOccurrences(of: "adsim-partial", with: "other").utf8), "is format 'other'"),
            (
                Data(text.replacingOccurrences(of: "\"requests\":", with: "\"requests\":9007199254740993,\"x\":").utf8),
                "holds a count above"
            ),
            (
                Data(text.replacingOccurrences(of: "\"buckets\":[[", with: "\"buckets\":[[20000,1],[").utf8),
                "A bucket must be [milliseconds, count]"
            ),
            (Data(text.replacingOccurrences(of: "\"index\":1", with: "\"index\":2").utf8), "does not exist"),
            (
                Data(text.replacingOccurrences(of: "\"impressions\":[", with: "\"impressions\":[5,").utf8),
                "buckets of impressions and of revenue (got 61 and 60)"
            ),
            (try rich(part), "in the session timeline of configured"),
            // Counts no run can give: more fills than requests.
            (
                Data(text.replacingOccurrences(of: "\"fills\":", with: "\"fills\":999999,\"z\":").utf8),
                "counts 999999 fills of"
            ),
            // A negative or fractional count, which Foundation's decoder on Linux calls "not valid JSON" at no path:
            // named by its JSON path (every row's requests changed; a user count that decodes, though wrong, is not
            // blamed). The words after the path are the platform decoder's where it gives a path itself (Darwin).
            (
                Data(
                    text.replacingOccurrences(of: "\"requests\":", with: "\"requests\":-3,\"y\":")
                        .replacingOccurrences(of: "\"users\":1", with: "\"users\":-1").utf8),
                "($.result.tally.rows[0].row.requests: "
            ),
            (
                Data(text.replacingOccurrences(of: "\"clicks\":", with: "\"clicks\":0.5,\"y\":").utf8),
                "($.result.tally.rows[0].row.clicks: "
            ),
            // A scenario given to merge: what is missing, by JSON path, not the decoder's coding keys.
            (
                try Data(contentsOf: URL(fileURLWithPath: Self.tiny)),
                "is not an adsim partial result ($.format: The required field 'format' is missing)"
            ),
        ]
        for (data, expected) in cases {
            let files = try write([data], in: folder)
            let (status, output) = await run(["merge"] + files)
            #expect(status == .dataError)
            #expect(output.standardError.contains(expected), "\(output.standardError)")
            #expect(output.standardOutput.isEmpty)
        }
        #if os(Linux)
            // Where the decoder names no path (Linux), the number found is named with what a partial's numbers are.
            let negative = Data(text.replacingOccurrences(of: "\"requests\":", with: "\"requests\":-3,\"y\":").utf8)
            let error = #expect(throws: SimulationMergeError.self) { try SimulationPartial(decoding: negative) }
            #expect(
                error?.message.contains(
                    "($.result.tally.rows[0].row.requests: -3 cannot be read: every number of a partial is a whole "
                        + "number from 0 to 18446744073709551615)") == true, "\(String(describing: error))")
        #endif
        let (unreadable, output) = await run(["merge", "/no/such/partial.json"])
        #expect(unreadable == .noInput)
        #expect(output.standardError.contains("/no/such/partial.json cannot be read"))
    }

    /// Merges `files` and checks the refusal: exit 65 (a bad partial is invalid data, as in validate), nothing on
    /// standard output, and every one of `words` in the message.
    private func expectRefused(_ files: [String], _ words: [String]) async {
        let (status, output) = await run(["merge"] + files)
        #expect(status == .dataError, "\(output.standardError)")
        #expect(output.standardOutput.isEmpty)
        for word in words { #expect(output.standardError.contains(word), "\(word): \(output.standardError)") }
    }

    /// `data` decoded, changed and encoded again.
    private func changed(_ data: Data, _ change: (inout SimulationPartial) -> Void) throws -> Data {
        var partial = try SimulationPartial(decoding: data)
        change(&partial)
        return partial.encoded()
    }

    @Test("R1: a partial whose users are absurd (Int64.max, negative, zero) is refused naming the file (exit 65)")
    func r1_partialUsersOutOfRange() async throws {
        let folder = try SimulationRuns.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let parts = try await partials(count: 2, users: 3)
        for users in [Int.max, -3, 0, ScenarioUsers.maximumCount + 1] {
            let files = try write(try parts.map { part in try changed(part) { $0.result.users = users } }, in: folder)
            await expectRefused(
                files, [files[0], "(shard 1/2) says the run has \(users) users; a run has 1 to 10000000"])
            #expect {
                try SimulationPartial(decoding: Data(contentsOf: URL(fileURLWithPath: files[0])), source: files[0])
            } throws: { error in
                (error as? SimulationMergeError)?.kind == .damaged
                    && (error as? SimulationMergeError)?.source == files[0]
            }
        }
    }

    @Test("R20: a shard that simulates no user (shard 3/3 of 2 users) but holds counts is refused, naming the file")
    func r20_countsInAShardWithoutUsersAreRefused() async throws {
        let folder = try SimulationRuns.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let parts = try await partials(count: 3, users: 5)
        // Say the run had 2 users: shard 3/3 then simulates none, yet its file holds the counts of users 2.
        let files = try write(try parts.map { part in try changed(part) { $0.result.users = 2 } }, in: folder)
        await expectRefused(files, [files[2], "shard 3/3 of a run of 2 users simulates no user"])
        // A shard that really has no user (4/4 of 3 users) has no counts and merges.
        let empty = try await partials(count: 4, users: 3)
        let (status, output) = await run(["merge"] + (try write(empty, in: folder)))
        #expect(status == .success, "\(output.standardError)")
    }

    @Test("R20: partials of different shard counts and seeds are refused as different runs, naming both files")
    func r20_differentShardCountsAndSeedsAreRefused() async throws {
        let folder = try SimulationRuns.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let threes = try write(try await partials(count: 3, users: 4), in: folder)
        let fours = try write(try await partials(count: 4, users: 4), in: folder)
        await expectRefused(
            [threes[0], fours[1], threes[2]],
            ["The shard 2/4 (\(fours[1])) belongs to a different run: it is split into 4 shards", threes[0]])
        let parts = try await partials(count: 2, users: 2)
        let seeded = try write([parts[0], try changed(parts[1]) { $0.result.seed += 1 }], in: folder)
        await expectRefused(seeded, ["belongs to a different run: seed", seeded[1], seeded[0]])
        #expect {
            try SimulationPartial.merge(
                try parts.map { try SimulationPartial(decoding: $0) } + [
                    try SimulationPartial(decoding: try changed(parts[1]) { $0.result.seed += 1 })
                ])
        } throws: { error in
            (error as? SimulationMergeError)?.kind == .differentRun
        }
    }

    @Test("R20: a partial with a strategy no other partial has, or counts of one it does not declare, is refused")
    func r20_unknownStrategiesAreRefused() async throws {
        let folder = try SimulationRuns.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let parts = try await partials(count: 2, users: 2)
        // The strategy 'learned' renamed 'rogue' everywhere in shard 2's file: a strategy the other partial lacks.
        let text = String(decoding: parts[1], as: UTF8.self).replacingOccurrences(of: "\"learned\"", with: "\"rogue\"")
        let renamed = try write([parts[0], Data(text.utf8)], in: folder)
        await expectRefused(
            renamed, ["(\(renamed[1])) belongs to a different run", "the strategies rogue no other partial has"])
        // Counts of a strategy the partial does not list.
        let ghost = try changed(parts[1]) { partial in
            partial.result.tally.update(.init(variant: "ghost", placement: "feed", provider: "")) { $0.requests = 1 }
        }
        let files = try write([parts[0], ghost], in: folder)
        await expectRefused(
            files, [files[1], "holds counts of the strategy 'ghost', which is not one of its strategies"])
        let placed = try changed(parts[1]) { partial in
            partial.result.tally.update(.init(variant: "configured", placement: "elsewhere", provider: "")) {
                $0.requests = 1
            }
        }
        let elsewhere = try write([parts[0], placed], in: folder)
        await expectRefused(elsewhere, ["holds counts of the placement 'elsewhere'"])
    }

    @Test("R20: a shard given twice names the files; a missing shard and an empty list are typed errors")
    func r20_repeatedAndMissingShardsAreTyped() async throws {
        let folder = try SimulationRuns.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let parts = try await partials(count: 2, users: 2)
        let files = try write(parts, in: folder)
        await expectRefused([files[0], files[1], files[1]], ["Shard 2/2 given more than once. It is in \(files[1])"])
        let decoded = try parts.map { try SimulationPartial(decoding: $0) }
        for (partials, kind) in [
            ([decoded[0], decoded[1], decoded[1]], SimulationMergeError.Kind.repeatedShard),
            ([decoded[0]], .missingShard), ([], .missingShard),
        ] {
            #expect {
                try SimulationPartial.merge(partials)
            } throws: { error in
                (error as? SimulationMergeError)?.kind == kind
            }
        }
    }

    @Test("The progress bar is drawn on a terminal's standard error only, and never into the JSON")
    func progressBarOnlyOnATerminal() async {
        let (status, terminal) = await run(["simulate", Self.tiny, "--users", "2", "--json"], terminal: true)
        #expect(status == .success)
        #expect(terminal.standardError.contains("[##############################] 100%  4/4 runs (user x strategy)"))
        #expect(terminal.standardError.hasSuffix("\r\u{1B}[2K"))
        #expect(!terminal.standardOutput.contains("runs"))
        let (_, piped) = await run(["simulate", Self.tiny, "--users", "2", "--json"])
        #expect(piped.standardError.isEmpty)
        #expect(piped.standardOutput == terminal.standardOutput)
    }

    @Test("--report-progress prints one 'progress done/total' line per simulated user on standard error")
    func workersReportProgressLines() async {
        let (status, output) = await run(
            ["simulate", Self.tiny, "--users", "3", "--shard", "1/1", "--report-progress"])
        #expect(status == .success)
        #expect(
            output.standardError
                == "progress 1/6\nprogress 2/6\nprogress 3/6\nprogress 4/6\nprogress 5/6\nprogress 6/6\n")
    }
}
