import AdSimulator

/// A mistake on the command line: an unknown subcommand or option, a missing or invalid value.
///
/// `adsim` prints the message and a pointer to `--help` on standard error and exits with 64 (`EX_USAGE`).
///
/// ```swift
/// throw UsageError("Unknown option '--jsn'.", command: "parse")
/// ```
struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong with the command line.
    var message: String
    /// The subcommand whose help explains the right usage, if any.
    var command: String?

    /// Creates a usage error.
    init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }

    /// `Error: <message>` followed by where to find help.
    var description: String {
        let help = command.map { "adsim help \($0)" } ?? "adsim --help"
        return "Error: \(message)\nSee '\(help)'."
    }
}
