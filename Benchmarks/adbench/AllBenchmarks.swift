/// Every benchmark `adbench` knows, in the order `--help` lists them.
func allBenchmarks() -> [Benchmark] {
    [
        VisibilityBenchmark.benchmark, ParseBenchmark.benchmark, MediationBenchmark.benchmark,
        ScalingBenchmark.benchmark, BeaconBenchmark.benchmark, SimulateBenchmark.benchmark,
        SimulateFastBenchmark.benchmark, HostileBenchmark.benchmark,
    ]
}
