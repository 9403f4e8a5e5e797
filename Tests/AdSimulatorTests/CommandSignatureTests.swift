import AdCore
import Testing

@testable import AdSimulator
@testable import adsim

/// The declarative option layer (`CommandSignature`): parsing of every form, the converters the simulator's
/// options need (an integer range, a shard `<i>/<n>`, a path, exclusive flags, variadic positionals), the help
/// generated from the same declaration, and the usage errors (exit 64) of the real subcommands.
@Suite("Command signatures: one declaration for parsing, help and usage errors")
struct CommandSignatureTests {
    // A test-only signature with the kinds of options `adsim simulate` and `adsim merge` grow.
    static let json = CommandFlag("json", help: "JSON lines instead of the table.")
    static let csv = CommandFlag("csv", help: "CSV instead of the table.")
    static let jobs = CommandOption("jobs", value: "n", help: "Worker count.", converter: .integer(in: 1...64))
    static let shard = CommandOption("shard", value: "i/n", help: "Run part i of n.", converter: .shard)
    static let sqlite = CommandOption("sqlite", value: "file", help: "Write a database.", converter: .path("a file"))
    static let mode = CommandOption("mode", value: "mode", help: "How.", converter: .choice(["fast", "exact"]))
    static let scenario = CommandArgument("scenario", arity: .optional, help: "A scenario.", noun: "scenario")
    static let partials = CommandArgument("partial", arity: .oneOrMore, help: "A partial result.")

    static let sample = CommandSignature(
        command: "sample", arguments: [scenario.spec],
        options: [jobs.spec, shard.spec, json.spec, csv.spec, sqlite.spec, mode.spec], exclusive: [["json", "csv"]])
    static let merge = CommandSignature(command: "merge", arguments: [partials.spec], options: [json.spec])

    /// The usage error `arguments` give, or `nil` when they parse.
    private func error(_ signature: CommandSignature, _ arguments: [String]) -> UsageError? {
        do {
            _ = try signature.parse(arguments)
            return nil
        } catch {
            return error
        }
    }

    private func message(_ signature: CommandSignature, _ arguments: [String]) -> String? {
        error(signature, arguments)?.message
    }

    // MARK: - Parsing

    @Test("Every form parses: --x v, --x=v, flags, a positional, values after --, a lone -")
    func everyForm() throws {
        let spaced = try Self.sample.parse(["--jobs", "4", "--shard", "2/3", "--json", "s.json", "--sqlite", "a.db"])
        #expect(spaced[Self.jobs] == 4)
        #expect(spaced[Self.shard] == (try SimulationShard(index: 2, count: 3)))
        #expect(spaced[Self.json])
        #expect(!spaced[Self.csv])
        #expect(spaced[Self.sqlite] == "a.db")
        #expect(spaced[Self.scenario] == ["s.json"])
        let joined = try Self.sample.parse(["--jobs=4", "--shard=2/3", "--sqlite=a=b.db", "--mode=exact"])
        #expect(joined[Self.jobs] == 4)
        #expect(joined[Self.shard]?.description == "2/3")
        #expect(joined[Self.sqlite] == "a=b.db")
        #expect(joined[Self.mode] == "exact")
        #expect(joined[Self.scenario].isEmpty)
        #expect(joined[Self.mode] != nil && joined[Self.json] == false)
        let last = try Self.sample.parse(["--jobs", "2", "--jobs=3"])
        #expect(last[Self.jobs] == 3)
        let ended = try Self.sample.parse(["--", "--json"])
        #expect(ended[Self.scenario] == ["--json"])
        #expect(!ended[Self.json])
        #expect(try Self.sample.parse(["-"])[Self.scenario] == ["-"])
        #expect(try Self.sample.parse([])[Self.jobs] == nil)
    }

