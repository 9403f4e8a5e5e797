import AdSimulator

/// One positional argument of a ``CommandSignature``, whatever the type of its values: its name, arity and help.
///
/// Commands declare positionals as a typed ``CommandArgument`` and hand its ``CommandArgument/spec`` to the
/// signature.
///
/// ```swift
/// let files = CommandArgument("file", arity: .oneOrMore, help: "A scenario.", noun: "file to validate")
/// let spec: ArgumentSpec = files.spec   // spec.usage == "<file>..."
/// ```
struct ArgumentSpec: Sendable {
    /// The placeholder: `path` for `<path>`.
    let name: String
    /// How many values it takes.
    let arity: ArgumentArity
    /// The help text (one paragraph; the help layout wraps it).
    let help: String
    /// What one value is, in the usage errors: "Give at least one file or folder.", "takes one scenario".
    let noun: String
    /// Converts one value.
    let convert: @Sendable (String, String) throws(UsageError) -> any Sendable

    init(
        name: String,
        arity: ArgumentArity,
        help: String,
        noun: String,
        convert: @escaping @Sendable (String, String) throws(UsageError) -> any Sendable
    ) {
        self.name = name
        self.arity = arity
        self.help = help
        self.noun = noun
        self.convert = convert
    }

    /// How the argument is spelled in usage errors and the ARGUMENTS section: `<path>`.
    var placeholder: String { "<\(name)>" }

    /// How the USAGE line shows it: `[<scenario>]`, `<file>`, `[<path>...]`, `<path>...`.
    var usage: String {
        switch arity {
        case .optional: "[\(placeholder)]"
        case .required: placeholder
        case .zeroOrMore: "[\(placeholder)...]"
        case .oneOrMore: "\(placeholder)..."
        }
    }
}
