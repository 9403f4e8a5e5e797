import AdFuzzTargets
import AdTestSupport
import Foundation
import Testing

/// Rule R5: every fuzz target's one-input function runs over its whole corpus (seeds, fixtures, findings) in the
/// ordinary test run, and keeps every promise it checks.
@Suite("R5: fuzz targets replay their corpus")
struct FuzzReplayTests {
    @Test("R5: each fuzz target runs its corpus without a broken promise", arguments: FuzzTarget.allCases)
    func r5_replayCorpus(target: FuzzTarget) async throws {
        let files = FuzzCorpus.files(for: target, packageRoot: FixturePaths.packageRoot)
        #expect(files.count >= 3, "\(target.rawValue): \(files.count) corpus files")
        for file in files {
            let input = try [UInt8](Data(contentsOf: file))
            let problems = await target.run(input)
            #expect(problems.isEmpty, "\(file.path): \(problems)")
        }
    }

    @Test("R5: each fuzz target survives empty, tiny and binary inputs", arguments: FuzzTarget.allCases)
    func r5_degenerateInputs(target: FuzzTarget) async {
        let inputs: [[UInt8]] = [[], [0], [0, 0, 0], Array("<".utf8), Array("{".utf8), Array(0...255), [0xFF, 0xFE]]
        for input in inputs {
            #expect(await target.run(input).isEmpty, "\(input.prefix(8))")
        }
    }

    @Test(
        "R5: the VAST target's corpus includes the IAB samples when they are present",
        .enabled(if: FixturePaths.iabSamples != nil, Comment(rawValue: FixturePaths.iabSamplesMissingMessage)))
    func r5_iabSamplesInCorpus() throws {
        let samples = try #require(FixturePaths.iabSamples)
        let files = FuzzCorpus.files(for: .vast, packageRoot: FixturePaths.packageRoot)
        #expect(
            files.contains {
                $0.path.hasPrefix(samples.standardizedFileURL.path) || $0.path.contains("iab-vast-samples")
            })
    }
}