    @Test("Variadic positionals take every value; at least one is required")
    func variadic() throws {
        let parsed = try Self.merge.parse(["a.json", "--json", "b.json", "c.json"])
        #expect(parsed[Self.partials] == ["a.json", "b.json", "c.json"])
        #expect(parsed[Self.json])
        #expect(message(Self.merge, []) == "Give at least one <partial>.")
        #expect(message(Self.merge, ["--json"]) == "Give at least one <partial>.")
        let required = CommandArgument("file", arity: .required, help: "A file.")
        let one = CommandSignature(command: "one", arguments: [required.spec])
        #expect(message(one, []) == "Give one <file>.")
        #expect(message(one, ["a", "b"]) == "'one' takes one <file> (got 'b' too).")
        #expect(try one.parse(["a"])[required] == ["a"])
    }

    // MARK: - Converters and usage errors

    @Test("An integer option with a range: not a number, out of range, negative, missing, empty")
    func integerRange() {
        let needs = "--jobs needs a whole number from 1 to 64"
        #expect(message(Self.sample, ["--jobs", "many"]) == "\(needs); 'many' is not a whole number.")
        #expect(message(Self.sample, ["--jobs", "1.5"]) == "\(needs); '1.5' is not a whole number.")
        #expect(message(Self.sample, ["--jobs", "0"]) == "\(needs); 0 is out of range.")
        #expect(message(Self.sample, ["--jobs=65"]) == "\(needs); 65 is out of range.")
        #expect(message(Self.sample, ["--jobs", "-3"]) == "\(needs); -3 is out of range.")
        #expect(message(Self.sample, ["--jobs"]) == "\(needs).")
        #expect(message(Self.sample, ["--jobs", "--json"]) == "\(needs).")
        #expect(message(Self.sample, ["--jobs="]) == "\(needs).")
        #expect(error(Self.sample, ["--jobs", "0"])?.command == "sample")
    }

    @Test("A shard <i>/<n> needs 1 <= i <= n: 4/3 and 0/3 are out of range, others malformed")
    func shardConverter() throws {
        let needs = "--shard needs <i>/<n> with 1 <= i <= n"
        #expect(message(Self.sample, ["--shard", "4/3"]) == "\(needs); '4/3' is out of range.")
        #expect(message(Self.sample, ["--shard", "0/3"]) == "\(needs); '0/3' is out of range.")
        #expect(message(Self.sample, ["--shard", "1/0"]) == "\(needs); '1/0' is out of range.")
        for malformed in ["3", "a/b", "1/2/3", "/3", "1/"] {
            let expected = "\(needs); '\(malformed)' is not of the form <i>/<n>."
            #expect(message(Self.sample, ["--shard", malformed]) == expected)
        }
        #expect(try Self.sample.parse(["--shard", "3/3"])[Self.shard] == (try SimulationShard(index: 3, count: 3)))
        #expect(try Self.sample.parse(["--shard=1/1"])[Self.shard] == (try SimulationShard(index: 1, count: 1)))
        #expect(throws: SimulationShard.Problem.self) { try SimulationShard(index: 4, count: 3) }
    }

    @Test("A path option keeps the path as given and rejects an empty one; a choice names the choices")
    func pathAndChoice() throws {
        #expect(try Self.sample.parse(["--sqlite", "out/run 1.db"])[Self.sqlite] == "out/run 1.db")
        #expect(message(Self.sample, ["--sqlite"]) == "--sqlite needs a file.")
        #expect(message(Self.sample, ["--sqlite="]) == "--sqlite needs a file.")
        let mode = "--mode needs one of fast, exact; 'slow' is none of them."
        #expect(message(Self.sample, ["--mode", "slow"]) == mode)
    }

    @Test("Exclusive flags: giving both is an error naming both, in the order given by the declaration")
    func exclusiveFlags() {
        #expect(message(Self.sample, ["--json", "--csv"]) == "--json and --csv cannot be combined.")
        #expect(message(Self.sample, ["--csv", "s.json", "--json"]) == "--json and --csv cannot be combined.")
        #expect(message(Self.sample, ["--csv"]) == nil)
        #expect(message(Self.sample, ["--json", "--json"]) == nil)
    }

