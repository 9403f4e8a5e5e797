import AdSimulator

/// One `adsim` subcommand: its name, one-line abstract, the declaration of its arguments and options, its full
/// help text and what it does.
///
/// The shape follows swift-argument-parser (which cannot be a dependency here): the ``CommandSignature`` is the
/// one declaration the command line is parsed with and the help's USAGE, ARGUMENTS and OPTIONS are generated
/// from, so they cannot drift; every subcommand answers `--help`, and a usage mistake is reported as a
/// ``UsageError`` with exit code 64.
///
/// ```swift
/// let loud = CommandFlag("loud", help: "Shout.")
/// let hello = Subcommand(
///     signature: CommandSignature(command: "hello", options: [loud.spec]),
///     abstract: "Say hello.",
///     overview: "Say hello.",
///     sections: ["EXIT STATUS:\n  0 always.\n"]
/// ) { parsed, output in
///     output.write(parsed[loud] ? "HELLO\n" : "hello\n")
///     return .success
/// }
/// ```
struct Subcommand: Sendable {
    /// The declaration of the subcommand's arguments and options.
    var signature: CommandSignature
    /// One line for the command list.
    var abstract: String
    /// The full help text, printed by `adsim <name> --help` and `adsim help <name>`.
    var help: String
    /// Runs the subcommand with the arguments after its name (parsing them with ``signature``).
    var run: @Sendable ([String], CommandOutput) async throws(UsageError) -> ExitCode

    /// The word that selects the subcommand: `adsim <name>`.
    var name: String { signature.command }

    /// Creates a subcommand whose help is `OVERVIEW: <overview>`, the USAGE, ARGUMENTS and OPTIONS generated from
    /// `signature`, then the free-text `sections` (such as `OUTPUT:` and `EXIT STATUS:`); `run` gets the arguments
    /// parsed with `signature`.
    init(
        signature: CommandSignature,
        abstract: String,
        overview: String,
        sections: [String] = [],
        run: @escaping @Sendable (ParsedArguments, CommandOutput) async throws(UsageError) -> ExitCode
    ) {
        self.signature = signature
        self.abstract = abstract
        self.help = signature.help(overview: overview, sections: sections)
        self.run = { arguments, output throws(UsageError) in
            try await run(try signature.parse(arguments), output)
        }
    }
}
