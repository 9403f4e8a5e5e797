public import AdCore
import AdMediation
import AdRuntime
public import Foundation

extension Scenario {
    /// The largest scenario or referenced configuration file read: 16 MiB.
    public static let maximumFileBytes = 16 << 20

    /// Reads, decodes and validates the scenario file at `path`; relative paths inside it are resolved against
    /// its folder.
    ///
    /// - Throws: ``ScenarioError`` listing every problem (a file that cannot be read is one `missingFile` problem
    ///   at `$`).
    public static func load(
        contentsOf path: String, providers: [ProviderDescriptor]
    ) throws(ScenarioError) -> ValidatedScenario {
        let data: Data
        do throws(SafeFileReader.Failure) {
            data = Data(try SafeFileReader.read(path: path, maxBytes: maximumFileBytes))
        } catch {
            throw ScenarioError(problems: [
                ConfigurationProblem(
                    .missingFile, at: "$", "The scenario '\(path)' cannot be read (\(ScenarioFiles.describe(error))).",
                    hint: "Give the path of a scenario file, such as Fixtures/scenarios/default.json.")
            ])
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        return try load(data, baseDirectory: folder, providers: providers)
    }

    /// Decodes and validates a scenario; relative paths inside it are resolved against `baseDirectory`.
    ///
    /// Order of the checks: the text must be JSON (else one problem with its position); `version` must be 1 (a
    /// missing one is a problem and the rest is read as version 1; another number stops there); the document
    /// must decode (a wrong type or a missing required field stops there, with its path; a key given twice in one
    /// object is listed with the rest, rule R2); then every check of
    /// `ScenarioValidator` runs and every problem is listed.
    ///
    /// - Throws: ``ScenarioError`` listing every problem.
    public static func load(
        _ data: Data, baseDirectory: URL, providers: [ProviderDescriptor]
    ) throws(ScenarioError) -> ValidatedScenario {
        var problems: [ConfigurationProblem] = []
        switch ScenarioJSON.version(of: data) {
        case .problem(let problem):
            throw ScenarioError(problems: [problem])
        case .missing:
            problems.append(
                ConfigurationProblem(
                    .unsupportedVersion, at: "$.version", "The scenario has no version.",
                    hint: "Add \"version\": \(currentVersion) as the first field."))
        case .declared(let version) where version != currentVersion:
            throw ScenarioError(problems: [
                ConfigurationProblem(
                    .unsupportedVersion, at: "$.version",
                    "Version \(version) is not supported (this adsim reads version \(currentVersion)).",
                    hint: "Write \"version\": \(currentVersion) and the fields Docs/Simulation.md documents.")
            ])
        case .declared:
            break
        }
        problems += DuplicateKeyScanner.problems(in: data)
        let collector = ConfigurationDecoding()
        let scenario: Scenario
        do {
            let decoder = JSONDecoder()
            decoder.userInfo = collector.userInfo
            scenario = try decoder.decode(Scenario.self, from: data)
        } catch let error as DecodingError {
            throw ScenarioError(
                problems: problems + collector.problems + [ConfigurationProblem(decoding: error, fix: ScenarioJSON.fix)]
            )
        } catch {
            throw ScenarioError(problems: [
                ConfigurationProblem(
                    .malformedJSON, at: "$", "The scenario could not be read (\(error)).", hint: ScenarioJSON.fix)
            ])
        }
        problems += collector.problems
        problems += UnknownKeyScanner.problems(
            in: data, decoded: scenario, documentation: "Docs/Simulation.md", besides: collector.problems)
        var validator = ScenarioValidator(
            scenario: scenario, files: ScenarioFiles(baseDirectory: baseDirectory), providers: providers)
        let validated = validator.validate()
        problems += validator.problems
        guard problems.isEmpty, var validated else {
            throw ScenarioError(problems: problems)
        }
        var digest = StableHash()
        digest.combine(data)
        validated.sourceDigest = digest.value
        return validated
    }
}
