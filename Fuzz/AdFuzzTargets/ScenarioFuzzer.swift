import AdCore
import AdMediation
import AdSimulator
import BuiltInProviders
import Foundation

/// The simulator scenario target: one input is one scenario file, decoded and validated against the three built-in
/// providers' descriptors, its relative paths resolved against `Fixtures/scenarios`. A refusal must list at least one
/// problem, each with a message and a JSON path. A scenario that validates must run (rule R2): one user, one short
/// session of at most ``longestSession`` seconds and two full-screen opens, through every strategy of the simulator
/// (a fuzzed scenario may ask for ten million users of a thousand day-long sessions: that is work the user asked
/// for, not a promise to check here).
enum ScenarioFuzzer {
    static let baseDirectory = URL(fileURLWithPath: "Fixtures/scenarios", isDirectory: true)
    /// The longest session one rehearsal simulates, in seconds.
    static let longestSession = 30.0

    static func run(_ input: [UInt8]) async -> [String] {
        var validated: ValidatedScenario
        do throws(ScenarioError) {
            validated = try Scenario.load(
                Data(input), baseDirectory: baseDirectory, providers: MediationConfigurationFuzzer.providers)
        } catch {
            if error.problems.isEmpty { return ["scenario: a refusal without a problem"] }
            return error.problems.filter { $0.message.isEmpty || $0.path.isEmpty }
                .map { "scenario: \($0.kind) without a message or a path" }
        }
        validated.scenario.users.sessionsPerUser = 1
        validated.scenario.users.sessionSeconds = .fixed(longestSession)
        validated.scenario.users.fullScreenOpensPerSession = min(validated.scenario.users.fullScreenOpensPerSession, 2)
        do throws(AdError) {
            let result = try await SimulationRunner(validated: validated, providers: .builtIn, users: 1).run()
            return result.users == 1 ? [] : ["scenario: one user was asked for, \(result.users) ran"]
        } catch {
            return ["scenario: a scenario that validated failed to run: \(error)"]
        }
    }
}
