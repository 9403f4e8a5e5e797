import AdCore
import AdMediation
import AdRuntime
import AdSimulator
import BuiltInProviders
import Foundation

/// `adsim inspect --config <mediation.json> [--scenario <file>] [--json]`: reviews an integration before release
/// (``IntegrationInspector``): the registered providers as they declare themselves, each placement's line items,
/// and the findings a review would raise (``InspectionFinding``).
///
/// Exits 0 without findings, 1 with findings (warnings, or a configuration mediation would refuse), 64 on a usage
/// error (no `--config`), 65 when a file is not a mediation configuration or an invalid scenario, 66 when one
/// cannot be read.
///
/// ```swift
/// let status = await ADSim().run(["inspect", "--config", "Fixtures/mediation/example.json"], output: .buffered())
/// ```
enum InspectCommand {
    /// `--config <file>`.
    static let config = CommandOption(
        "config", value: "file", help: "The mediation configuration to review.",
        converter: .path("a mediation configuration file"), required: true)
    /// `--scenario <file>`.
    static let scenario = CommandOption(
        "scenario", value: "file",
        help: "A simulation scenario whose market prices and screens (the layouts that show each placement) the "
            + "review also uses.",
        converter: .path("a scenario file"))
    /// `--json`.
    static let json = CommandFlag("json", help: "One JSON document instead of the text.")

    /// The declaration of the inspector's options.
    static let signature = CommandSignature(
        command: "inspect", arguments: [], options: [config.spec, scenario.spec, json.spec])

    /// The `inspect` subcommand.
    static let subcommand = Subcommand(
        signature: signature,
        abstract: "Review an integration: providers, placements and what a review would raise.",
        overview: """
            Review a host's integration before release against the built-in providers (Yandex, Google, IFLY): each
            provider as it declares itself (formats, whether it can bid, the assets a layout must render), each
            placement of the mediation configuration with its line items, and the findings a review would raise:
            a configuration mediation would refuse (a provider that cannot serve the format, ...), a bidder whose
            provider's ads carry no price, a floor above every price the line items can bring (with --scenario,
            the market's 99th percentiles), a bidder's timeout beyond the auction's deadline, a screen layout
            lacking an asset the provider requires (with --scenario).
            """,
        sections: [
            """
            EXIT STATUS:
              0 no findings, 1 findings (warnings or errors), 64 usage error (no --config), 65 a file that is
              not a mediation configuration or an invalid scenario, 66 a file that cannot be read.
            """
        ]
    ) { parsed, output throws(UsageError) in
        try await run(config: parsed[config], scenario: parsed[scenario], json: parsed[json], output: output)
    }

    @MainActor
    static func run(config: String?, scenario: String?, json: Bool, output: CommandOutput) async throws(UsageError)
        -> ExitCode
    {
        guard let config else {
            throw UsageError("--config is required: give the mediation configuration to review.", command: "inspect")
        }
        let data: Data
        do throws(SafeFileReader.Failure) {
            data = Data(try SafeFileReader.read(path: config, maxBytes: Scenario.maximumFileBytes))
        } catch {
            return output.fail(.noInput, "\(config) cannot be read (\(ScenarioFiles.describe(error))).")
        }
        let providers = (try? BuiltInRegistry.registry().descriptors) ?? []
        if let problem = ScenarioJSON.syntaxProblem(in: data) {
            return output.fail(.dataError, "\(config) is not a mediation configuration:\n  - \(problem)")
        }
        let configuration: MediationConfiguration
        let problems: [ConfigurationProblem]
        do throws(MediationConfigurationError) {
            let (decoded, found) = try MediationConfiguration.decodeForReview(data, providers: providers)
            configuration = decoded
            problems =
                found + UnknownKeyScanner.problems(in: data, configuration: decoded)
        } catch {
            let problems = error.problems.map { ScenarioJSON.located($0, in: data) }
            return output.fail(
                .dataError,
                "\(config) is not a mediation configuration:\n" + problems.map { "  - \($0)" }.joined(separator: "\n"))
        }
        var validated: ValidatedScenario?
        if let scenario {
            switch await ScenarioInput.load(scenario) {
            case .success(let loaded): validated = loaded
            case .failure(let failure): return output.fail(failure.code, failure.message)
            }
        }
        let report = IntegrationInspector(providers: providers)
            .inspect(configuration, problems: problems, scenario: validated)
        output.write(json ? report.json : report.text)
        return report.allFindings.isEmpty ? .success : .failure
    }
}
