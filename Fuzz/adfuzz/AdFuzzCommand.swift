import AdFuzzTargets
import CFuzzerDriver
import Foundation

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
    /// The entry point: runs the command with the process's arguments and exits with its status.
    static func main() {
        exit(run(CommandLine.arguments))
    }

    static let usage = """
        usage: adfuzz <target> [libFuzzer options] [corpus folders or input files]
        targets: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))
        Built by Scripts/fuzz.sh (address sanitizer, libFuzzer's coverage, libFuzzer linked without its main) it
        fuzzes the target with libFuzzer; built by plain swift build it runs each input file once (a folder: every
        file in it; no file: the target's seed folders, from the package root).
        """

    /// Runs the command and returns the exit status: 0 clean, 1 a problem found, 2 a usage error.
    static func run(_ arguments: [String]) -> Int32 {
        guard arguments.count >= 2, let target = FuzzTarget(rawValue: arguments[1]) else {
            let given = arguments.count >= 2 ? "unknown target '\(arguments[1])'\n" : "no target given\n"
            FileHandle.standardError.write(Data((given + usage + "\n").utf8))
            return 2
        }
        let rest = Array(arguments.dropFirst(2))
        if adfuzz_has_libfuzzer() == 1 { return fuzz(target, program: arguments[0], options: rest) }
        return replay(target, paths: rest.filter { !$0.hasPrefix("-") })
    }

    /// Hands the process to libFuzzer with the target's one-input function.
    private static func fuzz(_ target: FuzzTarget, program: String, options: [String]) -> Int32 {
        let callback: adfuzz_one_input =
            switch target {
            case .vast: { data, size in AdFuzzCommand.oneInput(.vast, data, size) }
            case .wrapper: { data, size in AdFuzzCommand.oneInput(.wrapper, data, size) }
            case .yandex: { data, size in AdFuzzCommand.oneInput(.yandex, data, size) }
            case .google: { data, size in AdFuzzCommand.oneInput(.google, data, size) }
            case .ifly: { data, size in AdFuzzCommand.oneInput(.ifly, data, size) }
            case .mediation: { data, size in AdFuzzCommand.oneInput(.mediation, data, size) }
            case .scenario: { data, size in AdFuzzCommand.oneInput(.scenario, data, size) }
            }
        var arguments: [UnsafeMutablePointer<CChar>?] = ([program] + options).map { strdup($0) }
        let count = arguments.count
        arguments.append(nil)
        return arguments.withUnsafeMutableBufferPointer { buffer in
            var argc = Int32(truncatingIfNeeded: count)
            var argv = buffer.baseAddress
            return adfuzz_run_driver(&argc, &argv, callback)
        }
    }

    /// One input from libFuzzer; a broken promise aborts, so libFuzzer keeps the input as a crash.
    private static func oneInput(_ target: FuzzTarget, _ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        let problems = target.run(input)
        if !problems.isEmpty {
            FileHandle.standardError.write(Data(("adfuzz: " + problems.joined(separator: "\nadfuzz: ") + "\n").utf8))
            abort()
        }
        return 0
    }

    /// Runs every file under `paths` (the target's seed folders when none) once.
    private static func replay(_ target: FuzzTarget, paths: [String]) -> Int32 {
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
            for problem in target.run(Array(data)) {
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