    @Test("Unknown options (also --name=value and single-dash), a value given to a flag, an extra positional")
    func otherErrors() {
        #expect(message(Self.sample, ["--frob"]) == "Unknown option '--frob'.")
        #expect(message(Self.sample, ["--frob=1"]) == "Unknown option '--frob'.")
        #expect(message(Self.sample, ["-v"]) == "Unknown option '-v'.")
        #expect(message(Self.sample, ["--json=yes"]) == "--json is a flag and takes no value (got 'yes').")
        #expect(message(Self.sample, ["a.json", "b.json"]) == "'sample' takes one scenario (got 'b.json' too).")
        let none = CommandSignature(command: "none", options: [Self.json.spec])
        #expect(message(none, ["x"]) == "'none' takes no arguments (got 'x').")
        let description = "Error: 'none' takes no arguments (got 'x').\nSee 'adsim help none'."
        #expect(error(none, ["x"])?.description == description)
    }

    @Test("A signature run by ADSim: exclusive flags and a bad shard exit 64 with the message on stderr")
    func throughTheDispatcher() async {
        let command = Subcommand(signature: Self.sample, abstract: "A sample.", overview: "A sample.") {
            parsed, output in
            output.write("jobs \(parsed[Self.jobs] ?? 1)\n")
            return .success
        }
        let adsim = ADSim(subcommands: [command], providerLines: [])
        let ok = CommandOutput.buffered()
        #expect(await adsim.run(["sample", "--jobs=3"], output: ok) == .success)
        #expect(ok.standardOutput == "jobs 3\n")
        for (arguments, expected) in [
            (["--json", "--csv"], "--json and --csv cannot be combined."),
            (["--shard", "4/3"], "--shard needs <i>/<n> with 1 <= i <= n; '4/3' is out of range."),
        ] {
            let output = CommandOutput.buffered()
            #expect(await adsim.run(["sample"] + arguments, output: output) == .usage)
            #expect(output.standardError == "Error: \(expected)\nSee 'adsim help sample'.\n")
            #expect(output.standardOutput.isEmpty)
        }
    }

