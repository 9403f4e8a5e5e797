import AdCore
import AdMediation
import AdSimulator
import BuiltInProviders

/// A scenario file given on the command line (`simulate`, `inspect --scenario`), loaded against the built-in
/// providers: the validated scenario, or the ``InputFailure`` that says whether the file cannot be read (66) or is
/// not a valid scenario (65).
///
/// ```swift
/// switch await ScenarioInput.load("Fixtures/scenarios/tiny.json") {
/// case .success(let scenario): print(scenario.summary)
/// case .failure(let failure): print(failure.code, failure.message)
/// }
/// ```
enum ScenarioInput {
    /// Loads and validates the scenario at `path`, and loads each of its creatives once through the provider that
    /// serves it (``SimulationRunner/creativeProblems()``): one no provider can load is a problem of the scenario.
    @MainActor
    static func load(_ path: String) async -> Result<ValidatedScenario, InputFailure> {
        let validated: ValidatedScenario
        do throws(ScenarioError) {
            validated = try Scenario.loadBuiltIn(contentsOf: path)
        } catch {
            return .failure(InputFailure(scenario: path, error))
        }
        let problems = await creativeProblems(of: validated)
        if !problems.isEmpty { return .failure(InputFailure(scenario: path, problems: problems)) }
        return .success(validated)
    }

    /// The creatives of `validated` the built-in providers cannot load (``SimulationRunner/creativeProblems()``),
    /// or the one problem that kept them from being loaded (a file that cannot be read).
    @MainActor
    static func creativeProblems(of validated: ValidatedScenario) async -> [ConfigurationProblem] {
        do throws(AdError) {
            return try await SimulationRunner(validated: validated, providers: .builtIn).creativeProblems()
        } catch {
            return [
                ConfigurationProblem(
                    .missingFile, at: "$.market", error.message,
                    hint: error.hint ?? "Check that every creative and no-fill file of the market can be read.")
            ]
        }
    }

    /// Loads the scenario at `path`, or the default scenario when no path was given (`simulate`, `optimize`):
    /// its path and the validated scenario, or why not (66 when the default cannot be found).
    @MainActor
    static func loadOrDefault(_ path: String?) async -> Result<
        (path: String, scenario: ValidatedScenario), InputFailure
    > {
        let resolved: String
        if let path {
            resolved = path
        } else {
            do throws(ScenarioError) {
                resolved = try Scenario.defaultPath()
            } catch {
                return .failure(InputFailure(.noInput, error.problems.map(\.message).joined(separator: "\n")))
            }
        }
        return await load(resolved).map { (resolved, $0) }
    }
}
