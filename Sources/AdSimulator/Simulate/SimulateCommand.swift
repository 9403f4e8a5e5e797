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

            USAGE: adsim simulate [<scenario>] [--users <n>] [--json] [--jobs <n>] [--shard <i>/<n>]
                                  [--report-progress]

            ARGUMENTS:
              <scenario>       A scenario JSON file. Default: Fixtures/scenarios/default.json of the AdBridge
                               checkout adsim was built from.

            OPTIONS:
              --users <n>      Simulate n users per strategy instead of the scenario's count (1...10000000).
              --json           JSON lines instead of the table: one object per row (a strategy's total, a
                               placement, a provider within a placement), keys in a fixed order.
              --jobs <n>       Simulate in n worker processes (1...256), each a shard of the users, and merge
                               them: the same report for every n. Default: one per processor.
              --shard <i>/<n>  Simulate only shard i of n (users u with u % n == i - 1) and print its partial
                               result as JSON, for `adsim merge` (Docs/Simulation.md, "Sharding").
              --report-progress
                               Print 'progress <done>/<total>' lines on standard error (what workers send
                               --jobs); without it, a progress bar is drawn when standard error is a terminal.

            OUTPUT (table): one row per strategy (placement "total"), then per placement and per provider within
              it: requests, fills, fill%, impressions, show% (impressions per fill), clicks, ctr%, revenue, eCPM,
              yield% (the winners' prices as a share of the oracle's best prices on the same requests), time to
              ad p50/p95/p99 in ms of filled requests, the oracle's p95, line items timed out, errors, creative
              exclusions (rule Y18).

            EXIT STATUS:
              0 the simulation ran, 1 it failed, 64 usage error (unknown option, bad --users, a scenario that
              cannot be read or is invalid).

            """
    ) { arguments, output throws(UsageError) in
        try await run(arguments, output: output)
    }

    struct Options: Equatable {
        var scenario: String?
        var users: Int?
        var json = false
        var jobs: Int?
        var shard: SimulationShard?
        var reportProgress = false
    }

    /// The most worker processes `--jobs` starts.
    static let maximumJobs = 256

    static func parseOptions(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--json":
                options.json = true
            case "--users":
                options.users = try users(remaining.popFirst())
            case "--jobs":
                options.jobs = try jobs(remaining.popFirst())
            case "--shard":
                options.shard = try shard(remaining.popFirst())
            case "--report-progress":
                options.reportProgress = true
            default:
                if argument.hasPrefix("--users=") {
                    options.users = try users(String(argument.dropFirst("--users=".count)))
                } else if argument.hasPrefix("-") {
                    throw UsageError("Unknown option '\(argument)'.", command: "simulate")
                } else if options.scenario != nil {
                    throw UsageError("'simulate' takes one scenario (got '\(argument)' too).", command: "simulate")
                } else {
                    options.scenario = argument
                }
            }
        }
        if let jobs = options.jobs, jobs > 1, let shard = options.shard {
            throw UsageError(
                "--shard \(shard) runs one shard in this process; it cannot be combined with --jobs \(jobs).",
                command: "simulate")
        }
        return options
    }

    private static func jobs(_ value: String?) throws(UsageError) -> Int {
        guard let value, let count = Int(value), (1...maximumJobs).contains(count) else {
            throw UsageError(
                "--jobs needs a whole number of worker processes from 1 to \(maximumJobs) (got '\(value ?? "")').",
                command: "simulate")
        }
        return count
    }

    private static func shard(_ value: String?) throws(UsageError) -> SimulationShard {
        do throws(SimulationShard.Problem) {
            return try SimulationShard(parsing: value ?? "")
        } catch {
            throw UsageError("--shard: \(error.message).", command: "simulate")
        }
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
        return await simulate(validated, path: path, options: options, output: output)
    }

    @MainActor
    private static func simulate(_ validated: ValidatedScenario, path: String, options: Options, output: CommandOutput)
        async -> ExitCode
    {
        let users = options.users ?? validated.scenario.users.count
        let result: SimulationResult
        do throws(SimulationFailure) {
            if let shard = options.shard {
                let partial = try await runInProcess(validated, users: users, shard: shard, options, output)
                output.write(String(decoding: partial.encoded(), as: UTF8.self) + "\n")
                return .success
            }
            let executable = try? SimulationWorkers.adsimExecutable()
            let jobs = min(options.jobs ?? (executable == nil ? 1 : defaultJobs), max(users, 1))
            if jobs > 1 {
                result = try await runWorkers(path: path, users: users, jobs: jobs, output: output)
            } else {
                result = try await runInProcess(validated, users: users, shard: .whole, options, output).result
            }
        } catch {
            output.writeError("adsim simulate: the simulation failed: \(error.message)\n")
            if let hint = error.hint { output.writeError("Hint: \(hint)\n") }
            return .failure
        }
        let report = SimulationReport(result: result)
        output.write(options.json ? report.jsonLines : report.table)
        return .success
    }

    /// The worker processes `adsim simulate` starts when `--jobs` is not given: one per processor when it runs
    /// as the `adsim` executable.
    static var defaultJobs: Int { min(max(ProcessInfo.processInfo.activeProcessorCount, 1), maximumJobs) }

    @MainActor
    private static func runInProcess(
        _ validated: ValidatedScenario, users: Int, shard: SimulationShard, _ options: Options,
        _ output: CommandOutput
    ) async throws(SimulationFailure) -> SimulationPartial {
        var runner = SimulationRunner(validated: validated, users: users, shard: shard)
        let bar = ProgressBar(output: output, unit: "users")
        if options.reportProgress {
            runner.progress = { done, total in
                output.writeError(SimulationWorkers.progressPrefix + "\(done)/\(total)\n")
            }
        } else {
            runner.progress = { done, total in bar.update(done: done, total: total) }
        }
        defer { bar.finish() }
        do throws(AdError) {
            return try await runner.runPartial()
        } catch {
            throw SimulationFailure(message: error.message, hint: error.hint)
        }
    }

    private static func runWorkers(path: String, users: Int, jobs: Int, output: CommandOutput)
        async throws(SimulationFailure) -> SimulationResult
    {
        let bar = ProgressBar(output: output, unit: "users")
        defer { bar.finish() }
        do throws(SimulationMergeError) {
            let workers = SimulationWorkers(executable: try SimulationWorkers.adsimExecutable(), jobs: jobs)
            let partials = try await workers.run(
                shards: jobs,
                arguments: { shard in
                    ["simulate", path, "--users", String(users), "--shard", shard.description, "--report-progress"]
                },
                progress: { done, total in bar.update(done: done, total: total) })
            return try SimulationPartial.merge(partials)
        } catch {
            throw SimulationFailure(message: error.message, hint: error.hint)
        }
    }

    /// A failed run: what failed and how to fix it.
    private struct SimulationFailure: Error {
        var message: String
        var hint: String?
    }
}
