import AdSimulator
import BuiltInProviders

/// A scenario file given on the command line (`simulate`, `inspect --scenario`), loaded against the built-in
/// providers: the validated scenario, or the ``InputFailure`` that says whether the file cannot be read (66) or is
/// not a valid scenario (65).
///
/// ```swift
/// switch ScenarioInput.load("Fixtures/scenarios/tiny.json") {
/// case .success(let scenario): print(scenario.summary)
/// case .failure(let failure): print(failure.code, failure.message)
/// }
/// ```
enum ScenarioInput {
    /// Loads and validates the scenario at `path`.
    static func load(_ path: String) -> Result<ValidatedScenario, InputFailure> {
        do throws(ScenarioError) {
            return .success(try Scenario.loadBuiltIn(contentsOf: path))
        } catch {
            return .failure(InputFailure(scenario: path, error))
        }
    }
}
