import AdCore
import AdRuntime
import AdSimulator
import BuiltInProviders
import Foundation

/// `adsim simulate [<scenario>] [--users <n>] [--json | --csv] [--sqlite <file>] [--html <file>] [--jobs <n>] [--shard
/// <i>/<n>] [--tier fast|full]`: runs a scenario (default `Fixtures/scenarios/default.json`) through the real stack in
/// virtual time, every strategy variant over the same users, and prints the report (``SimulationReport``): a table,
/// JSON lines with `--json`, CSV with `--csv`. `--sqlite` also streams every request and the aggregates into a SQLite
/// file (``SimulationSQLiteWriter``), `--html` also writes a self-contained page with charts (``SimulationHTMLPage``).
/// `--jobs` runs the users in worker processes (``SimulationWorkers``); `--shard` runs one shard and prints its partial
/// result (``SimulationPartial``) for `adsim merge`. `--tier fast` runs the fast tier (``SimulationTier``): every
/// worker or shard calibrates on the same full-tier pilot users.
///
/// Exits 0 when the simulation ran, 1 when it or writing a file failed, 64 on a usage error: an unknown option, a
/// bad value, `--json` with `--csv`, `--sqlite` with `--jobs` above 1, a `--sqlite` or `--html` path that cannot be
/// written or exists and is not a regular file (``OutputPath``: checked before the run, rule R19), a scenario that
/// cannot be read or is invalid (every problem printed with its JSON path).
///
/// ```swift
/// let status = await ADSim().run(["simulate", "--users", "5"], output: .buffered())
/// ```
enum SimulateCommand {
    /// `<scenario>`.
    static let scenario = CommandArgument(
        "scenario", arity: .optional,
        help: "A scenario JSON file. Default: Fixtures/scenarios/default.json of the AdBridge checkout adsim was "
            + "built from.",
        noun: "scenario", converter: .path("a scenario file"))
    /// `--users <n>`.
    static let users = CommandOption(
        "users", value: "n",
        help: "Simulate n users per strategy instead of the scenario's count (1...\(ScenarioUsers.maximumCount)).",
        converter: .integer(in: 1...ScenarioUsers.maximumCount))
    /// `--json`.
    static let json = CommandFlag(
        "json",
        help: "JSON lines instead of the table: one object per row (a strategy's total, a placement, a provider "
            + "within a placement), keys in a fixed order.")

    /// `--csv`.
    static let csv = CommandFlag(
        "csv",
        help: "CSV (RFC 4180) instead of the table: a header line, then the rows and columns of --json "
            + "(timeToAdMs.p95 becomes the column timeToAdMs_p95).")
    /// `--sqlite <file>`.
    static let sqlite = CommandOption(
        "sqlite", value: "file",
        help: "Also write a SQLite database: every request (table requests, streamed from the one process that "
            + "runs the users, so not with --jobs above 1), the aggregates (strategies, placements, providers: the "
            + "columns of --csv), the session timeline and the run. An existing database has these tables "
            + "replaced; another file is refused.",
        converter: .path("the path of a file to write"))
    /// `--html <file>`.
    static let html = CommandOption(
        "html", value: "file",
        help: "Also write one self-contained HTML page (inline SVG, no script): revenue against p95 time to ad per "
            + "strategy with the oracle, fill and revenue by provider, impressions and revenue over the session.",
        converter: .path("the path of a file to write"))
    /// `--jobs <n>`.
    static let jobs = CommandOption(
        "jobs", value: "n",
        help: "Simulate in n worker processes (1...\(maximumJobs)), each a shard of the users, and merge them: the "
            + "same report for every n. Default: one per processor (1 when adsim is not run as its executable).",
        converter: .integer(in: 1...maximumJobs))
    /// `--shard <i>/<n>`.
    static let shard = CommandOption(
        "shard", value: "i/n",
        help: "Simulate only shard i of n (the users u with u % n == i - 1) and print its partial result as JSON, "
            + "for adsim merge (Docs/Simulation.md, \"Sharding\").",
        converter: .shard)
    /// `--tier fast|full`.
    static let tier = CommandOption(
        "tier", value: "tier",
        help: "full (the default): the real stack, parse, bind and geometry. fast: the same mediation, market "
            + "draws, oracle and tally without parse, bind or geometry; impressions and clicks drawn from the rates "
            + "of a full-tier pilot of the first \(SimulationRunner.defaultPilotUsers) users, stated under the table "
            + "(Docs/Simulation.md, \"Tiers\").",
        converter: .choice(SimulationTier.allCases.map(\.rawValue)))
    /// `--report-progress`.
    static let reportProgress = CommandFlag(
        "report-progress",
        help: "Print 'progress <done>/<total>' lines on standard error (what workers send --jobs). Without it, a "
            + "progress bar is drawn when standard error is a terminal.")

