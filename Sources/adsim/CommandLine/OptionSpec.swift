import AdSimulator

/// One option of a ``CommandSignature``, whatever the type of its value: a flag (`--json`) or a valued option
/// (`--users <n>`, also `--users=n`), with the line of help that documents it.
///
/// Commands declare options as a typed ``CommandFlag`` or ``CommandOption`` and hand their ``CommandFlag/spec``
/// to the signature.
///
/// ```swift
/// let users = CommandOption("users", value: "n", help: "Users per strategy.", converter: .integer(in: 1...10))
/// let spec: OptionSpec = users.spec   // spec.label == "--users <n>"
/// ```
struct OptionSpec: Sendable {
    /// The name without dashes: `users` for `--users`.
    let name: String
    /// The placeholder of the value (`n` for `--users <n>`), or `nil` for a flag.
    let valueName: String?
    /// The help text (one paragraph; the help layout wraps it).
    let help: String
    /// What a valid value is, after "needs" (see ``ArgumentConverter/expectation``).
    let expectation: String
    /// Converts the value of a valued option; `nil` for a flag.
    let convert: (@Sendable (String, String) throws(UsageError) -> any Sendable)?
    /// Whether the command cannot run without it: the usage line shows it without brackets, and parsing a command
    /// line that lacks it is a usage error.
    let isRequired: Bool

    init(
        name: String,
        valueName: String?,
        help: String,
        expectation: String,
        isRequired: Bool = false,
        convert: (@Sendable (String, String) throws(UsageError) -> any Sendable)?
    ) {
        self.name = name
        self.valueName = valueName
        self.help = help
        self.expectation = expectation
        self.convert = convert
        self.isRequired = isRequired
    }

    /// Whether the option is a flag (takes no value).
    var isFlag: Bool { valueName == nil }

    /// How the command line spells it: `--users`.
    var spelling: String { "--" + name }

    /// How usage and help show it: `--json`, `--users <n>`.
    var label: String { valueName.map { "\(spelling) <\($0)>" } ?? spelling }
}
