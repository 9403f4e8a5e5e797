/// `adsim help [<subcommand>]`: the entry that documents the help command itself in the command list.
///
/// The dispatcher in ``ADSim`` answers `help` before any subcommand runs; this entry exists so `help` appears
/// in the usage text and has a `--help` of its own.
///
/// ```swift
/// let output = CommandOutput.buffered()
/// let code = await ADSim().run(["help", "parse"], output: output)   // the same text as `adsim parse --help`
/// print(code, output.standardOutput)
/// ```
public enum HelpCommand {
    /// The `help` subcommand's description.
    public static let subcommand = Subcommand(
        name: "help",
        abstract: "Show the usage text, or the help of one subcommand.",
        help: """
            OVERVIEW: Show help.

            USAGE: adsim help [<subcommand>]

            ARGUMENTS:
              <subcommand>   The subcommand to explain. Without it, the usage text is printed.

            """
    ) { _, output in
        output.write(ADSim().usage)
        return .success
    }
}
