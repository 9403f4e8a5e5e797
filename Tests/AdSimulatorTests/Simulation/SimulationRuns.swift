import AdCore
import AdSimulator
import BuiltInProviders
import Foundation

@testable import adsim

/// Runs of `Fixtures/scenarios/tiny.json` for the output tests, and temporary folders to write into.
@MainActor
enum SimulationRuns {
    /// The tiny scenario's path.
    nonisolated static let tinyPath = ScenarioFixtures.folder.appending(path: "tiny.json").path

    /// The tiny scenario, validated.
    static func tiny() throws -> ValidatedScenario {
        try Scenario.load(contentsOf: tinyPath, providers: ScenarioFixtures.providers)
    }

    /// Runs the tiny scenario with `users` users, handing every finished request to `onRequest`.
    static func run(users: Int = 3, onRequest: ((SimulatedRequestRecord) -> Void)? = nil) async throws
        -> SimulationResult
    {
        try await SimulationRunner(validated: tiny(), providers: .builtIn, users: users, onRequest: onRequest).run()
    }

    /// A new empty folder under the temporary folder, which the caller removes.
    nonisolated static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appending(path: "adsim-outputs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
