import AdSimulator
import Foundation
import Testing

@testable import adsim

/// `adsim simulate --csv / --sqlite / --html`: byte-identical output for the same scenario and seed, the files
/// written beside the printed report, `--json` with `--csv` and bad paths refused with a clear message.
@Suite struct SimulateOutputsCommandTests {
    private static let tiny = SimulationRuns.tinyPath

    private func simulate(_ arguments: [String]) async -> (ExitCode, CommandOutput) {
        let output = CommandOutput.buffered()
        let status = await ADSim().run(["simulate", Self.tiny, "--users", "3"] + arguments, output: output)
        return (status, output)
    }

    @Test("--csv prints the same bytes twice: a header and one record per JSON line")
    func csvIsRepeatable() async {
        let (status, once) = await simulate(["--csv"])
        let (_, twice) = await simulate(["--csv"])
        let (_, json) = await simulate(["--json"])
        #expect(status == .success)
        #expect(once.standardOutput == twice.standardOutput)
        #expect(once.standardOutput.hasPrefix("variant,placement,provider,requests,fills,fillRate,"))
        let records = once.standardOutput.split(separator: "\r\n")
        #expect(records.count == json.standardOutput.split(separator: "\n").count + 1)
        #expect(once.standardError.isEmpty)
    }

    @Test("--json with --csv is a usage error naming both")
    func jsonAndCSV() async {
        let (status, output) = await simulate(["--json", "--csv"])
        #expect(status == .usage)
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError.contains("--json") && output.standardError.contains("--csv"))
    }

    @Test("--sqlite and --html write their files, the table still prints, and a second run gives the same bytes")
    func filesAreWrittenAndRepeatable() async throws {
        let folder = try SimulationRuns.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var pages: [Data] = []
        var databases: [Data] = []
        for run in 0..<2 {
            let sqlite = folder.appending(path: "run\(run).sqlite").path
            let html = folder.appending(path: "run\(run).html").path
            let (status, output) = await simulate(["--sqlite", sqlite, "--html=\(html)"])
            #expect(status == .success)
            #expect(output.standardOutput.contains("configured  total"))
            #expect(output.standardError.isEmpty)
            pages.append(try Data(contentsOf: URL(fileURLWithPath: html)))
            databases.append(try Data(contentsOf: URL(fileURLWithPath: sqlite)))
        }
        #expect(pages[0] == pages[1])
        #expect(databases[0] == databases[1])
        #expect(String(decoding: pages[0], as: UTF8.self).contains("data-chart=\"frontier\""))
        #expect(databases[0].prefix(16) == Data("SQLite format 3\0".utf8))
    }

    @Test("A folder or a path in a missing folder is a usage error naming the option and the path")
    func badPathsAreUsageErrors() async throws {
        let folder = try SimulationRuns.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appending(path: "missing/out.html").path
        for (option, path, words) in [
            ("--html", folder.path, "is a folder"), ("--sqlite", folder.path, "is a folder"),
            ("--html", missing, "does not exist"), ("--sqlite", missing, "does not exist"),
        ] {
            let (status, output) = await simulate([option, path])
            #expect(status == .usage, "\(option) \(path)")
            #expect(output.standardOutput.isEmpty)
            #expect(output.standardError.contains(option) && output.standardError.contains(path))
            #expect(output.standardError.contains(words))
        }
        for arguments in [["--sqlite"], ["--html"], ["--html", "--csv"]] {
            let (status, output) = await simulate(arguments)
            #expect(status == .usage)
            #expect(output.standardError.contains("needs the path of a file"))
        }
    }

    @Test("A file that is not a database, or a place that cannot be written, fails with the path and a hint")
    func writeFailures() async throws {
        let folder = try SimulationRuns.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let notes = folder.appending(path: "notes.txt")
        try Data("notes\n".utf8).write(to: notes)
        let (status, output) = await simulate(["--sqlite", notes.path])
        #expect(status == .failure)
        #expect(output.standardError.contains(notes.path) && output.standardError.contains("not a SQLite database"))
        #expect(output.standardError.contains("Hint:"))
        #expect(try Data(contentsOf: notes) == Data("notes\n".utf8))

        // A path whose folder is a file.
        let (fileStatus, fileOutput) = await simulate(["--html", notes.appending(path: "page.html").path])
        #expect(fileStatus == .usage)
        #expect(fileOutput.standardError.contains("is not a folder"))
    }

    @Test("R19: --jobs 1 with --sqlite runs in one process and writes the database; --jobs 2 with --sqlite is refused")
    func r19_jobsOneWithSQLite() async throws {
        let folder = try SimulationRuns.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sqlite = folder.appending(path: "one.sqlite")
        let (status, output) = await simulate(["--jobs", "1", "--sqlite", sqlite.path])
        #expect(status == .success, "\(output.standardError)")
        #expect(output.standardOutput.contains("configured  total"))
        #expect(try Data(contentsOf: sqlite).prefix(16) == Data("SQLite format 3\0".utf8))
        let (_, plain) = await simulate([])
        #expect(output.standardOutput == plain.standardOutput)
        let refused = folder.appending(path: "two.sqlite")
        let (twoStatus, two) = await simulate(["--jobs", "2", "--sqlite", refused.path])
        #expect(twoStatus == .usage)
        #expect(two.standardOutput.isEmpty)
        #expect(two.standardError.contains("--sqlite cannot be combined with --jobs 2"))
        #expect(two.standardError.contains("Give --jobs 1"))
        #expect(!FileManager.default.fileExists(atPath: refused.path))
    }

    @Test("The help names the output options")
    func help() async {
        let output = CommandOutput.buffered()
        let status = await ADSim().run(["simulate", "--help"], output: output)
        #expect(status == .success)
        for option in ["--csv", "--sqlite <file>", "--html <file>", "cannot be written"] {
            #expect(output.standardOutput.contains(option))
        }
    }
}