    @Test("The declarations are sound; a broken one is reported")
    func declarations() {
        for command in ADSim.builtInSubcommands {
            #expect(command.signature.declarationProblems.isEmpty, "\(command.name)")
        }
        #expect(Self.sample.declarationProblems.isEmpty)
        let broken = CommandSignature(
            command: "broken", arguments: [Self.partials.spec, Self.scenario.spec],
            options: [Self.json.spec, Self.json.spec], exclusive: [["json", "xml"]])
        #expect(
            broken.declarationProblems == [
                "--json is declared twice.", "<partial> takes a varying count but <scenario> follows.",
                "The exclusive group [\"json\", \"xml\"] names --xml, which is not declared.",
            ])
    }

    // MARK: - Generated help

    /// The lines of a help section (`OPTIONS:`), up to the next blank line.
    private func section(_ title: String, of help: String) -> [Substring] {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: Substring(title)) else { return [] }
        return Array(lines[(start + 1)...].prefix { !$0.isEmpty })
    }

    /// The labels a help section lists: `--users <n>`, `<scenario>` (the text before the help column).
    private func labels(_ title: String, of help: String) -> [String] {
        section(title, of: help).filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }.map { line in
            let text = line.dropFirst(2)
            return String(text.prefix { $0 != " " }) + labelValue(text)
        }
    }

    private func labelValue(_ text: Substring) -> String {
        let words = text.split(separator: " ", maxSplits: 2)
        guard words.count > 1, words[1].hasPrefix("<") else { return "" }
        return " " + words[1]
    }

    @Test(
        "Each subcommand's help lists exactly its declared options and arguments, in USAGE too",
        arguments: [
            "demo", "conformance", "content", "help", "inspect", "merge", "parse", "simulate", "validate",
        ])
    func helpListsTheDeclaration(_ name: String) async throws {
        let command = try #require(ADSim.builtInSubcommands.first { $0.name == name })
        let output = CommandOutput.buffered()
        #expect(await ADSim().run([name, "--help"], output: output) == .success)
        let help = output.standardOutput
        #expect(help == command.help)
        #expect(labels("OPTIONS:", of: help) == command.signature.options.map(\.label))
        #expect(labels("ARGUMENTS:", of: help) == command.signature.arguments.map(\.placeholder))
        #expect(help.contains("OPTIONS:") == !command.signature.options.isEmpty)
        let usage = help.split(separator: "\n").filter { $0.hasPrefix("USAGE: ") || $0.hasPrefix("       ") }
            .joined(separator: " ")
        for option in command.signature.options {
            let shown = option.isRequired ? option.label : "[\(option.label)]"
            #expect(usage.contains(shown), "\(name): \(option.label)")
        }
        for argument in command.signature.arguments {
            #expect(usage.contains(argument.usage), "\(name): \(argument.usage)")
        }
        #expect(help.hasPrefix("OVERVIEW: "))
    }

    @Test("The options the subcommands declare, by name (a new option shows up here and in help alike)")
    func declaredOptions() {
        let options = Dictionary(
            uniqueKeysWithValues: ADSim.builtInSubcommands.map { ($0.name, $0.signature.options.map(\.label)) })
        #expect(
            Set(options.keys) == [
                "demo", "conformance", "content", "help", "inspect", "merge", "optimize", "parse", "simulate",
                "validate",
            ])
        #expect(
            options["optimize"] == [
                "--budget <p95=ms>", "--users <n>", "--search-users <n>", "--search-tier <tier>", "--out <file>",
                "--json", "--html <file>",
            ])
        #expect(options["inspect"] == ["--config <file>", "--scenario <file>", "--json"])
        #expect(
            options["simulate"] == [
                "--users <n>", "--json", "--csv", "--sqlite <file>", "--html <file>", "--jobs <n>", "--shard <i/n>",
                "--tier <tier>", "--report-progress",
            ])
        #expect(options["merge"] == ["--json", "--csv", "--html <file>"])
        #expect(options["demo"] == ["--json", "--fixtures <dir>"])
        #expect(options["parse"] == ["--json", "--dump", "--resolve"])
        #expect(options["content"] == ["--provider <id>", "--format <format>", "--json"])
        #expect(
            options["conformance"]
                == ["--provider <id>", "--format <format>", "--json", "--junit <file>", "--fixtures <dir>", "--list"])
        #expect(options["validate"] == [])
        #expect(options["help"] == [])
    }

    @Test("Help wraps long text under its column, and a sample signature's help has every section")
    func helpLayout() {
        #expect(CommandSignature.wrap("a bb ccc dddd", width: 6) == ["a bb", "ccc", "dddd"])
        #expect(CommandSignature.wrap("abcdefgh ij", width: 4) == ["abcdefgh", "ij"])
        let help = Self.merge.help(overview: "Merge.", sections: ["EXIT STATUS:\n  0 ok."])
        #expect(
            help == """
                OVERVIEW: Merge.

                USAGE: adsim merge [--json] <partial>...

                ARGUMENTS:
                  <partial>    A partial result.

                OPTIONS:
                  --json       JSON lines instead of the table.

                EXIT STATUS:
                  0 ok.

                """)
    }

    @Test("The help of adsim simulate, generated from its declaration (snapshot)")
    func simulateHelpSnapshot() async {
        let output = CommandOutput.buffered()
        #expect(await ADSim().run(["help", "simulate"], output: output) == .success)
        #expect(output.standardOutput == Self.simulateHelp)
        #expect(output.standardError.isEmpty)
    }

    // MARK: - The real subcommands

    /// The users' range in the messages of `adsim simulate`.
    static let users = "--users needs a whole number from 1 to 10000000"

    /// Command lines of the real subcommands, the message each gives and the command its help pointer names.
    static let realErrors: [([String], String, String)] = [
        (["simulate", "--frob"], "Unknown option '--frob'.", "simulate"),
        (["simulate", "--users"], "\(users).", "simulate"),
        (["simulate", "--users", "many"], "\(users); 'many' is not a whole number.", "simulate"),
        (["simulate", "--users=0"], "\(users); 0 is out of range.", "simulate"),
        (["simulate", "a.json", "b.json"], "'simulate' takes one scenario (got 'b.json' too).", "simulate"),
        (["simulate", "--json=1"], "--json is a flag and takes no value (got '1').", "simulate"),
        (["validate"], "Give at least one file to validate.", "validate"),
        (["parse", "--json", "--dump", "x.xml"], "--json and --dump cannot be combined.", "parse"),
        (["demo", "--fixtures"], "--fixtures needs a folder.", "demo"),
        (["demo", "extra"], "'demo' takes no arguments (got 'extra').", "demo"),
        (
            ["content", "--format", "rewarded", "x.xml"],
            "--format rewarded has no native content; use native or nativeSlider.", "content"
        ),
        (
            ["conformance", "--provider", "acme"],
            "--provider: No built-in provider 'acme' (there are: google, ifly, yandex).", "conformance"
        ),
        (["help", "demo", "parse"], "'help' takes one command name.", "help"),
    ]

    @Test("Each usage error of a real subcommand exits 64 with the message naming the option", arguments: realErrors)
    func realUsageErrors(_ arguments: [String], _ expected: String, _ command: String) async {
        let output = CommandOutput.buffered()
        let status = await ADSim().run(arguments, output: output)
        #expect(status == .usage)
        #expect(status.rawValue == 64)
        #expect(output.standardError == "Error: \(expected)\nSee 'adsim help \(command)'.\n")
        #expect(output.standardOutput.isEmpty)
    }

    @Test("The subcommands build their typed options from every form")
    func typedOptions() throws {
        let simulate = try SimulateCommand.signature.parse(["--users=7", "s.json", "--json"])
        #expect(SimulateCommand.Options(simulate) == SimulateCommand.Options(scenario: "s.json", users: 7, json: true))
        let bare = try SimulateCommand.signature.parse([])
        #expect(SimulateCommand.Options(bare) == SimulateCommand.Options())
        let demo = try DemoCommand.signature.parse(["--fixtures", "dir", "--json"])
        #expect(DemoCommand.Options(demo) == DemoCommand.Options(json: true, fixtures: "dir"))
        let parse = ParseCommand.Options(try ParseCommand.signature.parse(["--dump", "--resolve", "a", "--", "-b"]))
        #expect(parse.dump && parse.resolve && !parse.json && parse.paths == ["a", "-b"])
        let content = ContentCommand.Options(
            try ContentCommand.signature.parse(["--provider=ifly", "--format", "nativeSlider", "a", "--json"]))
        #expect(content.provider == ProviderID("ifly") && content.format == .nativeSlider && content.json)
        #expect(content.paths == ["a"])
        #expect(ContentCommand.Options(try ContentCommand.signature.parse(["a"])).format == .native)
        let conformance = ConformanceCommand.Options(
            try ConformanceCommand.signature.parse([
                "--provider", "yandex", "--format=rewarded", "--junit", "r.xml", "--fixtures=f", "--list", "--json",
            ]))
        #expect(conformance.provider == ProviderID("yandex") && conformance.format == .rewarded)
        #expect(conformance.junit == "r.xml" && conformance.fixtures == "f" && conformance.list && conformance.json)
        #expect(try ValidateCommand.signature.parse(["a", "b"])[ValidateCommand.files] == ["a", "b"])
    }

    static let simulateHelp = """
        OVERVIEW: Simulate a scenario (Docs/Simulation.md): its users run through the real stack (mediation,
        the Yandex, Google and IFLY providers, the parser, binding, the geometry engine) in virtual time, once
        per strategy variant, against the same market draws (common random numbers); each strategy is compared
        with the oracle, the best possible outcome of each request on the same draws. Deterministic: the same
        scenario and seed print the same bytes.

        USAGE: adsim simulate [--users <n>] [--json] [--csv] [--sqlite <file>] [--html <file>] [--jobs <n>]
                              [--shard <i/n>] [--tier <tier>] [--report-progress] [<scenario>]

        ARGUMENTS:
          <scenario>           A scenario JSON file. Default: Fixtures/scenarios/default.json of the AdBridge
                               checkout adsim was built from.

        OPTIONS:
          --users <n>          Simulate n users per strategy instead of the scenario's count (1...10000000).
          --json               JSON lines instead of the table: one object per row (a strategy's total, a placement,
                               a provider within a placement), keys in a fixed order.
          --csv                CSV (RFC 4180) instead of the table: a header line, then the rows and columns of
                               --json (timeToAdMs.p95 becomes the column timeToAdMs_p95).
          --sqlite <file>      Also write a SQLite database: every request (table requests, streamed from the one
                               process that runs the users, so not with --jobs above 1), the aggregates (strategies,
                               placements, providers: the columns of --csv), the session timeline and the run. An
                               existing database has these tables replaced; another file is refused.
          --html <file>        Also write one self-contained HTML page (inline SVG, no script): revenue against p95
                               time to ad per strategy with the oracle, fill and revenue by provider, impressions
                               and revenue over the session.
          --jobs <n>           Simulate in n worker processes (1...256), each a shard of the users, and merge them:
                               the same report for every n. Default: one per processor (1 when adsim is not run as
                               its executable).
          --shard <i/n>        Simulate only shard i of n (the users u with u % n == i - 1) and print its partial
                               result as JSON, for adsim merge (Docs/Simulation.md, "Sharding").
          --tier <tier>        full (the default): the real stack, parse, bind and geometry. fast: the same
                               mediation, market draws, oracle and tally without parse, bind or geometry;
                               impressions and clicks drawn from the rates of a full-tier pilot of the first 100
                               users, stated under the table (Docs/Simulation.md, "Tiers").
          --report-progress    Print 'progress <done>/<total>' lines on standard error (what workers send --jobs).
                               Without it, a progress bar is drawn when standard error is a terminal.

        OUTPUT (--shard): one JSON document, the shard's partial result (counts, sums, latency histograms, the
          scenario's fingerprint); `adsim merge` adds the partials of every shard into the unsharded report.

        OUTPUT (table): one row per strategy (placement "total"), then per placement and per provider within
          it: requests, fills, fill%, ads used (bound or presented), refills unused, impressions, show% (per
          ad used), clicks, ctr%, revenue, eCPM, ARPDAU, the winners' bid prices, the prices they paid (the
          clearing price under second price), the oracle's revenue, yield% (paid as a share of the oracle's
          revenue on the same requests; n/a when the oracle earns nothing), time to ad p50/p95/p99 in ms of
          filled requests, the oracle's p95, line items below the floor (asked, bid under it), timed out,
          errors, creative exclusions (rule Y18). Docs/Simulation.md, "Figures", defines each.

        EXIT STATUS:
          0 the simulation ran, 1 it failed (or writing --sqlite or --html failed), 64 usage error (unknown
          option, a bad value, --json with --csv, --sqlite with --jobs above 1, a --sqlite or --html path
          that cannot be written or that exists and is not a regular file: a FIFO, a device, a folder, a
          socket, a symbolic link; checked before the run), 65 the scenario is invalid, 66 it cannot be read.

        """
}
