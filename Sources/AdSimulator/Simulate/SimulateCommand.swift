import AdCore
import AdRuntime
import Foundation

/// `adsim simulate [<scenario>] [--users <n>] [--json]`: runs a scenario (default `Fixtures/scenarios/default.json`)
/// through the real stack in virtual time, every strategy variant over the same users, and prints the report
/// (``SimulationReport``): a table, or JSON lines with `--json`.
///
/// Exits 0 when the simulation ran, 1 when it failed, 64 on a usage error: an unknown option, a bad `--users`,
/// a scenario that cannot be read or is invalid (every problem printed with its JSON path).
///
/// ```swift
/// let status = await ADSim().run(["simulate", "--users", "5"], output: .buffered())
/// ```
public enum SimulateCommand {
    /// `<scenario>`.
    static let scenario = CommandArgument(
        "scenario", arity: .optional,
        help: "A scenario JSON file. Default: Fixtures/scenarios/default.json of the AdBridge checkout adsim was "
            + "built from.",
        noun: "scenario", converter: .path("a scenario file"))
    /// `--users <n>`.
    static let users = CommandOption(
        "users", value: "n", help: "Simulate n users per strategy instead of the scenario's count (1...10000000).",
        converter: .integer(in: 1...10_000_000))
    /// `--json`.
    static let json = CommandFlag(
        "json",
        help: "JSON lines instead of the table: one object per row (a strategy's total, a placement, a provider "
            + "within a placement), keys in a fixed order.")

    /// The declaration of the simulator's arguments and options.
    static let signature = CommandSignature(
        command: "simulate", arguments: [scenario.spec], options: [users.spec, json.spec])

    /// The `simulate` subcommand.
    public static let subcommand = Subcommand(
        signature: signature,
        abstract: "Run a scenario's users through every strategy in virtual time; compare with the oracle.",
        overview: """
            Simulate a scenario (Docs/Simulation.md): its users run through the real stack (mediation,
            the Yandex, Google and IFLY providers, the parser, binding, the geometry engine) in virtual time, once
            per strategy variant, against the same market draws (common random numbers); each strategy is compared
            with the oracle, the best possible outcome of each request on the same draws. Deterministic: the same
            scenario and seed print the same bytes.
            """,
        sections: [
            """
            OUTPUT (table): one row per strategy (placement "total"), then per placement and per provider within
              it: requests, fills, fill%, impressions, show% (impressions per fill), clicks, ctr%, revenue, eCPM,
              yield% (the winners' prices as a share of the oracle's best prices on the same requests), time to
              ad p50/p95/p99 in ms of filled requests, the oracle's p95, line items timed out, errors, creative
              exclusions (rule Y18).
            """,
            """
            EXIT STATUS:
              0 the simulation ran, 1 it failed, 64 usage error (unknown option, bad --users, a scenario that
              cannot be read or is invalid).
            """,
        ]
    ) { parsed, output throws(UsageError) in
        try await run(Options(parsed), output: output)
    }

    struct Options: Equatable {
        var scenario: String?
        var users: Int?
        var json = false

        init(scenario: String? = nil, users: Int? = nil, json: Bool = false) {
            self.scenario = scenario
            self.users = users
            self.json = json
        }

        init(_ parsed: ParsedArguments) {
            self.init(
                scenario: parsed[SimulateCommand.scenario].first, users: parsed[SimulateCommand.users],
                json: parsed[SimulateCommand.json])
        }
    }

    static func run(_ options: Options, output: CommandOutput) async throws(UsageError) -> ExitCode {
        let path: String
        if let scenario = options.scenario {
            path = scenario
        } else {
            switch DemoFixtures.locate(override: nil) {
            case .success(let fixtures): path = fixtures.appending(path: "scenarios/default.json").path
            case .failure(let error):
                output.writeError(error.message + "\n")
                return .failure
            }
        }
        let providers = (try? DemoProviders.registry().descriptors) ?? []
        let validated: ValidatedScenario
        do throws(ScenarioError) {
            validated = try Scenario.load(contentsOf: path, providers: providers)
        } catch {
            let problems = error.problems
            throw UsageError(
                "\(path): invalid scenario (\(problems.count) problem\(problems.count == 1 ? "" : "s")):\n"
                    + problems.map { "  - \($0)" }.joined(separator: "\n"), command: "simulate")
        }
        return await simulate(validated, users: options.users, json: options.json, output: output)
    }

    @MainActor
    private static func simulate(_ validated: ValidatedScenario, users: Int?, json: Bool, output: CommandOutput)
        async -> ExitCode
    {
        do throws(AdError) {
            let result = try await SimulationRunner(validated: validated, users: users).run()
            let report = SimulationReport(result: result)
            output.write(json ? report.jsonLines : report.table)
            return .success
        } catch {
            output.writeError("adsim simulate: the simulation failed: \(error.message)\n")
            if let hint = error.hint { output.writeError("Hint: \(hint)\n") }
            return .failure
        }
    }
}
