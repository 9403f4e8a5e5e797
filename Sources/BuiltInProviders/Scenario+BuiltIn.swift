import AdMediation
public import AdSimulator
import Foundation

extension Scenario {
    /// The path of the built-in default scenario, `Fixtures/scenarios/default.json` of the AdBridge checkout adsim
    /// was built from.
    ///
    /// - Throws: ``ScenarioError`` when that checkout's fixtures are gone.
    public static func defaultPath() throws(ScenarioError) -> String {
        switch BuiltInFixtures.locate(override: nil) {
        case .success(let fixtures):
            return fixtures.appending(path: "scenarios/default.json").path
        case .failure(let error):
            throw ScenarioError(problems: [
                ConfigurationProblem(
                    .missingFile, at: "$", error.message, hint: "Give the path of a scenario file instead.")
            ])
        }
    }

    /// Loads and validates the scenario at `path` (default: ``defaultPath()``) against the built-in providers
    /// (Yandex, Google, IFLY).
    ///
    /// - Throws: ``ScenarioError`` listing every problem.
    public static func loadBuiltIn(contentsOf path: String? = nil) throws(ScenarioError) -> ValidatedScenario {
        let providers = (try? SimulationProviders.builtIn.descriptors()) ?? []
        let file: String
        if let path { file = path } else { file = try defaultPath() }
        return try load(contentsOf: file, providers: providers)
    }
}
