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
              0 every file is valid, 64 usage error, 65 a file is invalid (not JSON, or not a valid scenario or
              mediation configuration), 66 a file cannot be read; with several files, the gravest.
            """,
        ]
    ) { parsed, output in
        await run(files: parsed[files], output: output)
    }

    @MainActor
    static func run(files: [String], output: CommandOutput) async -> ExitCode {
        let providers = (try? BuiltInRegistry.registry().descriptors) ?? []
        var codes: [ExitCode] = []
        for file in files {
            switch await check(file, providers: providers) {
            case .success(let line):
                output.write("\(file): valid (\(line))\n")
            case .failure(let report):
                codes.append(report.code)
                output.writeError("\(file): \(report)\n")
            }
        }
        return ExitCode.gravest(codes)
    }

    /// The summary of a valid file, or the report of an invalid one (its first line without the file name).
    @MainActor
    static func check(_ file: String, providers: [ProviderDescriptor]) async -> Result<String, ValidationReport> {
        let data: Data
        do throws(SafeFileReader.Failure) {
            data = Data(try SafeFileReader.read(path: file, maxBytes: Scenario.maximumFileBytes))
        } catch {
            return .failure(
                ValidationReport(
                    "cannot be read (\(ScenarioFiles.describe(error))). Fix: Check the path (relative to the current "
                        + "folder) and that the file is readable.", code: .noInput))
        }
        switch ScenarioJSON.kind(of: data) {
        case .mediationConfiguration:
            if let problem = ScenarioJSON.syntaxProblem(in: data) {
                return .failure(ValidationReport(kind: "mediation configuration", problems: [problem]))
            }
            do throws(MediationConfigurationError) {
                let configuration = try MediationConfiguration.decode(data, providers: providers)
                // A tool refuses a key no field reads (an app reading its server's configuration lets it through).
                let unknown = UnknownKeyScanner.problems(in: data, configuration: configuration)
                if !unknown.isEmpty { throw MediationConfigurationError(problems: unknown) }
                let lineItems = configuration.placements.reduce(0) { $0 + $1.lineItems.count }
                return .success(
                    "mediation configuration: \(configuration.placements.count) placements, \(lineItems) line items")
            } catch {
                return .failure(ValidationReport(kind: "mediation configuration", problems: error.problems))
            }
        case .scenario:
            let folder = URL(fileURLWithPath: file).deletingLastPathComponent()
            let validated: ValidatedScenario
            do throws(ScenarioError) {
                validated = try Scenario.load(data, baseDirectory: folder, providers: providers)
            } catch {
                return .failure(ValidationReport(kind: "scenario", problems: error.problems))
            }
            // Every creative loads through the provider that serves it, or the run would fail every such fill.
            let problems = await ScenarioInput.creativeProblems(of: validated)
            if !problems.isEmpty { return .failure(ValidationReport(kind: "scenario", problems: problems)) }
            return .success("scenario: " + validated.summary)
        }
    }

    /// What `adsim validate` prints after `<file>: ` for an invalid file, and its exit status.
    struct ValidationReport: Error, CustomStringConvertible {
        let description: String
        /// 66 for a file that cannot be read, 65 for one that is invalid.
        let code: ExitCode

        init(_ text: String, code: ExitCode) {
            description = text
            self.code = code
        }

        /// The report of a file read but invalid; text that is not JSON is named so, whatever kind was expected.
        init(kind: String, problems: [ConfigurationProblem]) {
            let notJSON =
                problems.count == 1 && problems.first?.kind == .malformedJSON && problems.first?.path == "$"
                && problems.first?.message.hasPrefix("The file is not valid JSON") == true
            let count = "\(problems.count) problem\(problems.count == 1 ? "" : "s")"
            description =
                (notJSON ? "not JSON" : "invalid \(kind)") + " (\(count)):\n"
                + problems.map { "  - \($0)" }.joined(separator: "\n")
            code = .dataError
        }
    }
}
