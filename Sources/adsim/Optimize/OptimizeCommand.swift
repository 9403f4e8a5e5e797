import AdCore
import AdSimulator
import BuiltInProviders
import Foundation

/// `adsim optimize [<scenario>] --budget p95=<ms> [--users <n>] [--search-users <n>] [--search-tier fast|full]
/// [--out <file>] [--json] [--html <file>]`: searches each placement's floor, line-item timeout, auction deadline and
/// waterfall order for the most revenue whose every placement's p95 time to ad is within the budget
/// (``SimulationOptimizer``), in the fast tier by default, on the same users for every candidate; confirms the best
/// few on more users in the full tier; writes the answer as a mediation configuration file that
/// `adsim validate` and `adsim inspect` accept, and prints the report (the answer, the candidates confirmed, the
/// revenue / p95 frontier), as JSON with `--json`, and as an HTML page with a frontier chart with `--html`.
///
/// Exits 0 when the answer meets the budget, 1 when no candidate does (the fastest is written) or a run or a file
/// failed, 64 on a usage error, 65 when the scenario is invalid, 66 when it cannot be read.
///
/// ```swift
/// let status = await ADSim().run(["optimize", "--budget", "p95=800", "--out", "/tmp/best.json"], output: .buffered())
/// ```
enum OptimizeCommand {
    /// `<scenario>`: the same argument as `simulate`'s.
    static let scenario = SimulateCommand.scenario
    /// `--budget p95=<ms>`.
    static let budget = CommandOption(
        "budget", value: "p95=ms",
        help: "The most each placement's p95 time to ad (of its filled requests) may be, in milliseconds "
            + "(1...\(OptimizationBudget.maximumMilliseconds)).",
        converter: ArgumentConverter(expectation: "p95=<ms>") { text, spelling throws(UsageError) in
            do throws(OptimizationError) {
                return try OptimizationBudget(parsing: text)
            } catch {
                throw UsageError("\(spelling): \(error.message) \(error.hint)")
            }
        }, required: true)
    /// `--users <n>`.
    static let users = CommandOption(
        "users", value: "n",
        help: "Confirm the best candidates on n users (1...\(ScenarioUsers.maximumCount)). Default: the "
            + "scenario's count.",
        converter: .integer(in: 1...ScenarioUsers.maximumCount))
    /// `--search-users <n>`.
    static let searchUsers = CommandOption(
        "search-users", value: "n",
        help: "Run each candidate of the search on n users (1...\(ScenarioUsers.maximumCount), at most --users). "
            + "Default: a fifth of --users, at least 20.",
        converter: .integer(in: 1...ScenarioUsers.maximumCount))
    /// `--search-tier fast|full`.
    static let searchTier = CommandOption(
        "search-tier", value: "tier",
        help: "The tier the search runs in: fast (the default: the same mediation and draws, impressions and clicks "
            + "from rates a full-tier pilot calibrates) or full (the real stack). The best candidates are always "
            + "confirmed in the full tier.",
        converter: .choice(["fast", "full"]))
    /// `--out <file>`.
    static let out = CommandOption(
        "out", value: "file",
        help: "Where to write the answer's mediation configuration. Default: optimized-mediation.json in the "
            + "current folder. An existing regular file is replaced; another kind of file is refused.",
        converter: .path("the path of a file to write"))
    /// `--json`.
    static let json = CommandFlag(
        "json", help: "The report as one JSON object instead of the table (sorted keys).")
    /// `--html <file>`.
    static let html = CommandOption(
        "html", value: "file",
        help: "Also write one self-contained HTML page (inline SVG, no script): every candidate's revenue against "
            + "its worst p95, the frontier, the budget and the answer.",
        converter: .path("the path of a file to write"))

    /// The declaration of the optimizer's arguments and options.
    static let signature = CommandSignature(
        command: "optimize", arguments: [scenario.spec],
        options: [budget.spec, users.spec, searchUsers.spec, searchTier.spec, out.spec, json.spec, html.spec])