    /// The most worker processes `--jobs` starts.
    static let maximumJobs = 256

    /// The declaration of the simulator's arguments and options.
    static let signature = CommandSignature(
        command: "simulate", arguments: [scenario.spec],
        options: [
            users.spec, json.spec, csv.spec, sqlite.spec, html.spec, jobs.spec, shard.spec, tier.spec,
            reportProgress.spec,
        ],
        exclusive: [["json", "csv"], ["jobs", "shard"]])

    /// The `simulate` subcommand.
    static let subcommand = Subcommand(
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
            OUTPUT (--shard): one JSON document, the shard's partial result (counts, sums, latency histograms, the
              scenario's fingerprint); `adsim merge` adds the partials of every shard into the unsharded report.
            """,
            """
            OUTPUT (table): one row per strategy (placement "total"), then per placement and per provider within
              it: requests, fills, fill%, ads used (bound or presented), refills unused, impressions, show% (per
              ad used), clicks, ctr%, revenue, eCPM, ARPDAU, the winners' bid prices, the prices they paid (the
              clearing price under second price), the oracle's revenue, yield% (paid as a share of the oracle's
              revenue on the same requests; n/a when the oracle earns nothing), time to ad p50/p95/p99 in ms of
              filled requests, the oracle's p95, line items below the floor (asked, bid under it), timed out,
              errors, creative exclusions (rule Y18). Docs/Simulation.md, "Figures", defines each.
            """,
            """
            EXIT STATUS:
              0 the simulation ran, 1 it failed (or writing --sqlite or --html failed), 64 usage error (unknown
              option, a bad value, --json with --csv, --sqlite with --jobs above 1, a --sqlite or --html path
              that cannot be written or that exists and is not a regular file: a FIFO, a device, a folder, a
              socket, a symbolic link; checked before the run), 65 the scenario is invalid, 66 it cannot be read.
            """,
        ]
    ) { parsed, output throws(UsageError) in
        try await run(Options(parsed), output: output)
    }

    struct Options: Equatable {
        var scenario: String?
        var users: Int?
        var json = false
        var jobs: Int?
        var shard: SimulationShard?
        var reportProgress = false
        var csv = false
        var sqlite: String?
        var html: String?
        var tier = SimulationTier.full

        init(scenario: String? = nil, users: Int? = nil, json: Bool = false) {
            self.scenario = scenario
            self.users = users
            self.json = json
        }

        init(_ parsed: ParsedArguments) {
            self.init(
                scenario: parsed[SimulateCommand.scenario].first, users: parsed[SimulateCommand.users],
                json: parsed[SimulateCommand.json])
            jobs = parsed[SimulateCommand.jobs]
            shard = parsed[SimulateCommand.shard]
            reportProgress = parsed[SimulateCommand.reportProgress]
            csv = parsed[SimulateCommand.csv]
            sqlite = parsed[SimulateCommand.sqlite]
            html = parsed[SimulateCommand.html]
            tier = parsed[SimulateCommand.tier].flatMap(SimulationTier.init(rawValue:)) ?? .full
        }
    }

    static func run(_ options: Options, output: CommandOutput) async throws(UsageError) -> ExitCode {
        try checkJobs(options)
        // Every file is checked before anything else: a long run is not lost to a bad path (R19), and a usage
        // error (64) comes before what the scenario holds (65).
        var files = Files()
        do throws(OutputPathError) {
            if let sqlite = options.sqlite { files.sqlite = try OutputPath(flag: "--sqlite", path: sqlite) }
            if let html = options.html { files.html = try OutputPath(flag: "--html", path: html) }
        } catch {
            throw UsageError(error.description, command: "simulate")
        }
        let path: String
        let validated: ValidatedScenario
        switch await ScenarioInput.loadOrDefault(options.scenario) {
        case .success(let loaded): (path, validated) = loaded
        case .failure(let failure): return output.fail(failure.code, failure.message)
        }
        return await simulate(validated, path: path, options: options, files: files, output: output)
    }

    /// Refuses `--sqlite` with `--jobs` above 1 (every request is written by the one process that simulates it);
    /// `--jobs 1` is one process and allowed.
    static func checkJobs(_ options: Options) throws(UsageError) {
        guard options.sqlite != nil, let jobs = options.jobs, jobs > 1 else { return }
        throw UsageError(
            "--sqlite cannot be combined with --jobs \(jobs): every request is written into the database by the "
                + "one process that simulates it. Give --jobs 1 (or leave --jobs out: --sqlite runs in one "
                + "process), or drop --sqlite to use \(jobs) worker processes.", command: "simulate")
    }

    /// The files the run writes, checked.
    private struct Files {
        var sqlite: OutputPath?
        var html: OutputPath?
    }

    @MainActor
    private static func simulate(
        _ validated: ValidatedScenario, path: String, options: Options, files: Files, output: CommandOutput
    ) async -> ExitCode {
        let users = options.users ?? validated.scenario.users.count
        var writer: SimulationSQLiteWriter?
        if let file = files.sqlite {
            do throws(SimulationSQLiteError) {
                writer = try SimulationSQLiteWriter(path: file.path)
            } catch {
                output.writeError("adsim simulate: --sqlite \(file.path): \(error)\n")
                return .failure
            }
        }
        let result: SimulationResult
        do throws(SimulationFailure) {
            if let shard = options.shard {
                let partial = try await runInProcess(
                    validated, users: users, shard: shard, options, output, onRequest: writer?.observe)
                output.write(String(decoding: partial.encoded(), as: UTF8.self) + "\n")
                return finish(partial.result, writer: writer, html: files.html, output: output)
            }
            // Every request of --sqlite is written by the process that simulates it: one process then.
            let automatic = SimulationWorkers.isRunningAsADSim && writer == nil ? defaultJobs : 1
            let jobs = min(options.jobs ?? automatic, max(users, 1))
            if jobs > 1 {
                result = try await runWorkers(
                    path: path, users: users, runs: users * validated.variants.count, jobs: jobs, tier: options.tier,
                    output: output)
            } else {
                result = try await runInProcess(
                    validated, users: users, shard: .whole, options, output, onRequest: writer?.observe
                ).result
            }
        } catch {
            output.writeError("adsim simulate: the simulation failed: \(error.message)\n")
            if let hint = error.hint { output.writeError("Hint: \(hint)\n") }
            return .failure
        }
        let report = SimulationReport(result: result)
        output.write(options.json ? report.jsonLines : options.csv ? report.csv : report.table)
        // The rows say only "tier: fast"; what was drawn, and from which rates, goes beside them.
        if options.json || options.csv, let note = report.tierNote { output.writeError(note) }
        return finish(result, writer: writer, html: files.html, output: output)
    }

    /// Writes the aggregates into the SQLite file and the HTML page, when asked for.
    @MainActor
    private static func finish(
        _ result: SimulationResult, writer: SimulationSQLiteWriter?, html: OutputPath?, output: CommandOutput
    ) -> ExitCode {
        var status = ExitCode.success
        if let writer {
            do throws(SimulationSQLiteError) {
                try writer.finish(result)
            } catch {
                output.writeError("adsim simulate: --sqlite \(writer.path): \(error)\n")
                status = .failure
            }
        }
        if let html {
            do throws(OutputPathError) {
                try html.write(SimulationHTMLPage(result: result).html)
            } catch {
                output.writeError("adsim simulate: \(error)\n")
                status = .failure
            }
        }
        return status
    }

    /// The worker processes `adsim simulate` starts when `--jobs` is not given and it runs as the `adsim`
    /// executable: one per processor. (Called from another program, a test, it runs in process.)
    static var defaultJobs: Int { min(max(ProcessInfo.processInfo.activeProcessorCount, 1), maximumJobs) }

    @MainActor
    private static func runInProcess(
        _ validated: ValidatedScenario, users: Int, shard: SimulationShard, _ options: Options,
        _ output: CommandOutput, onRequest: ((SimulatedRequestRecord) -> Void)?
    ) async throws(SimulationFailure) -> SimulationPartial {
        var runner = SimulationRunner(
            validated: validated, providers: .builtIn, users: users, shard: shard, onRequest: onRequest)
        runner.tier = options.tier
        runner.checksCreatives = false  // ScenarioInput checked them when it loaded the scenario
        let bar = ProgressBar(output: output, unit: ProgressBar.runs)
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

    /// Runs the users in `jobs` worker processes; `runs` (users times strategies) is the progress bar's total from
    /// the start, before every worker has reported its own.
    private static func runWorkers(
        path: String, users: Int, runs: Int, jobs: Int, tier: SimulationTier, output: CommandOutput
    ) async throws(SimulationFailure) -> SimulationResult {
        let bar = ProgressBar(output: output, unit: ProgressBar.runs)
        defer { bar.finish() }
        do throws(SimulationMergeError) {
            let workers = SimulationWorkers(executable: try SimulationWorkers.adsimExecutable(), jobs: jobs)
            let partials = try await workers.run(
                shards: jobs,
                arguments: { shard in
                    [
                        "simulate", path, "--users", String(users), "--shard", shard.description, "--tier",
                        tier.rawValue, "--report-progress",
                    ]
                },
                progress: { done, _ in bar.update(done: done, total: runs) })
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
