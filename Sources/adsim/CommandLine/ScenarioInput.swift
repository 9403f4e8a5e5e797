import AdCore
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
        do throws(AdError) {
            let problems = try await SimulationRunner(validated: validated, providers: .builtIn).creativeProblems()
            if !problems.isEmpty { return .failure(InputFailure(scenario: path, problems: problems)) }
        } catch {
            return .failure(InputFailure(.dataError, "\(path): \(error.message)" + (error.hint.map { " \($0)" } ?? "")))
        }
        return .success(validated)
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
