import AdMediation
import AdSimulator
import Foundation

/// The simulator scenario target: one input is one scenario file, decoded and validated against the three built-in
/// providers' descriptors, its relative paths resolved against `Fixtures/scenarios`. A refusal must list at least one
/// problem, each with a message and a JSON path.
enum ScenarioFuzzer {
    static let baseDirectory = URL(fileURLWithPath: "Fixtures/scenarios", isDirectory: true)

    static func run(_ input: [UInt8]) -> [String] {
        do throws(ScenarioError) {
            _ = try Scenario.load(
                Data(input), baseDirectory: baseDirectory, providers: MediationConfigurationFuzzer.providers)
            return []
        } catch {
            if error.problems.isEmpty { return ["scenario: a refusal without a problem"] }
            return error.problems.filter { $0.message.isEmpty || $0.path.isEmpty }
                .map { "scenario: \($0.kind) without a message or a path" }
        }
    }
}
