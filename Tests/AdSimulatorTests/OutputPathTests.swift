import AdSimulator
import CSQLite3
import Foundation
import Testing

@testable import adsim

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Rule R19: every flag that writes a file (`simulate --html`, `simulate --sqlite`, `merge --html`,
/// `conformance --junit`) refuses a path that exists and is not a regular file (a FIFO, a folder, a symbolic link,
/// a character device) as a usage error naming the flag and the path, before the run, and leaves what is there as
/// it was; a regular file is still written. No test opens a FIFO itself, and each has a time limit, so a
/// regression fails instead of hanging. The limit guards against a hang, not speed: in the whole parallel suite
/// on a loaded machine the conformance run's main-queue work waits behind other suites' (over a minute, seen).
@Suite("R19: output files are regular files, checked before the run")
struct OutputPathTests {
    /// A flag that writes a file, and the command line that uses it.
    enum Flag: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case simulateHTML = "--html"
        case simulateSQLite = "--sqlite"
        case mergeHTML = "merge --html"
        case conformanceJUnit = "--junit"

        var testDescription: String { rawValue }

        /// The flag as written on the command line.
        var option: String {
            switch self {
            case .simulateHTML, .mergeHTML: return "--html"
            case .simulateSQLite: return "--sqlite"
            case .conformanceJUnit: return "--junit"
            }
        }

        /// The command line writing `path`; `folder` holds what the command reads (a partial for merge).
        func arguments(_ path: String, folder: URL) async throws -> [String] {
            switch self {
            case .simulateHTML, .simulateSQLite:
                return ["simulate", SimulationRuns.tinyPath, "--users", "1", option, path]
            case .mergeHTML:
                let (status, output) = await OutputPathTests.run([
                    "simulate", SimulationRuns.tinyPath, "--users", "1", "--shard", "1/1",
                ])
                try #require(status == .success, "\(output.standardError)")
                let partial = folder.appending(path: "part-1.json")
                try Data(output.standardOutput.utf8).write(to: partial)
                return ["merge", partial.path, option, path]
            case .conformanceJUnit:
                return ["conformance", "--provider", "google", "--format", "rewarded", option, path]
            }
        }
    }

    static func run(_ arguments: [String]) async -> (ExitCode, CommandOutput) {
        let output = CommandOutput.buffered()
        let status = await ADSim().run(arguments, output: output)
        return (status, output)
    }

    /// Runs `flag` writing `path` and checks the refusal: exit 64, nothing printed on standard output (the run
    /// did not start), a message naming the flag, the path and `words`.
    private func expectRefused(_ flag: Flag, _ path: String, _ words: String, folder: URL) async throws {
        let arguments = try await flag.arguments(path, folder: folder)
        let (status, output) = await Self.run(arguments)
        #expect(status == .usage, "\(arguments): \(output.standardError)")
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError.contains("\(flag.option) \(path): cannot write it: \(words)"))
        #expect(output.standardError.contains("Hint:"))
    }

    @Test(
        "R19: a FIFO given to an output flag is a usage error naming it (exit 64); it stays a FIFO",
        .timeLimit(.minutes(3)), arguments: Flag.allCases)
    func r19_fifoRefused(_ flag: Flag) async throws {
        let folder = try SimulationRuns.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appending(path: "out.fifo").path
        try #require(mkfifo(fifo, 0o600) == 0)
        try await expectRefused(flag, fifo, "it is a FIFO (named pipe), not a regular file", folder: folder)
        #expect(FileEntry(at: fifo) == .fifo)
    }

    @Test(
        "R19: a symbolic link to a regular file is refused (exit 64); the link and its target are untouched",
        .timeLimit(.minutes(3)), arguments: Flag.allCases)
    func r19_symlinkRefused(_ flag: Flag) async throws {
        let folder = try SimulationRuns.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appending(path: "target.txt")
        try Data("keep me\n".utf8).write(to: target)
        let link = folder.appending(path: "out.link").path
        try #require(symlink(target.path, link) == 0)
        try await expectRefused(flag, link, "it is a symbolic link", folder: folder)
        #expect(FileEntry(at: link) == .symbolicLink)
        #expect(try Data(contentsOf: target) == Data("keep me\n".utf8))
    }

    @Test(
        "R19: a folder given to an output flag is refused (exit 64) and stays a folder",
        .timeLimit(.minutes(3)), arguments: Flag.allCases)
    func r19_folderRefused(_ flag: Flag) async throws {
        let folder = try SimulationRuns.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let inner = folder.appending(path: "out.d")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: false)
        try await expectRefused(flag, inner.path, "it is a folder", folder: folder)
        #expect(FileEntry(at: inner.path) == .folder)
    }

    /// `/dev/full` where there is one, else `/dev/null`: a character device the tests only look at.
    private static var device: String {
        FileEntry(at: "/dev/full") == .characterDevice ? "/dev/full" : "/dev/null"
    }

    @Test(
        "R19: a character device (/dev/full) is refused (exit 64) and is still a character device afterwards",
        .timeLimit(.minutes(3)), arguments: Flag.allCases)
    func r19_characterDeviceRefused(_ flag: Flag) async throws {
        let folder = try SimulationRuns.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let device = Self.device
        try #require(FileEntry(at: device) == .characterDevice)
        try await expectRefused(flag, device, "it is a character device, not a regular file", folder: folder)
        #expect(FileEntry(at: device) == .characterDevice)
        #expect(FileEntry(at: "/dev/null") == .characterDevice)
    }

    @Test(
        "R19: a regular file given to an output flag is still written (replaced), with no temporary file left",
        .timeLimit(.minutes(3)), arguments: Flag.allCases)
    func r19_regularFileWritten(_ flag: Flag) async throws {
        let folder = try SimulationRuns.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "out.file")
        // An empty file: a SQLite database may start empty, and the others are replaced whatever they hold.
        try Data().write(to: file)
        let arguments = try await flag.arguments(file.path, folder: folder)
        let (status, output) = await Self.run(arguments)
        #expect(status == .success, "\(output.standardError)")
        #expect(FileEntry(at: file.path) == .regularFile)
        let written = try Data(contentsOf: file)
        switch flag {
        case .simulateHTML, .mergeHTML: #expect(String(decoding: written, as: UTF8.self).contains("<svg"))
        case .simulateSQLite: #expect(written.prefix(16) == Data("SQLite format 3\0".utf8))
        case .conformanceJUnit: #expect(String(decoding: written, as: UTF8.self).contains("<testsuites"))
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(!left.contains { $0.hasSuffix(".tmp") }, "\(left)")
    }

    @Test(
        "R19: the path is checked again before the rename: a FIFO put there after the check is left alone",
        .timeLimit(.minutes(3)))
    func r19_recheckedBeforeRename() throws {
        let folder = try SimulationRuns.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appending(path: "late.html").path
        let output = try OutputPath(flag: "--html", path: path)
        try #require(mkfifo(path, 0o600) == 0)
        #expect {
            try output.write("<html></html>")
        } throws: { error in
            (error as? OutputPathError)?.kind == .notRegularFile(.fifo)
        }
        #expect(FileEntry(at: path) == .fifo)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["late.html"])
    }

    @Test("R19: an existing regular file is replaced whole and keeps its permissions")
    func r19_replaceKeepsPermissions() throws {
        let folder = try SimulationRuns.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "page.html")
        try Data("old contents, longer than the new ones\n".utf8).write(to: file)
        try #require(chmod(file.path, 0o640) == 0)
        try OutputPath(flag: "--html", path: file.path).write("new\n")
        #expect(try Data(contentsOf: file) == Data("new\n".utf8))
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o640)
    }

    @Test(
        "R19: the SQLite writer itself refuses a FIFO, a symbolic link and a device, at once, with a hint",
        .timeLimit(.minutes(3)))
    func r19_sqliteWriterRefusesSpecialFiles() throws {
        let folder = try SimulationRuns.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appending(path: "run.fifo").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let database = folder.appending(path: "real.sqlite").path
        try Data().write(to: URL(fileURLWithPath: database))
        let link = folder.appending(path: "run.link").path
        try #require(symlink(database, link) == 0)
        for (path, words) in [
            (fifo, "a FIFO"), (link, "a symbolic link"), (Self.device, "a character device"),
        ] {
            #expect {
                _ = try SimulationSQLiteWriter(path: path)
            } throws: { error in
                let error = error as? SimulationSQLiteError
                return error?.code == SQLITE_CANTOPEN && error?.message.contains(words) == true
                    && error?.message.contains(path) == true && error?.hint.isEmpty == false
            }
        }
        #expect(FileEntry(at: fifo) == .fifo)
        #expect(FileEntry(at: link) == .symbolicLink)
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)).isEmpty)
    }
}
