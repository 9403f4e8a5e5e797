import AdSimulator
import Foundation
import FoundationXML
import Testing

@testable import adsim

@Suite("adsim conformance: the kit from the command line")
struct ConformanceCommandTests {
    static func run(_ arguments: [String]) async -> (status: ExitCode, out: String, err: String) {
        let output = CommandOutput.buffered()
        let status = await ADSim().run(["conformance"] + arguments, output: output)
        return (status, output.standardOutput, output.standardError)
    }

    @Test("--list prints the thirty checks with their rules and categories")
    func listPrintsEveryCheck() async {
        let result = await Self.run(["--list"])
        #expect(result.status == .success)
        let lines = result.out.split(separator: "\n")
        #expect(lines.count == 30)
        #expect(lines.first?.hasPrefix("K1    C6, N7            declaration   The descriptor is complete") == true)
        #expect(lines.last?.hasPrefix("K30   C6, N5            tracking") == true)
    }

    @Test("The built-in providers pass: a table per provider with a total, exit 0")
    func builtInProvidersPass() async {
        let result = await Self.run([])
        #expect(result.status == .success, "\(result.out)")
        #expect(result.out.contains("google: 56 passed, 0 failed, 1 not applicable"))
        #expect(result.out.contains("ifly: 24 passed, 0 failed, 0 not applicable"))
        #expect(result.out.contains("yandex: 43 passed, 0 failed, 2 not applicable"))
        #expect(!result.out.contains("FAIL"))
    }

    @Test("--junit writes a report an XML reader accepts: one suite per provider, a case per check and format")
    func junitReport() async throws {
        let file = FileManager.default.temporaryDirectory.appending(path: "adsim-junit-\(UUID().uuidString).xml")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = await Self.run(["--provider", "google", "--format", "rewarded", "--junit", file.path])
        #expect(result.status == .success)
        let document = try XMLDocument(contentsOf: file)
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        let suites = root.elements(forName: "testsuite")
        #expect(suites.map { $0.attribute(forName: "name")?.stringValue } == ["google"])
        let cases = suites.first?.elements(forName: "testcase") ?? []
        #expect(cases.count == 21)
        #expect(suites.first?.attribute(forName: "tests")?.stringValue == "21")
        #expect(cases.allSatisfy { $0.attribute(forName: "classname")?.stringValue == "AdConformance.google" })
        #expect(cases.contains { $0.attribute(forName: "name")?.stringValue?.hasPrefix("K17 rewarded: ") == true })
    }

    @Test("--json prints one object per result with the fixed keys")
    func jsonLines() async throws {
        let result = await Self.run(["--provider", "ifly", "--json"])
        let lines = result.out.split(separator: "\n")
        #expect(lines.count == 24)
        let first = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any]
        #expect(first?["provider"] as? String == "ifly")
        #expect(first?["check"] as? String == "K1")
        #expect(first?["status"] as? String == "passed")
        #expect(
            lines[0].hasPrefix("{\"provider\":\"ifly\",\"check\":\"K1\",\"rules\":[\"C6\",\"N7\"],\"format\":null,"))
    }

    @Test("Usage errors exit 64: an unknown provider, format or option, a missing value, an argument")
    func usageErrors() async {
        for (arguments, message) in [
            (["--provider", "acme"], "No built-in provider 'acme' (there are: google, ifly, yandex)."),
            (["--format", "banner"], "Unknown format 'banner'"),
            (["--junit"], "--junit needs the path of a file to write."),
            (["--verbose"], "Unknown option '--verbose'."),
            (["ifly"], "'conformance' takes no arguments (got 'ifly')."),
        ] {
            let result = await Self.run(arguments)
            #expect(result.status == .usage, "\(arguments)")
            #expect(result.err.contains(message), "\(arguments): \(result.err)")
            #expect(result.err.contains("See 'adsim help conformance'."))
        }
    }
}
