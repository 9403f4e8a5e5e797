import AdSimulator

/// The `adsim` command line: a dispatcher over ``Subcommand``s, testable without a process.
///
/// `adsim` with no arguments runs `adsim demo`; `adsim --help` and `adsim help` print the usage text (the
/// subcommands and the registered providers), `adsim help <command>` a command's help; an unknown subcommand or
/// option exits 64.
///
/// ```swift
/// let output = CommandOutput.buffered()
/// let status = await ADSim().run(["help", "parse"], output: output)
/// ```
struct ADSim: Sendable {
    /// The subcommands, in the order the usage text lists them.
    var subcommands: [Subcommand]
    /// One line per registered provider, for the usage text.
    var providerLines: [String]

    /// Creates the command line with the built-in subcommands and providers.
    init() {
        self.init(subcommands: ADSim.builtInSubcommands, providerLines: ADSim.builtInProviderLines)
    }

    /// Creates a command line with the given subcommands and provider lines.
    init(subcommands: [Subcommand], providerLines: [String]) {
        self.subcommands = subcommands
        self.providerLines = providerLines
    }

    /// Runs `adsim` with `arguments` (without the program name) and returns the exit status.
    func run(_ arguments: [String], output: CommandOutput) async -> ExitCode {
        do {
            return try await dispatch(arguments, output: output)
        } catch {
            output.writeError(error.description + "\n")
            return .usage
        }
    }

    private func dispatch(_ arguments: [String], output: CommandOutput) async throws(UsageError) -> ExitCode {
        guard let first = arguments.first else {
            // `adsim` alone runs the demo (the README's `swift run adsim`); without a demo, it prints the usage.
            guard let demo = subcommands.first(where: { $0.name == DemoCommand.subcommand.name }) else {
                output.write(usage)
                return .success
            }
            return try await demo.run([], output)
        }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "--help", "-h":
            output.write(usage)
            return .success
        case "help":
            guard let name = rest.first else {
                output.write(usage)
                return .success
            }
            guard rest.count == 1 else { throw UsageError("'help' takes one command name.", command: "help") }
            let target = name == "--help" || name == "-h" ? "help" : name
            output.write(try subcommand(named: target).help)
            return .success
        default:
            let command = try subcommand(named: first)
            // After `--` every word is an argument (`adsim parse -- --help` parses a file named --help).
            let options = rest.prefix { $0 != "--" }
            if options.contains("--help") || options.contains("-h") {
                output.write(command.help)
                return .success
            }
            return try await command.run(rest, output)
        }
    }

    private func subcommand(named name: String) throws(UsageError) -> Subcommand {
        if let command = subcommands.first(where: { $0.name == name }) { return command }
        let known = subcommands.map(\.name).joined(separator: ", ")
        if name.hasPrefix("-") { throw UsageError("Unknown option '\(name)'. Subcommands: \(known).") }
        throw UsageError("Unknown subcommand '\(name)'. Subcommands: \(known).")
    }

    /// The usage text: overview, subcommands with their abstracts, registered providers.
    var usage: String {
        let width = (subcommands.map(\.name.count).max() ?? 0) + 2
        var text = """
            OVERVIEW: AdBridge simulator: run the demo app, render native content, parse creatives, in virtual time.

            USAGE: adsim [<subcommand>] [options]   (no subcommand: adsim demo)

            SUBCOMMANDS:

            """
        for command in subcommands {
            text += "  " + command.name + String(repeating: " ", count: width - command.name.count)
            text += command.abstract + "\n"
        }
        text += "\nPROVIDERS:\n"
        if providerLines.isEmpty {
            text += "  (none registered)\n"
        } else {
            for line in providerLines { text += "  " + line + "\n" }
        }
        text += "\nSee 'adsim help <subcommand>' for detailed help.\n"
        return text
    }
}
