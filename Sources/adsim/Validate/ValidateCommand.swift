import AdCore
import AdMediation
import AdRuntime
import AdSimulator
import BuiltInProviders
import Foundation

/// `adsim validate <file>...`: checks simulation scenarios and mediation configurations without running them.
/// Each file is read as a mediation configuration when it is a JSON object with `placements` and none of
/// `version`, `market` or `app`, else as a scenario (`Docs/Simulation.md`). A valid file prints one line on
/// standard output; an invalid one prints every problem with its JSON path on standard error.
///
/// Exits 0 when every file is valid, 64 when one is not (a bad scenario is a usage error, as for every command
/// that reads one) or on a usage error.
///
/// ```swift
/// let status = await ADSim().run(["validate", "Fixtures/scenarios/default.json"], output: .buffered())
/// ```
enum ValidateCommand {
    /// `<file>...`.
    static let files = CommandArgument(
        "file", arity: .oneOrMore, help: "A scenario or mediation configuration JSON file.",
        noun: "file to validate")

    /// The declaration of the validator's arguments.
    static let signature = CommandSignature(command: "validate", arguments: [files.spec])

    /// The `validate` subcommand.
    static let subcommand = Subcommand(
        signature: signature,
        abstract: "Check simulation scenarios and mediation configurations without running them.",
        overview: """
            Check simulation scenarios (Docs/Simulation.md) and mediation configurations
            (Docs/Mediation.md) without running them, against the built-in providers: the JSON, the version,
            every number's range, providers and formats, the creative files (relative to the scenario's folder),
            the placements and line items the market, screens and strategies name, and the strategies' sweeps.
            A file is a mediation configuration when it is a JSON object with "placements" and none of
            "version", "market" or "app"; anything else is checked as a scenario.
            """,
        sections: [
            """
            OUTPUT:
              <file>: valid (scenario: N placements, M line items, K strategies after sweeps)
              <file>: valid (mediation configuration: N placements, M line items)
              or, on standard error, <file>: invalid ... and one line per problem: its JSON path, what is
              wrong and how to fix it.
            """,
            """
            EXIT STATUS:
              0 every file is valid, 64 a file is invalid or cannot be read, or usage error.
            """,
        ]
    ) { parsed, output in
        run(files: parsed[files], output: output)
    }

    static func run(files: [String], output: CommandOutput) -> ExitCode {
        let providers = (try? BuiltInRegistry.registry().descriptors) ?? []
        var allValid = true
        for file in files {
            switch check(file, providers: providers) {
            case .success(let line):
                output.write("\(file): valid (\(line))\n")
            case .failure(let report):
                allValid = false
                output.writeError("\(file): \(report)\n")
            }
        }
        return allValid ? .success : .usage
    }

    /// The summary of a valid file, or the report of an invalid one (its first line without the file name).
    static func check(_ file: String, providers: [ProviderDescriptor]) -> Result<String, ValidationReport> {
        let data: Data
        do throws(SafeFileReader.Failure) {
            data = Data(try SafeFileReader.read(path: file, maxBytes: Scenario.maximumFileBytes))
        } catch {
            return .failure(ValidationReport("cannot be read (\(ScenarioFiles.describe(error)))."))
        }
        switch ScenarioJSON.kind(of: data) {
        case .mediationConfiguration:
            do throws(MediationConfigurationError) {
                let configuration = try MediationConfiguration.decode(data, providers: providers)
                let lineItems = configuration.placements.reduce(0) { $0 + $1.lineItems.count }
                return .success(
                    "mediation configuration: \(configuration.placements.count) placements, \(lineItems) line items")
            } catch {
                return .failure(ValidationReport(kind: "mediation configuration", problems: error.problems))
            }
        case .scenario:
            let folder = URL(fileURLWithPath: file).deletingLastPathComponent()
            do throws(ScenarioError) {
                let validated = try Scenario.load(data, baseDirectory: folder, providers: providers)
                return .success("scenario: " + validated.summary)
            } catch {
                return .failure(ValidationReport(kind: "scenario", problems: error.problems))
            }
        }
    }

    /// What `adsim validate` prints after `<file>: ` for an invalid file.
    struct ValidationReport: Error, CustomStringConvertible {
        let description: String

        init(_ text: String) { description = text }

        init(kind: String, problems: [ConfigurationProblem]) {
            description =
                "invalid \(kind) (\(problems.count) problem\(problems.count == 1 ? "" : "s")):\n"
                + problems.map { "  - \($0)" }.joined(separator: "\n")
        }
    }
}
