/// Why a benchmark could not run or measured something wrong, in one sentence that says what to fix.
///
/// ```swift
/// throw BenchmarkFailure(description: "IAB VAST samples not found; set ADBRIDGE_IAB_SAMPLES.")
/// ```
struct BenchmarkFailure: Error, CustomStringConvertible {
    /// What went wrong and how to fix it.
    var description: String
}
