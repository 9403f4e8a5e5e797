import AdSimulator

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
enum HelpCommand {
    /// `<subcommand>`: the subcommand to explain.
    static let target = CommandArgument(
        "subcommand", arity: .optional, help: "The subcommand to explain. Without it, the usage text is printed.",
        noun: "subcommand")

    /// The `help` subcommand's description.
    static let subcommand = Subcommand(
        signature: CommandSignature(command: "help", arguments: [target.spec]),
        abstract: "Show the usage text, or the help of one subcommand.",
        overview: "Show help."
    ) { parsed, output in
        let adsim = ADSim()
        guard let name = parsed[target].first else {
            output.write(adsim.usage)
            return .success
        }
        return await adsim.run(["help", name], output: output)
    }
}