    /// The `optimize` subcommand.
    static let subcommand = Subcommand(
        signature: signature,
        abstract:
            "Search floors, timeouts, deadlines and waterfall order for the most revenue within a p95 time-to-ad budget.",
        overview: """
            Optimize a scenario's mediation (Docs/Simulation.md, "Optimizing"): each placement's floor, the
            timeout of its line items, its auction deadline and its waterfall order are searched one at a time (the best value kept,
            in rounds until nothing changes), every candidate run on the same users and market draws (common
            random numbers); the best few within the budget, and the configuration as written, are run again on
            more users and the best of them is the answer, written as a mediation configuration file.
            """,
        sections: [
            """
            OUTPUT (table): the budget and whether it was met, the answer's settings, revenue and worst p95; the
              candidates confirmed (* marks the answer); the frontier: the candidates no other beats on both
              revenue and worst p95 time to ad.
            """,
            """
            EXIT STATUS:
              0 the answer meets the budget, 1 no candidate meets it (the fastest is written) or a run or writing
              a file failed, 64 usage error (no --budget, a bad value, an --out or --html path that cannot be
              written or is not a regular file), 65 the scenario is invalid, 66 it cannot be read.
            """,
        ]
    ) { parsed, output throws(UsageError) in
        try await run(parsed, output: output)
    }

    /// Refuses a search on more users than the answer is confirmed on (`--users`, or the scenario's count).
    static func checkSearchUsers(_ asked: Int, confirm: Int) throws(UsageError) {
        guard asked > confirm else { return }
        throw UsageError(
            "--search-users \(asked) is more than the \(confirm) users the answer is confirmed on: the search runs a "
                + "cheaper sample of them. Give --search-users at most \(confirm), or raise --users.",
            command: "optimize")
    }

    @MainActor
    static func run(_ parsed: ParsedArguments, output: CommandOutput) async throws(UsageError) -> ExitCode {
        guard let budget = parsed[budget] else {
            throw UsageError("--budget is required: give the p95 time to ad in ms, e.g. p95=800.", command: "optimize")
        }
        let outFile: OutputPath
        var htmlFile: OutputPath?
        do throws(OutputPathError) {
            outFile = try OutputPath(flag: "--out", path: parsed[out] ?? "optimized-mediation.json")
            if let html = parsed[html] { htmlFile = try OutputPath(flag: "--html", path: html) }
        } catch {
            throw UsageError(error.description, command: "optimize")
        }
        // A search on more users than the confirmation: refused before any input is read when both are given.
        if let asked = parsed[searchUsers], let confirm = parsed[users] {
            try checkSearchUsers(asked, confirm: confirm)
        }
        let validated: ValidatedScenario
        switch await ScenarioInput.loadOrDefault(parsed[scenario].first) {
        case .success(let loaded): validated = loaded.scenario
        case .failure(let failure): return output.fail(failure.code, failure.message)
        }
        let confirmUsers = parsed[users] ?? validated.scenario.users.count
        if let asked = parsed[searchUsers] { try checkSearchUsers(asked, confirm: confirmUsers) }
        let searchUsers = min(parsed[searchUsers] ?? max(confirmUsers / 5, 20), confirmUsers)
        let result: OptimizationResult
        let bar = ProgressBar(output: output, unit: "candidates")
        do throws(AdError) {
            // The scenario's creatives were checked when it was loaded (ScenarioInput): the evaluators skip it.
            let search: any OptimizationEvaluator =
                parsed[searchTier] == "full"
                ? try FullTierEvaluator(
                    validated: validated, providers: .builtIn, users: searchUsers, checksCreatives: false)
                : try await FastTierEvaluator(
                    validated: validated, providers: .builtIn, users: searchUsers, pilotUsers: min(confirmUsers, 100),
                    checksCreatives: false)
            var optimizer = SimulationOptimizer(
                validated: validated, budget: budget, search: search,
                confirm: try FullTierEvaluator(
                    validated: validated, providers: .builtIn, users: confirmUsers, checksCreatives: false))
            optimizer.progress = { done, total in bar.update(done: done, total: total) }
            result = try await optimizer.run()
            bar.finish()
        } catch {
            bar.finish()
            output.writeError("adsim optimize: the optimization failed: \(error.message)\n")
            if let hint = error.hint { output.writeError("Hint: \(hint)\n") }
            return .failure
        }
        do {
            try outFile.write(try result.configurationJSON() + Data("\n".utf8))
            if let htmlFile { try htmlFile.write(OptimizationHTMLPage(result: result).html) }
        } catch {
            output.writeError("adsim optimize: \(error)\n")
            return .failure
        }
        if parsed[json] {
            do {
                output.write(String(decoding: try result.json(), as: UTF8.self) + "\n")
            } catch {
                output.writeError("adsim optimize: the result could not be written as JSON: \(error)\n")
                return .failure
            }
        } else {
            output.write(result.table + "configuration written to \(outFile.path)\n")
        }
        return result.meetsBudget ? .success : .failure
    }
}
