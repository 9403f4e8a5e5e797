import AdRuntime
import AdSimulator
import Foundation

/// `adsim merge <partial>... [--json]`: adds up the partial results of every shard of one simulation
/// (`adsim simulate --shard <i>/<n>`, run by any batch engine) and prints the report of the whole run: exactly the
/// bytes `adsim simulate` prints without shards.
///
/// Exits 0 when the partials merged, 1 when writing `--html` failed, 64 when one cannot be read, is not a partial
/// or holds counts that cannot be right (users out of range, counts in a shard without users, a strategy it does
/// not declare), when they do not make one whole run (different scenarios, seeds, users, strategies or shard
/// counts; a shard missing or given twice), each named with its file (``SimulationMergeError``), or when the
/// `--html` path is not a regular file or cannot be written (``OutputPath``, checked first). A bad partial is a
/// usage error, not `EX_DATAERR` (65): adsim reports every bad input file (a scenario, a configuration) so.
///
/// ```swift
/// let status = await ADSim().run(["merge", "part-1.json", "part-2.json", "part-3.json"], output: .buffered())
/// ```
enum MergeCommand {
    /// The largest partial file read.
    static let maximumFileBytes = 64 << 20

    /// `<partial>...`.
    static let partials = CommandArgument(
        "partial", arity: .oneOrMore, help: "A partial result written by adsim simulate --shard <i>/<n>.",
        noun: "partial result", converter: .path("a partial result file"))
    /// `--json`.
    static let json = CommandFlag("json", help: "JSON lines instead of the table, as adsim simulate --json.")
    /// `--csv`.
    static let csv = CommandFlag("csv", help: "CSV instead of the table, as adsim simulate --csv.")
    /// `--html <file>`.
    static let html = CommandOption(
        "html", value: "file", help: "Also write the HTML page of the merged run, as adsim simulate --html.",
        converter: .path("the path of a file to write"))

    /// The declaration of the merge's arguments and options.
    static let signature = CommandSignature(
        command: "merge", arguments: [partials.spec], options: [json.spec, csv.spec, html.spec],
        exclusive: [["json", "csv"]])

    /// The `merge` subcommand.
    static let subcommand = Subcommand(
        signature: signature,
        abstract: "Merge the partial results of a sharded simulation into its report.",
        overview: """
            Merge the partial results of every shard of one simulation (adsim simulate --shard <i>/<n>, each
            written by a job of GNU parallel, a Kubernetes Indexed Job, a Slurm array...) into the report of the
            whole run: the same bytes as adsim simulate without shards (Docs/Simulation.md, "Sharding"). The
            partials may be given in any order; they must come from the same scenario, files, seed, user count
            and shard count, each shard once.
            """,
        sections: [
            """
            EXIT STATUS:
              0 merged, 1 writing --html failed, 64 usage error (also an --html path that exists and is not a
              regular file or cannot be written), 65 a partial is not one or holds counts that cannot be right
              (users out of range or in a shard without users, a strategy it does not declare), or the partials
              are not one whole run (a shard missing or given twice, another scenario, seed, user count, strategy
              or shard count), 66 a partial cannot be read.
            """
        ]
    ) { parsed, output throws(UsageError) in
        try run(
            files: parsed[partials], json: parsed[json], csv: parsed[csv], html: parsed[html], output: output)
    }

    static func run(files: [String], json: Bool, csv: Bool, html: String?, output: CommandOutput)
        throws(UsageError) -> ExitCode
    {
        var page: OutputPath?
        if let html {
            do throws(OutputPathError) {
                page = try OutputPath(flag: "--html", path: html)
            } catch {
                throw UsageError(error.description, command: "merge")
            }
        }
        var partials: [SimulationPartial] = []
        do throws(SimulationMergeError) {
            for file in files {
                let data: Data
                do throws(SafeFileReader.Failure) {
                    data = Data(try SafeFileReader.read(path: file, maxBytes: maximumFileBytes))
                } catch {
                    throw SimulationMergeError(
                        "\(file) cannot be read (\(ScenarioFiles.describe(error))).",
                        hint: "Give the files adsim simulate --shard wrote.", kind: .unreadable, source: file)
                }
                partials.append(try SimulationPartial(decoding: data, source: file))
            }
            let result = try SimulationPartial.merge(partials)
            let report = SimulationReport(result: result)
            output.write(json ? report.jsonLines : csv ? report.csv : report.table)
            if json || csv, let note = report.tierNote { output.writeError(note) }
            guard let page else { return .success }
            do throws(OutputPathError) {
                try page.write(SimulationHTMLPage(result: result).html)
                return .success
            } catch {
                output.writeError("adsim merge: \(error)\n")
                return .failure
            }
        } catch {
            let code: ExitCode =
                switch error.kind {
                case .unreadable: .noInput
                case .worker: .failure
                default: .dataError
                }
            return output.fail(code, "\(error.message) \(error.hint)")
        }
    }
}
