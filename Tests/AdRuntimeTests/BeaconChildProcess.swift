import AdTestSupport
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The `BeaconQueueChild` executable run as a separate process: its stdout read line by line on a thread, waits
/// bounded in time, and a SIGKILL. `swift test` builds the executable with the rest of the package, into the same
/// folder as the test bundle, where ``executable`` finds it.
final class BeaconChildProcess {
    /// The lines the reader thread has read, shared with it.
    private final class Lines: Sendable {
        let lines = Mutex<[String]>([])
        let done = Mutex(false)
    }

    private let process: Process
    private let lines = Lines()

    /// The child executable beside the running test bundle (`.build/<configuration>/BeaconQueueChild`).
    static var executable: URL {
        get throws {
            let bundle = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath()
            var folder = bundle.deletingLastPathComponent()
            // On some platforms the test binary sits inside a bundle (`X.xctest/Contents/MacOS/X`).
            for _ in 0..<4 {
                let candidate = folder.appendingPathComponent("BeaconQueueChild")
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
                folder = folder.deletingLastPathComponent()
            }
            throw ChildError(
                "BeaconQueueChild was not found beside \(bundle.path). `swift test` builds it with the package; "
                    + "after building only the tests, run `swift build --product BeaconQueueChild`.")
        }
    }

    /// Places a hard link to ``executable`` (a copy where no link can be made) in `folder` and returns it: a child
    /// that drops its privileges can still read its own file there (Foundation's `Bundle.main`, the sanitizers'
    /// symbolizer), where the checkout may sit under a folder only its owner can traverse.
    static func executable(placedIn folder: URL) throws -> URL {
        let source = try executable
        let placed = folder.appendingPathComponent(source.lastPathComponent)
        if link(source.path, placed.path) != 0 {
            try FileManager.default.copyItem(at: source, to: placed)
        }
        try #require(chmod(placed.path, 0o755) == 0, "chmod 0755 \(placed.path)")
        return placed
    }

    /// Starts the child with `arguments`: the executable beside the test bundle, or `executable` (its working
    /// folder then the executable's own).
    init(_ arguments: [String], executable: URL? = nil) throws {
        process = Process()
        process.executableURL = try executable ?? Self.executable
        if let executable { process.currentDirectoryURL = executable.deletingLastPathComponent() }
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let handle = output.fileHandleForReading
        let lines = self.lines
        Thread.detachNewThread {
            var pending = Data()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: 10) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    pending.removeSubrange(pending.startIndex...newline)
                    lines.lines.withLock { $0.append(line) }
                }
            }
            lines.done.withLock { $0 = true }
        }
    }

    /// Every line printed so far.
    var output: [String] { lines.lines.withLock { $0 } }

    /// The first line starting with `prefix`, waiting for it (at most `timeout`, a hang guard); `nil` if none came.
    func line(startingWith prefix: String, within timeout: Duration = HangGuard.limit) async throws -> String? {
        try Task.checkCancellation()
        var found: String?
        await HangGuard.waitUntil(within: timeout) {
            found = output.first { $0.hasPrefix(prefix) }
            return found != nil
        }
        return found
    }

    /// Waits (at most `timeout`, a hang guard) for the child to exit and its output to be read, and returns its exit
    /// status, or `nil` if it is still running. It polls: a test never blocks a thread of the shared pool.
    func exitStatus(within timeout: Duration = HangGuard.limit) async throws -> Int32? {
        try Task.checkCancellation()
        await HangGuard.waitUntil(within: timeout) { !process.isRunning && lines.done.withLock { $0 } }
        return process.isRunning ? nil : process.terminationStatus
    }

    /// Kills the child with SIGKILL (no handler, no cleanup: like the system killing an app) and waits for it.
    func kill() async throws {
        #if canImport(Glibc)
            Glibc.kill(process.processIdentifier, SIGKILL)
        #else
            Darwin.kill(process.processIdentifier, SIGKILL)
        #endif
        _ = try await exitStatus(within: .seconds(5))
    }

    /// Makes sure the child is gone (for `defer`).
    func terminate() {
        if process.isRunning { process.terminate() }
    }

    /// The value of `key=value` in a line of the child's output.
    static func value(_ key: String, in line: String) -> Int? {
        for field in line.split(separator: " ") where field.hasPrefix(key + "=") {
            return Int(field.dropFirst(key.count + 1))
        }
        return nil
    }
}

/// A problem running the child process, with what to do about it.
struct ChildError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
