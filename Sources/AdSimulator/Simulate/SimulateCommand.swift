import AdCore
import AdRuntime
import Foundation

/// `adsim simulate [<scenario>] [--users <n>] [--json | --csv] [--sqlite <file>] [--html <file>]`: runs a scenario
/// (default `Fixtures/scenarios/default.json`) through the real stack in virtual time, every strategy variant over
/// the same users, and prints the report (``SimulationReport``): a table, JSON lines with `--json`, CSV with
/// `--csv`. `--sqlite` also streams every request and the aggregates into a SQLite file
/// (``SimulationSQLiteWriter``), `--html` also writes a self-contained page with charts (``SimulationHTMLPage``).
///
/// Exits 0 when the simulation ran, 1 when it or writing a file failed, 64 on a usage error: an unknown option, a
/// bad `--users`, `--json` with `--csv`, a `--sqlite` or `--html` path that cannot be written, a scenario that
/// cannot be read or is invalid (every problem printed with its JSON path).
///
/// ```swift
/// let status = await ADSim().run(["simulate", "--users", "5"], output: .buffered())
/// ```
public enum SimulateCommand {
    /// The `simulate` subcommand.
    public static let subcommand = Subcommand(
        name: "simulate",
        abstract: "Run a scenario's users through every strategy in virtual time; compare with the oracle.",
        help: """
            OVERVIEW: Simulate a scenario (Docs/Simulation.md): its users run through the real stack (mediation,
            the Yandex, Google and IFLY providers, the parser, binding, the geometry engine) in virtual time, once
            per strategy variant, against the same market draws (common random numbers); each strategy is compared
            with the oracle, the best possible outcome of each request on the same draws. Deterministic: the same
            scenario and seed print the same bytes.

            USAGE: adsim simulate [<scenario>] [--users <n>] [--json | --csv] [--sqlite <file>] [--html <file>]

            ARGUMENTS:
              <scenario>       A scenario JSON file. Default: Fixtures/scenarios/default.json of the AdBridge
                               checkout adsim was built from.

            OPTIONS:
              --users <n>      Simulate n users per strategy instead of the scenario's count (1...10000000).
              --json           JSON lines instead of the table: one object per row (a strategy's total, a
                               placement, a provider within a placement), keys in a fixed order.
              --csv            CSV (RFC 4180) instead of the table: a header line, then the rows and columns of
                               --json (timeToAdMs.p95 becomes the column timeToAdMs_p95). Not with --json.
              --sqlite <file>  Also write a SQLite database: every request (table requests), the aggregates
                               (strategies, placements, providers: the columns of --csv), the session timeline
                               and the run. An existing database has these tables replaced; another file is
                               refused.
              --html <file>    Also write one self-contained HTML page (inline SVG, no script): revenue against
                               p95 time to ad per strategy with the oracle, fill and revenue by provider,
                               impressions and revenue over the session.

            OUTPUT (table): one row per strategy (placement "total"), then per placement and per provider within
              it: requests, fills, fill%, impressions, show% (impressions per fill), clicks, ctr%, revenue, eCPM,
              yield% (the winners' prices as a share of the oracle's best prices on the same requests), time to
              ad p50/p95/p99 in ms of filled requests, the oracle's p95, line items timed out, errors, creative
              exclusions (rule Y18).

            EXIT STATUS:
              0 the simulation ran, 1 it failed (or writing --sqlite or --html failed), 64 usage error (unknown
              option, bad --users, --json with --csv, a --sqlite or --html path that cannot be written, a
              scenario that cannot be read or is invalid).

            """
    ) { arguments, output throws(UsageError) in
        try await run(arguments, output: output)
    }

    struct Options: Equatable {
        var scenario: String?
        var users: Int?
        var json = false
        var csv = false
        var sqlite: String?
        var html: String?
    }

    static func parseOptions(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--json":
                options.json = true
            case "--users":
                options.users = try users(remaining.popFirst())
            case "--csv":
                options.csv = true
            case "--sqlite", "--html":
                let path = try outputPath(argument, remaining.popFirst())
                if argument == "--sqlite" { options.sqlite = path } else { options.html = path }
            default:
                if argument.hasPrefix("--users=") {
                    options.users = try users(String(argument.dropFirst("--users=".count)))
                } else if argument.hasPrefix("--sqlite=") || argument.hasPrefix("--html=") {
                    let (name, value) = (argument.prefix { $0 != "=" }, argument.drop { $0 != "=" }.dropFirst())
                    let path = try outputPath(String(name), String(value))
                    if name == "--sqlite" { options.sqlite = path } else { options.html = path }
                } else if argument.hasPrefix("-") {
                    throw UsageError("Unknown option '\(argument)'.", command: "simulate")
                } else if options.scenario != nil {
                    throw UsageError("'simulate' takes one scenario (got '\(argument)' too).", command: "simulate")
                } else {
                    options.scenario = argument
                }
            }
        }
        if options.json && options.csv {
            throw UsageError("--json and --csv cannot be used together: choose one.", command: "simulate")
        }
        return options
    }

    private static func outputPath(_ option: String, _ value: String?) throws(UsageError) -> String {
        guard let value, !value.isEmpty, !value.hasPrefix("--") else {
            throw UsageError("\(option) needs the path of a file to write.", command: "simulate")
        }
        return value
    }

    private static func users(_ value: String?) throws(UsageError) -> Int {
        guard let value, let count = Int(value), (1...10_000_000).contains(count) else {
            throw UsageError(
                "--users needs a whole number of users from 1 to 10000000 (got '\(value ?? "")').",
                command: "simulate")
        }
        return count
    }

    static func run(_ arguments: [String], output: CommandOutput) async throws(UsageError) -> ExitCode {
        let options = try parseOptions(arguments)
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
        for (option, path) in [("--sqlite", options.sqlite), ("--html", options.html)] {
            guard let path else { continue }
            do throws(SimulationOutputError) {
                try SimulationOutputError.check(path)
            } catch {
                throw UsageError("\(option): \(error)", command: "simulate")
            }
        }
        return await simulate(validated, options: options, output: output)
    }

    @MainActor
    private static func simulate(_ validated: ValidatedScenario, options: Options, output: CommandOutput)
        async -> ExitCode
    {
        var writer: SimulationSQLiteWriter?
        if let path = options.sqlite {
            do throws(SimulationSQLiteError) {
                writer = try SimulationSQLiteWriter(path: path)
            } catch {
                output.writeError("adsim simulate: --sqlite \(path): \(error)\n")
                return .failure
            }
        }
        let result: SimulationResult
        do throws(AdError) {
            result = try await SimulationRunner(validated: validated, users: options.users, onRequest: writer?.observe)
                .run()
        } catch {
            output.writeError("adsim simulate: the simulation failed: \(error.message)\n")
            if let hint = error.hint { output.writeError("Hint: \(hint)\n") }
            return .failure
        }
        let report = SimulationReport(result: result)
        output.write(options.json ? report.jsonLines : options.csv ? report.csv : report.table)
        var status = ExitCode.success
        if let writer {
            do throws(SimulationSQLiteError) {
                try writer.finish(result)
            } catch {
                output.writeError("adsim simulate: --sqlite \(writer.path): \(error)\n")
                status = .failure
            }
        }
        if let path = options.html {
            do throws(SimulationOutputError) {
                try SimulationOutputError.write(SimulationHTMLPage(result: result).html, to: path)
            } catch {
                output.writeError("adsim simulate: --html: \(error)\n")
                status = .failure
            }
        }
        return status
    }
}
