import AdSimulator
import Foundation
import Testing

@testable import adsim

/// `adsim simulate`: byte-identical output for the same scenario and seed, the table and JSON lines, and exit 64
/// for every usage error.
@Suite struct SimulateCommandTests {
    private static let tiny = ScenarioFixtures.folder.appending(path: "tiny.json").path

    private func simulate(_ arguments: [String]) async -> (ExitCode, CommandOutput) {
        let output = CommandOutput.buffered()
        let status = await ADSim().run(["simulate"] + arguments, output: output)
        return (status, output)
    }

    @Test func twoRunsPrintTheSameBytes() async {
        let (first, once) = await simulate([Self.tiny])
        let (second, twice) = await simulate([Self.tiny])
        #expect(first == .success && second == .success)
        #expect(once.standardOutput == twice.standardOutput)
        #expect(once.standardOutput.contains("configured  total"))
        #expect(once.standardError.isEmpty)
    }

    @Test func jsonLinesAreOneObjectPerRowAndRepeatable() async throws {
        let (status, once) = await simulate([Self.tiny, "--json", "--users", "1"])
        let (_, twice) = await simulate(["--users=1", "--json", Self.tiny])
        #expect(status == .success)
        #expect(once.standardOutput == twice.standardOutput)
        let lines = once.standardOutput.split(separator: "\n")
        #expect(lines.count == 10)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["variant"] is String)
        }
        #expect(lines.first?.hasPrefix("{\"variant\":\"configured\",\"placement\":null,\"provider\":null,") == true)
    }

    @Test(arguments: [
        ["--users", "0"], ["--users", "-3"], ["--users", "many"], ["--users"], ["--frob"], ["--jobs", "0"],
        ["--jobs", "257"], ["--jobs", "2", "--shard", "1/2"], ["--shard", "4/3"], ["--shard", "0/3"], ["--shard", "x"],
        [tiny, tiny],
    ])
    func usageErrorsExit64(_ arguments: [String]) async {
        let (status, output) = await simulate(arguments)
        #expect(status == .usage)
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError.contains("Error:"))
    }

    @Test("A scenario that cannot be read exits 66; one that is invalid exits 65; nothing on standard output")
    func inputErrorsExit66And65() async {
        let (missing, missingOutput) = await simulate(["no-such-scenario.json"])
        #expect(missing == .noInput)
        #expect(missingOutput.standardOutput.isEmpty)
        let cannotRead = "Error: The scenario 'no-such-scenario.json' cannot be read (no such"
        #expect(missingOutput.standardError.hasPrefix(cannotRead))
        let invalid = ScenarioFixtures.folder.appending(path: "invalid-many-problems.json").path
        let (status, output) = await simulate([invalid])
        #expect(status == .dataError)
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError.hasPrefix("Error: \(invalid): invalid scenario (28 problems):\n"))
    }

    @Test("The fast tier's JSON and CSV rows say tier fast and its rates go to standard error; the full tier's do not")
    func fastTierMarkedInMachineOutput() async throws {
        let (fastStatus, fastJSON) = await simulate([
            Self.tiny, "--users", "2", "--tier", "fast", "--json", "--jobs", "1",
        ])
        #expect(fastStatus == .success)
        let rows = fastJSON.standardOutput.split(separator: "\n")
        #expect(!rows.isEmpty)
        #expect(rows.allSatisfy { $0.hasSuffix(#","tier":"fast"}"#) })
        #expect(fastJSON.standardError.hasPrefix("FAST TIER: no parse, bind or geometry;"))
        let (_, fastCSV) = await simulate([Self.tiny, "--users", "2", "--tier", "fast", "--csv", "--jobs", "1"])
        let records = fastCSV.standardOutput.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(records.first?.hasSuffix(",exclusions,tier") == true)
        #expect(records.dropFirst().allSatisfy { $0.hasSuffix(",fast") })
        let (_, fullJSON) = await simulate([Self.tiny, "--users", "2", "--json", "--jobs", "1"])
        #expect(!fullJSON.standardOutput.contains("tier"))
        #expect(fullJSON.standardError.isEmpty)
    }

    @Test("A bad output path beside an invalid scenario is a usage error (64), checked before the scenario")
    func usageBeforeData() async {
        let invalid = ScenarioFixtures.folder.appending(path: "invalid-many-problems.json").path
        let (path, pathOutput) = await simulate([invalid, "--html", "/dev/null"])
        #expect(path == .usage)
        #expect(pathOutput.standardError.contains("--html"))
    }

    @Test func helpNamesEveryOption() async {
        let (status, output) = await simulate(["--help"])
        #expect(status == .success)
        for option in ["--users <n>", "--json", "<scenario>", "EXIT STATUS"] {
            #expect(output.standardOutput.contains(option))
        }
    }
}
