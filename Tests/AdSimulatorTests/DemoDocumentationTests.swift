import AdSimulator
import Foundation
import Testing

@testable import adsim

/// The README and `Docs/CLI.md` quote real runs of `adsim demo`: every quoted line must be a line of the real
/// output, in the same order (`...` stands for lines left out), and the line count CLI.md gives must be the real one.
@Suite("adsim demo: the documentation quotes real runs")
struct DemoDocumentationTests {
    /// The package's root folder (this file is `Tests/AdSimulatorTests/<name>.swift`).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The lines of the code block that starts with `command`, without the command and the `...` markers.
    static func excerpt(of command: String, in document: String) throws -> [String] {
        let lines = try String(contentsOf: root.appending(path: document), encoding: .utf8)
            .components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: command), "no block starting with '\(command)' in \(document)")
        let block = lines[(start + 1)...].prefix { $0 != "```" }
        return block.filter { $0 != "..." }
    }

    /// The quoted lines missing from `output` or out of order.
    static func misplaced(_ quoted: [String], in output: String) -> [String] {
        let real = output.components(separatedBy: "\n")
        var position = real.startIndex
        var missing: [String] = []
        for line in quoted {
            if let found = real[position...].firstIndex(of: line) {
                position = found + 1
            } else {
                missing.append(line)
            }
        }
        return missing
    }

    @Test("README: the excerpt of `swift run adsim` is lines of a real run, in order")
    func readmeExcerptIsReal() async throws {
        let quoted = try Self.excerpt(of: "$ swift run adsim", in: "README.md")
        let run = await DemoCommandTests.run([])
        #expect(quoted.count > 40)
        #expect(Self.misplaced(quoted, in: run.out) == [])
    }

    @Test(
        "CLI.md: the demo's excerpts are lines of a real run, the line count is real, the usage text is quoted whole"
    )
    func cliExcerptsAreReal() async throws {
        let text = await DemoCommandTests.run(["demo"])
        let quoted = try Self.excerpt(of: "$ adsim demo", in: "Docs/CLI.md")
        #expect(quoted.count > 40)
        #expect(Self.misplaced(quoted, in: text.out) == [])
        let json = await DemoCommandTests.run(["demo", "--json"])
        let quotedJSON = try Self.excerpt(of: "$ adsim demo --json", in: "Docs/CLI.md")
        #expect(quotedJSON.count > 5)
        #expect(Self.misplaced(quotedJSON, in: json.out) == [])

        let manual = try String(contentsOf: Self.root.appending(path: "Docs/CLI.md"), encoding: .utf8)
        // The usage text is quoted whole: every subcommand and provider the real one lists, and nothing else.
        let help = await DemoCommandTests.run(["help"])
        let quotedHelp = try Self.excerpt(of: "$ adsim help", in: "Docs/CLI.md")
        #expect(quotedHelp.joined(separator: "\n") + "\n" == help.out)
        // The command table names every subcommand the usage text lists.
        let subcommands = help.out.components(separatedBy: "\n").drop { $0 != "SUBCOMMANDS:" }.dropFirst()
            .prefix { !$0.isEmpty }.compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(subcommands.count > 5)
        for name in subcommands where name != "demo" {
            #expect(manual.contains("| `adsim \(name)"), "CLI.md's command table lacks adsim \(name)")
        }
        let claim = try #require(manual.firstMatch(of: /\(`adsim demo`, (\d+) lines/), "CLI.md gives no line count")
        #expect(Int(claim.1) == text.out.filter { $0 == "\n" }.count)
    }
}
