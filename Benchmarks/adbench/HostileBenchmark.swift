import AdCreative
import Foundation

/// `adbench hostile`: how long each hostile input takes to fail (Docs/Creative.md promises well under 100 ms each),
/// the timing the tests leave out (`Tests/AdCreativeTests/HostileInputTests.swift` asserts the answers and where the
/// parser stopped). The inputs: the fixtures of `Fixtures/vast/hostile` and the generated one-million-deep and
/// 20 MiB documents. Each is parsed in interleaved rounds and its fastest round kept; the baseline is an ordinary ad
/// (`Fixtures/vast/vast43-inline.xml`) parsed the same way.
enum HostileBenchmark {
    static let rounds = 5
    static let fixtures = [
        "xxe.xml", "external-dtd.xml", "billion-laughs.xml", "invalid-utf8.xml", "comment-before-declaration.xml",
        "truncated.xml", "nul-bytes.xml",
    ]

    static let benchmark = Benchmark(
        name: "hostile",
        abstract: "Time to fail for each hostile VAST input (budget 100 ms) vs one ordinary ad."
    ) {
        try run()
    }

    /// `Fixtures/vast` of the package this file is in.
    static func fixturesFolder() throws -> URL { try PackageRoot.url().appendingPathComponent("Fixtures/vast") }

    /// The inputs by name, with the limits each is parsed under (the million-deep one with room for its size, so
    /// that the depth limit is what stops it).
    static func inputs() throws -> [(name: String, data: Data, limits: VASTParserLimits)] {
        let folder = try fixturesFolder()
        var inputs = try fixtures.map {
            ($0, try Data(contentsOf: folder.appendingPathComponent("hostile/" + $0)), VASTParserLimits())
        }
        let depth = 1_000_000
        let deep =
            "<VAST version=\"4.2\">" + String(repeating: "<a>", count: depth)
            + String(repeating: "</a>", count: depth) + "</VAST>"
        var roomy = VASTParserLimits()
        roomy.maxInputBytes = 16 << 20
        inputs.append(("one million nested elements", Data(deep.utf8), roomy))
        let big =
            "<VAST version=\"4.2\"><Ad><InLine><Description>" + String(repeating: "x", count: 20 << 20)
            + "</Description></InLine></Ad></VAST>"
        inputs.append(("20 MiB document", Data(big.utf8), VASTParserLimits()))
        return inputs
    }

    static func run() throws -> BenchmarkResult {
        let inputs = try inputs()
        let ordinary = try Data(contentsOf: try fixturesFolder().appendingPathComponent("vast43-inline.xml"))
        LibXML2Runtime.ensureInitialized()
        var best = [Double](repeating: .infinity, count: inputs.count)
        var baseline = Double.infinity
        for _ in 0..<rounds {
            for (index, input) in inputs.enumerated() {
                let parser = VASTParser(limits: input.limits)
                var failed = false
                let time = Stopwatch.microseconds { failed = (try? parser.parse(input.data)) == nil }
                guard failed else { throw BenchmarkFailure(description: "\(input.name) parsed; it must fail.") }
                best[index] = min(best[index], time / 1000)
            }
            baseline = min(baseline, Stopwatch.microseconds { _ = try? VASTParser().parse(ordinary) } / 1000)
        }
        print("hostile: \(inputs.count) inputs, fastest of \(rounds) interleaved rounds, time to fail")
        for (input, time) in zip(inputs, best) {
            print("  \(input.name.padding(toLength: 34, withPad: " ", startingAt: 0)) \(format(time)) ms")
        }
        print("  \("ordinary ad (baseline)".padding(toLength: 34, withPad: " ", startingAt: 0)) \(format(baseline)) ms")
        let worst = best.max() ?? 0
        print("slowest: \(format(worst)) ms (budget 100 ms: \(worst < 100 ? "within" : "OVER"))")
        return BenchmarkResult(name: "hostile", value: worst, unit: "ms", baseline: baseline)
    }

    static func format(_ value: Double) -> String { String(format: "%.3f", value) }
}
