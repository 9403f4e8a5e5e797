import AdRuntime
import AdSimulator
import Dispatch
import Foundation
import Synchronization

/// Runs a simulation's shards as worker processes of the `adsim` executable, at most ``jobs`` at a time, and
/// collects their partial results (`adsim simulate --shard <i>/<n>` prints one on standard output).
///
/// Why processes: the stack a simulated user runs is the host's, isolated to the main actor (the host boundary),
/// so one process simulates one user at a time. `--jobs <n>` therefore splits the users into `n` shards, runs each
/// in its own process, and merges the partials (``SimulationPartial/merge(_:)``): the same code path as sharding
/// across machines, so every `n` prints exactly the report of `--jobs 1`.
///
/// ```swift
/// let workers = SimulationWorkers(executable: try SimulationWorkers.adsimExecutable(), jobs: 2)
/// let partials = try await workers.run(shards: 2) { shard in ["simulate", path, "--shard", "\(shard)"] }
/// ```
struct SimulationWorkers: Sendable {
    /// The `adsim` executable the workers run.
    var executable: URL
    /// How many workers run at once.
    var jobs: Int

    /// Workers of `executable`, `jobs` at a time.
    init(executable: URL, jobs: Int) {
        self.executable = executable
        self.jobs = max(jobs, 1)
    }

    /// Whether the running program is the `adsim` executable, under whatever name it was installed or copied as
    /// (`adsim-1.2`, a symbolic link): anything but a test bundle calling the command line's code.
    static var isRunningAsADSim: Bool { !isTestBundle(runningExecutable) }

