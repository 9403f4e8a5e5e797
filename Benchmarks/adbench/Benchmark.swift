/// One benchmark of `adbench`: a name, what it measures, and a body that measures it and its baseline in one run.
struct Benchmark: Sendable {
    /// The name given on the command line: `swift run -c release adbench <name>`.
    var name: String
    /// One line for `adbench --help`.
    var abstract: String
    /// Runs the measurement, printing progress lines, and returns the result.
    var run: @Sendable @MainActor () async throws -> BenchmarkResult
}

/// The outcome of one benchmark: its value and the baseline measured in the same run.
struct BenchmarkResult: Sendable {
    var name: String
    var value: Double
    var unit: String
    var baseline: Double

    /// `value / baseline`: lower is better for times.
    var ratio: Double { baseline > 0 ? value / baseline : .infinity }

    /// The line every benchmark ends with.
    var line: String {
        "RESULT \(name) value=\(format(value)) unit=\(unit) baseline=\(format(baseline)) ratio=\(format(ratio))"
    }

    private func format(_ number: Double) -> String {
        let rounded = (number * 1000).rounded() / 1000
        return String(rounded)
    }
}

/// Timing helpers shared by the benchmarks (the benchmark tool may read the real clock; the library never does).
enum Stopwatch {
    /// Runs `body` once and returns its duration in microseconds.
    static func microseconds(_ body: () throws -> Void) rethrows -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try body()
        let elapsed = start.duration(to: clock.now)
        return Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12
    }

    /// The median of `samples`.
    static func median(_ samples: [Double]) -> Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
