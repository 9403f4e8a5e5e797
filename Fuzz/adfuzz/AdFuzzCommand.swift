import AdFuzzTargets
import CFuzzerDriver
import Foundation
import Synchronization

/// The `adfuzz` command: runs one fuzz target under libFuzzer when built by `Scripts/fuzz.sh` (the address
/// sanitizer and libFuzzer's coverage instrumentation), and otherwise runs the inputs it is given once each, like libFuzzer given files.
///
/// ```
/// Scripts/fuzz.sh vast 300                      # five minutes of libFuzzer on the VAST parser
/// .build/debug/adfuzz vast Fixtures/vast        # the ordinary build: every file once
/// ```
///
/// A `@main` type, not `main.swift`: SwiftPM compiles an executable built with `-sanitize=fuzzer` as a library
/// (`-parse-as-library`), where top-level code is not allowed.
@main
enum AdFuzzCommand {
    /// The entry point: runs the command with the process's arguments and exits with its status. The main thread
    /// stays free for the main actor, on which the mediation and scenario targets run what they validated.
    static func main() async {
        exit(await run(CommandLine.arguments))
    }

    static let usage = """
        usage: adfuzz <target> [libFuzzer options] [corpus folders or input files]
        targets: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))
        Built by Scripts/fuzz.sh (address sanitizer, libFuzzer's coverage, libFuzzer linked without its main) it
        fuzzes the target with libFuzzer; built by plain swift build it runs each input file once (a folder: every
        file in it; no file: the target's seed folders, from the package root).
        """

    /// Runs the command and returns the exit status: 0 clean, 1 a problem found, 2 a usage error.
    static func run(_ arguments: [String]) async -> Int32 {
        guard arguments.count >= 2, let target = FuzzTarget(rawValue: arguments[1]) else {
            let given = arguments.count >= 2 ? "unknown target '\(arguments[1])'\n" : "no target given\n"
            FileHandle.standardError.write(Data((given + usage + "\n").utf8))
            return 2
        }
        let rest = Array(arguments.dropFirst(2))
        if adfuzz_has_libfuzzer() == 1 { return await fuzz(target, program: arguments[0], options: rest) }
        return await replay(target, paths: rest.filter { !$0.hasPrefix("-") })
    }

    /// Hands the process to libFuzzer with the target's one-input function, on a thread of its own: libFuzzer's
    /// callback is synchronous, and waits there for each input's run while the main thread serves the main actor.
    private static func fuzz(_ target: FuzzTarget, program: String, options: [String]) async -> Int32 {
        let callback: adfuzz_one_input =
            switch target {
            case .vast: { data, size in AdFuzzCommand.oneInput(.vast, data, size) }
            case .wrapper: { data, size in AdFuzzCommand.oneInput(.wrapper, data, size) }
            case .yandex: { data, size in AdFuzzCommand.oneInput(.yandex, data, size) }
            case .google: { data, size in AdFuzzCommand.oneInput(.google, data, size) }
            case .ifly: { data, size in AdFuzzCommand.oneInput(.ifly, data, size) }
            case .mediation: { data, size in AdFuzzCommand.oneInput(.mediation, data, size) }
            case .scenario: { data, size in AdFuzzCommand.oneInput(.scenario, data, size) }
            case .consent: { data, size in AdFuzzCommand.oneInput(.consent, data, size) }
            }
        let all = [program] + options
        return await withCheckedContinuation { continuation in
            let thread = Thread {
                var arguments: [UnsafeMutablePointer<CChar>?] = all.map { strdup($0) }
                let count = arguments.count
                arguments.append(nil)
                let status = arguments.withUnsafeMutableBufferPointer { buffer in
                    var argc = Int32(truncatingIfNeeded: count)
                    var argv = buffer.baseAddress
                    return adfuzz_run_driver(&argc, &argv, callback)
                }
                continuation.resume(returning: status)
            }
            // libFuzzer's own stack needs are modest, but the parser's callbacks run on it too.
            thread.stackSize = 64 << 20
            thread.start()
        }
    }

    /// One input from libFuzzer (on libFuzzer's thread, never the main one): runs it and waits for the run; a
    /// broken promise aborts, so libFuzzer keeps the input as a crash.
    private static func oneInput(_ target: FuzzTarget, _ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        let done = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        Task {
            outcome.set(await target.run(input))
            done.signal()
        }
        done.wait()
        let problems = outcome.problems
        if !problems.isEmpty {
            FileHandle.standardError.write(Data(("adfuzz: " + problems.joined(separator: "\nadfuzz: ") + "\n").utf8))
            abort()
        }
        return 0
    }

    /// Runs every file under `paths` (the target's seed folders when none) once.
    private static func replay(_ target: FuzzTarget, paths: [String]) async -> Int32 {
        let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let files =
            paths.isEmpty
            ? FuzzCorpus.files(for: target, packageRoot: root)
            : paths.flatMap { FuzzCorpus.files(under: URL(fileURLWithPath: $0)) }
        var found = 0
        for file in files {
            guard let data = FileManager.default.contents(atPath: file.path) else {
                print("adfuzz: cannot read \(file.path); check that it exists and is readable.")
                found += 1
                continue
            }
            for problem in await target.run(Array(data)) {
                print("adfuzz: \(file.path): \(problem)")
                found += 1
            }
        }
        print(
            "adfuzz \(target.rawValue): built without libFuzzer, ran \(files.count) inputs once each, "
                + "\(found) problems (Scripts/fuzz.sh \(target.rawValue) <seconds> fuzzes)")
        return found == 0 ? 0 : 1
    }
}

/// The problems of one input's run, handed from its task to libFuzzer's waiting thread.
final class Outcome: Sendable {
    private let value = Mutex<[String]>([])

    /// What the run found.
    var problems: [String] { value.withLock { $0 } }

    /// Keeps what the run found.
    func set(_ problems: [String]) { value.withLock { $0 = problems } }
}