    private static var runningExecutable: URL {
        (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments.first ?? "."))
            .resolvingSymlinksInPath()
    }

    /// Whether `executable` is a test bundle (`AdBridgePackageTests.xctest`, or the `xctest` runner).
    static func isTestBundle(_ executable: URL) -> Bool {
        executable.lastPathComponent == "xctest" || executable.path.contains(".xctest")
    }

    /// The `adsim` executable the workers run: the running program itself, so a worker is always the same build
    /// as the command that starts it, whatever its file is called; only a test bundle, which is not `adsim`, looks
    /// for the `adsim` built beside it.
    ///
    /// - Throws: ``SimulationMergeError`` when a test bundle has none beside it.
    static func adsimExecutable() throws(SimulationMergeError) -> URL {
        let running = runningExecutable
        guard isTestBundle(running) else { return running }
        var folder = running.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("adsim")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        throw SimulationMergeError(
            "The adsim executable was not found beside the test bundle \(running.path), so no worker can start.",
            hint: "Run with --jobs 1, or build adsim (swift build --product adsim).", kind: .worker)
    }

    /// Runs shards `1/count` ... `count/count`, each `executable arguments(shard)`, and returns their partials in
    /// shard order. `progress` gets the `progress <done>/<total>` lines the workers print on standard error,
    /// added up over the workers.
    ///
    /// - Throws: ``SimulationMergeError`` naming the shard whose worker could not start, failed (with its
    ///   standard error) or printed something that is not a partial result.
    func run(
        shards count: Int, arguments: @escaping @Sendable (SimulationShard) -> [String],
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) async throws(SimulationMergeError) -> [SimulationPartial] {
        var shards: [SimulationShard] = []
        for index in 1...max(count, 1) {
            do throws(SimulationShard.Problem) {
                shards.append(try SimulationShard(index: index, count: max(count, 1)))
            } catch {
                throw SimulationMergeError(
                    error.message, hint: "Run at most \(SimulationShard.maximumCount) jobs.", kind: .worker)
            }
        }
        let counts = ProgressCounts()
        var partials: [SimulationPartial] = []
        var next = shards[...]
        while !next.isEmpty {
            let batch = Array(next.prefix(jobs))
            next = next.dropFirst(batch.count)
            let outcomes = await withTaskGroup(of: (Int, Outcome).self) { group in
                for shard in batch {
                    let executable = executable
                    let arguments = arguments(shard)
                    group.addTask {
                        let outcome = await Self.runWorker(executable, arguments) { done, total in
                            let sum = counts.update(shard: shard.index, done: done, total: total)
                            progress?(sum.done, sum.total)
                        }
                        return (shard.index, outcome)
                    }
                }
                var outcomes: [Int: Outcome] = [:]
                for await (index, outcome) in group { outcomes[index] = outcome }
                return outcomes
            }
            for shard in batch {
                guard let outcome = outcomes[shard.index] else { continue }
                partials.append(try outcome.partial(of: shard, executable: executable))
            }
        }
        return partials
    }

    /// Each worker's last progress, added up. The workers' readers update it from threads of their own at once;
    /// `.ci/tsan.supp` names it, as it names every `Sendable` type whose shared state is a `Mutex` that
    /// ThreadSanitizer cannot see (Docs/Reliability.md, section 6).
    private final class ProgressCounts: Sendable {
        private let counts = Mutex([Int: (done: Int, total: Int)]())

        func update(shard: Int, done: Int, total: Int) -> (done: Int, total: Int) {
            counts.withLock { counts in
                counts[shard] = (done, total)
                return counts.values.reduce((0, 0)) { ($0.0 + $1.done, $0.1 + $1.total) }
            }
        }
    }

    /// What a worker left: its exit status, standard output and the standard error that was not progress.
    private struct Outcome: Sendable {
        var status: Int32
        var output: Data
        var errors: String
        var launchFailure: String?

        func partial(of shard: SimulationShard, executable: URL) throws(SimulationMergeError) -> SimulationPartial {
            if let launchFailure {
                throw SimulationMergeError(
                    "The worker of shard \(shard) could not start \(executable.path): \(launchFailure).",
                    hint: "Check the executable, or run with --jobs 1.", kind: .worker)
            }
            guard status == 0 else {
                let detail = errors.trimmingCharacters(in: .whitespacesAndNewlines)
                throw SimulationMergeError(
                    "The worker of shard \(shard) exited with status \(status)"
                        + (detail.isEmpty ? "." : ": \(detail)"),
                    hint: "Run `adsim simulate --shard \(shard)` alone to see the failure, or run with --jobs 1.",
                    kind: .worker)
            }
            let partial = try SimulationPartial(decoding: output, source: "The output of the worker of shard \(shard)")
            guard partial.shard == shard else {
                throw SimulationMergeError(
                    "The worker of shard \(shard) returned shard \(partial.shard).",
                    hint: "Use an adsim built from the same sources for the workers.", kind: .worker)
            }
            return partial
        }
    }

    /// Runs one worker and reads both pipes to the end. Process and its pipes block, so the worker and its standard
    /// error reader each get a thread of their own (``BlockingThread``), never the global dispatch pool's: two
    /// workers waiting there on a 2-core machine left the readers queued behind them until libdispatch added a
    /// thread, so a run of two users took 1.03 s instead of 0.14-0.15 s.
    private static func runWorker(
        _ executable: URL, _ arguments: [String], progress: @escaping @Sendable (Int, Int) -> Void
    ) async -> Outcome {
        await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
            BlockingThread.start {
                continuation.resume(returning: runBlocking(executable, arguments, progress: progress))
            }
        }
    }

    private static func runBlocking(
        _ executable: URL, _ arguments: [String], progress: @escaping @Sendable (Int, Int) -> Void
    ) -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return Outcome(status: -1, output: Data(), errors: "", launchFailure: "\(error)")
        }
        let errorText = Mutex("")
        let reader = DispatchGroup()
        reader.enter()
        BlockingThread.start {
            var pending = Data()
            while true {
                let chunk = errors.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    pending.removeSubrange(pending.startIndex...newline)
                    if let (done, total) = Self.progress(in: line) {
                        progress(done, total)
                    } else {
                        errorText.withLock { $0 += line + "\n" }
                    }
                }
            }
            errorText.withLock { $0 += String(decoding: pending, as: UTF8.self) }
            reader.leave()
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        reader.wait()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus, output: data, errors: errorText.withLock { $0 }, launchFailure: nil)
    }

    /// The numbers of a `progress <done>/<total>` line.
    static func progress(in line: String) -> (Int, Int)? {
        guard line.hasPrefix(progressPrefix) else { return nil }
        let parts = line.dropFirst(progressPrefix.count).split(separator: "/")
        guard parts.count == 2, let done = Int(parts[0]), let total = Int(parts[1]) else { return nil }
        return (done, total)
    }

    /// How a worker's progress lines start.
    static let progressPrefix = "progress "
}
