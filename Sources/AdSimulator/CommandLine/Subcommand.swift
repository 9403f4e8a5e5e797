/// One `adsim` subcommand: its name, one-line abstract, full help text and what it does.
///
/// The shape follows swift-argument-parser (which cannot be a dependency here): every subcommand answers
/// `--help`, and a usage mistake is reported as a ``UsageError`` with exit code 64.
///
/// ```swift
/// let hello = Subcommand(name: "hello", abstract: "Say hello.", help: "USAGE: adsim hello") { arguments, output in
///     output.write("hello\n")
///     return .success
/// }
/// ```
public struct Subcommand: Sendable {
    /// The word that selects the subcommand: `adsim <name>`.
    public var name: String
    /// One line for the command list.
    public var abstract: String
    /// The full help text, printed by `adsim <name> --help` and `adsim help <name>`.
    public var help: String
    /// Runs the subcommand with the arguments after its name.
    public var run: @Sendable ([String], CommandOutput) async throws(UsageError) -> ExitCode

    /// Creates a subcommand.
    public init(
        name: String,
        abstract: String,
        help: String,
        run: @escaping @Sendable ([String], CommandOutput) async throws(UsageError) -> ExitCode
    ) {
        self.name = name
        self.abstract = abstract
        self.help = help
        self.run = run
    }
}
