import AdMediation
import AdSimulator
import Foundation
import Testing

@testable import adsim

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("adsim validate: scenarios and mediation configurations from the command line")
struct ValidateCommandTests {
    static func run(_ arguments: [String]) async -> (status: ExitCode, out: String, err: String) {
        let output = CommandOutput.buffered()
        let status = await ADSim().run(["validate"] + arguments, output: output)
        return (status, output.standardOutput, output.standardError)
    }

    static func path(_ name: String) -> String { ScenarioFixtures.path(name) }

    @Test("A valid scenario and a valid configuration: one line each on standard output, exit 0")
    func valid() async {
        let scenario = Self.path("scenarios/default.json")
        let configuration = Self.path("mediation/example.json")
        let result = await Self.run([scenario, configuration])
        #expect(result.status == .success)
        #expect(
            result.out == """
                \(scenario): valid (scenario: 3 placements, 11 line items, 5 strategies after sweeps)
                \(configuration): valid (mediation configuration: 3 placements, 7 line items)

                """)
        #expect(result.err.isEmpty)
    }

    @Test("A configuration with a key no field reads: adsim validate refuses it (65), an app's decode reads it")
    func unknownKeyInConfiguration() async throws {
        let file = FileManager.default.temporaryDirectory.appending(path: "validate-unknown-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let json = Data(
            #"{ "placements": [{ "id": "feed", "format": "native", "strategy": "waterfall", "floormicros": 5, "lineItems": [{ "id": "a", "provider": "ifly", "adUnit": "u-a", "mode": "waterfall", "priceMicros": 3000 }] }] }"#
                .utf8)
        try json.write(to: file)
        let result = await Self.run([file.path])
        #expect(result.status == .dataError)
        #expect(result.err.contains("$.placements[0].floormicros: No field of this object is called 'floormicros'"))
        #expect(result.out.isEmpty)
        // An app reading the same configuration from its server lets the key through: a newer server's field must
        // not stop an app already in users' hands.
        let configuration = try MediationConfiguration.decode(json, providers: ScenarioFixtures.providers)
        #expect(configuration.placements.map(\.id) == ["feed"])
        // A field another object reads, which this one does not (a bidder's price): said so, with no rename; a short
        // unknown name gets no guess of a field the object already gives.
        try Data(
            #"{ "placements": [{ "id": "feed", "format": "rewarded", "strategy": "hybrid", "lineItems": [{ "id": "w", "provider": "google", "adUnit": "u-w", "mode": "waterfall", "priceMicros": 3000 }, { "id": "b", "provider": "google", "adUnit": "u-b", "mode": "bidder", "priceMicros": 5000, "zz": 1 }] }] }"#
                .utf8
        ).write(to: file)
        let ignored = await Self.run([file.path])
        #expect(ignored.status == .dataError)
        #expect(
            ignored.err.contains(
                "$.placements[0].lineItems[1].priceMicros: 'priceMicros' is a field of other objects, but this one "
                    + "does not read it as written"))
        #expect(
            ignored.err.contains(
                "$.placements[0].lineItems[1].zz: No field of this object is called 'zz', so its value would be ignored. Fix: Remove it"
            ))
        // A comma after the last member is not JSON: refused at its line and column.
        try Data(#"{ "placements": [], }"#.utf8).write(to: file)
        let comma = await Self.run([file.path])
        #expect(comma.status == .dataError)
        #expect(comma.err.contains("a comma before '}' (line 1, column 19)"))
    }

    @Test("An invalid file prints every problem on standard error and exits 65; the others are still checked")
    func invalid() async {
        let version = Self.path("scenarios/invalid-version.json")
        let malformed = Self.path("mediation/invalid-malformed.json")
        let valid = Self.path("scenarios/default.json")
        let result = await Self.run([version, malformed, valid])
        #expect(result.status == .dataError)
        #expect(result.out == "\(valid): valid (scenario: 3 placements, 11 line items, 5 strategies after sweeps)\n")
        #expect(
            result.err == """
                \(version): invalid scenario (1 problem):
                  - $.version: Version 2 is not supported (this adsim reads version 1). Fix: Write "version": 1 and the fields Docs/Simulation.md documents.
                \(malformed): invalid mediation configuration (1 problem):
                  - $.placements[0].lineItems[0].priceMicros: The required field 'priceMicros' is missing. Fix: Compare the file with Fixtures/mediation/example.json and Docs/Mediation.md.

                """)
        let many = await Self.run([Self.path("scenarios/invalid-many-problems.json")])
        #expect(many.status == .dataError)
        #expect(
            many.err.hasPrefix(
                "\(Self.path("scenarios/invalid-many-problems.json")): invalid scenario (28 problems):\n"))
        #expect(
            many.err.contains("  - $.market.lineItems[2].fillRate: 1.3 is above 1. Fix: Give a probability in 0...1.\n")
        )
    }

    @Test("A file that cannot be read exits 66 naming why, also beside an invalid one (the gravest wins)")
    func unreadable() async {
        let result = await Self.run(["/nonexistent/scenario.json", ScenarioFixtures.folder.path])
        #expect(result.status == .noInput)
        #expect(
            result.err == """
                /nonexistent/scenario.json: cannot be read (no such file). Fix: Check the path (relative to the current folder) and that the file is readable.
                \(ScenarioFixtures.folder.path): cannot be read (not a regular file). Fix: Check the path (relative to the current folder) and that the file is readable.

                """)
        // JSON that is not an object is an invalid scenario (not "not JSON"); a wrong type says what was expected.
        let folder = FileManager.default.temporaryDirectory.appending(path: "validate-shapes-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let list = folder.appending(path: "list.json")
        let typed = folder.appending(path: "typed.json")
        try? Data("[]".utf8).write(to: list)
        try? Data(#"{ "version": 1, "seed": "x" }"#.utf8).write(to: typed)
        let shapes = await Self.run([list.path, typed.path])
        #expect(
            shapes.err.contains(
                "\(list.path): invalid scenario (1 problem):\n  - $: The scenario is not a JSON object."))
        #expect(shapes.err.contains("  - $.seed: Expected a number here, found a string. Fix: "))
        let mixed = await Self.run([Self.path("scenarios/invalid-version.json"), "/nonexistent/scenario.json"])
        #expect(mixed.status == .noInput)
    }

    @Test("Text that is not JSON is named so, with the line and column where it stops, whatever kind was meant: 65")
    func notJSON() async throws {
        let folder = try SimulationRuns.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "broken.json")
        try Data("{\"version\": 1,\n  \"placements\": [".utf8).write(to: file)
        let result = await Self.run([file.path])
        #expect(result.status == .dataError)
        #expect(result.err.hasPrefix("\(file.path): not JSON (1 problem):\n"))
        #expect(result.err.contains("(line 2, column 18)"), "\(result.err)")
    }

    /// A scenario file in `folder` whose one creative is `creative` (the no-fill file is a fixture).
    private static func scenario(creative: String, in folder: URL) throws -> String {
        let noFill = Self.path("ifly/no-fill.xml")
        let data = ScenarioFixtures.minimal { parts in
            parts.defaults = """
                [{ "provider": "ifly", "fillRate": 0.7, "priceMicros": 2500, "latencyMs": 200,
                   "creatives": ["\(creative)"], "noFill": "\(noFill)" }]
                """
        }
        let file = folder.appending(path: "scenario.json")
        try data.write(to: file)
        return file.path
    }

    @Test(
        "R7: a creative that is /dev/zero or a FIFO is refused by validate and by simulate alike (exit 65)",
        .timeLimit(.minutes(1)))
    func r7_specialCreativeRefusedByValidateAndSimulate() async throws {
        let folder = try SimulationRuns.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appending(path: "creative.xml").path
        try #require(mkfifo(fifo, 0o600) == 0)
        for (creative, words) in [("/dev/zero", "a character device"), (fifo, "a FIFO (named pipe)")] {
            let file = try Self.scenario(creative: creative, in: folder)
            let message = "$.market.defaults[0].creatives[0]: '\(creative)' is \(words), not a regular file"
            let validated = await Self.run([file])
            #expect(validated.status == .dataError)
            #expect(validated.err.contains(message), "\(validated.err)")
            let output = CommandOutput.buffered()
            let simulated = await ADSim().run(["simulate", file, "--users", "1"], output: output)
            #expect(simulated == .dataError)
            #expect(output.standardError.contains(message), "\(output.standardError)")
            #expect(output.standardOutput.isEmpty)
        }
        #expect(FileEntry(at: fifo) == .fifo)
        let valid = await Self.run([try Self.scenario(creative: Self.path("ifly/multi-image-three.xml"), in: folder)])
        #expect(valid.status == .success, "\(valid.err)")
    }

    @Test("Usage: no file or an unknown option exits 64; --help prints the help; the command is listed")
    func usage() async {
        let none = await Self.run([])
        #expect(none.status == .usage)
        #expect(none.err == "Error: Give at least one file to validate.\nSee 'adsim help validate'.\n")
        let option = await Self.run(["--strict", Self.path("scenarios/default.json")])
        #expect(option.status == .usage)
        #expect(option.err.hasPrefix("Error: Unknown option '--strict'."))
        let help = await Self.run(["--help"])
        #expect(help.status == .success)
        #expect(help.out.contains("USAGE: adsim validate <file>..."))
        #expect(ADSim().usage.contains("  validate     Check simulation scenarios and mediation configurations"))
    }
}
