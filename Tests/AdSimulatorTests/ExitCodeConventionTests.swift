import Foundation
import Testing

@testable import adsim

/// One convention for every subcommand (Docs/CLI.md, "Exit status"): 0 worked, 1 checks failed, 64 usage, 65 an
/// input read but invalid, 66 an input that cannot be read; the error on standard error, nothing on standard output.
@Suite("adsim: every subcommand's exit status follows sysexits (0, 1, 64, 65, 66), errors on standard error")
struct ExitCodeConventionTests {
    /// Stands for a file of text that is not JSON, for the commands that read JSON: each case writes its own and
    /// removes it.
    static let notJSON = "<not-json>"

    static let missing = "/nonexistent/adsim-input.json"
    /// Where `optimize` would write (it writes nothing when its input fails).
    static let optimized = FileManager.default.temporaryDirectory.appending(path: "adsim-exit-optimized.json").path

    @Test(
        "Each subcommand and code",
        arguments: [
            (["demo", "--verbose"], 64), (["demo", "--fixtures", "/nonexistent/fixtures"], 66),
            (["conformance", "--frob"], 64), (["conformance", "--fixtures", "/nonexistent/fixtures"], 66),
            (["content", "Fixtures/ifly/single-image-redirect.xml"], 0), (["content", "Fixtures/vast"], 64),
            (["content", "Fixtures/google/rewarded.xml"], 65), (["content", missing], 66),
            (["parse", "Fixtures/vast/vast43-inline.xml"], 0), (["parse", "--frob"], 64),
            (["parse", "Fixtures/vast/no-ad.xml"], 65), (["parse", missing], 66),
            (["validate", "Fixtures/scenarios/tiny.json"], 0), (["validate"], 64),
            (["validate", "Fixtures/scenarios/invalid-version.json"], 65), (["validate", notJSON], 65),
            (["validate", missing], 66),
            (["simulate", "Fixtures/scenarios/tiny.json", "--users", "1"], 0), (["simulate", "--users", "0"], 64),
            (["simulate", "Fixtures/scenarios/invalid-many-problems.json"], 65), (["simulate", notJSON], 65),
            (["simulate", missing], 66),
            (["inspect"], 64), (["inspect", "--config", notJSON], 65), (["inspect", "--config", missing], 66),
            (["merge"], 64), (["merge", notJSON], 65), (["merge", missing], 66),
            (["optimize", "Fixtures/scenarios/tiny.json"], 64),
            (["optimize", "Fixtures/scenarios/tiny.json", "--budget", "p95=0"], 64),
            (
                [
                    "optimize", "Fixtures/scenarios/invalid-many-problems.json", "--budget", "p95=500", "--out",
                    optimized,
                ], 65
            ),
            (["optimize", missing, "--budget", "p95=500", "--out", optimized], 66),
            (["help"], 0), (["help", "nosuch"], 64),
        ] as [([String], Int)])
    func eachSubcommandAndCode(_ arguments: [String], code: Int) async {
        let file = FileManager.default.temporaryDirectory.appending(path: "adsim-not-json-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        if arguments.contains(Self.notJSON) {
            try? Data("{\"version\": 1,\n  \"placements\": [".utf8).write(to: file)
        }
        let arguments = arguments.map { $0 == Self.notJSON ? file.path : $0 }
        let output = CommandOutput.buffered()
        let status = await ADSim().run(arguments, output: output)
        #expect(Int(status.rawValue) == code, "\(arguments): \(output.standardError)")
        if code >= 64 {
            #expect(!output.standardError.isEmpty, "\(arguments): the error goes to standard error")
            #expect(output.standardOutput.isEmpty, "\(arguments): nothing on standard output")
        }
    }

    @Test("The gravest code of several inputs wins: 64, then 66, then 65, then 1")
    func gravest() {
        #expect(ExitCode.gravest([.dataError, .noInput, .failure]) == .noInput)
        #expect(ExitCode.gravest([.failure, .dataError]) == .dataError)
        #expect(ExitCode.gravest([.dataError, .usage]) == .usage)
        #expect(ExitCode.gravest([.success, .failure]) == .failure)
        #expect(ExitCode.gravest([]) == .success)
    }
}
