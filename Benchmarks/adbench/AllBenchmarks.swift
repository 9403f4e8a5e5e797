/// Every benchmark `adbench` knows, in the order `--help` lists them.
func allBenchmarks() -> [Benchmark] {
    [VisibilityBenchmark.benchmark, MediationBenchmark.benchmark]
}
