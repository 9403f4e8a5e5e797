import Foundation

func printError(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }

let benchmarks: [Benchmark] = allBenchmarks()
let usage = """
    USAGE: swift run -c release adbench <name>

    BENCHMARKS:
    \(benchmarks.map { "  " + $0.name + String(repeating: " ", count: max(1, 12 - $0.name.count)) + $0.abstract }
        .joined(separator: "\n"))

    Each benchmark ends with: RESULT <name> value=<n> unit=<u> baseline=<n> ratio=<n>

    """
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.isEmpty || arguments == ["--help"] || arguments == ["-h"] {
    print(usage, terminator: "")
    exit(arguments.isEmpty ? 64 : 0)
}
guard arguments.count == 1, let benchmark = benchmarks.first(where: { $0.name == arguments[0] }) else {
    printError("Error: unknown benchmark '\(arguments.joined(separator: " "))'.\n\(usage)")
    exit(64)
}
do {
    let result = try await benchmark.run()
    print(result.line)
} catch {
    printError("Error: benchmark \(benchmark.name) failed: \(error)\n")
    exit(1)
}
