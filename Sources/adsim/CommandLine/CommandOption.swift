import AdSimulator

/// A valued option of a command (`--users <n>`, also `--users=n`) whose value a converter checks and types.
/// Read it back with ``ParsedArguments``: `nil` when the command line does not give it; the last one given wins.
///
/// ```swift
/// static let users = CommandOption(
///     "users", value: "n", help: "Simulate n users.", converter: .integer(in: 1...10_000_000))
/// let parsed = try CommandSignature(command: "simulate", options: [users.spec]).parse(["--users=5"])
/// print(parsed[users] ?? 0)   // 5
/// ```
struct CommandOption<Value: Sendable>: Sendable {
    /// The declaration the signature parses and documents.
    let spec: OptionSpec

    /// Declares `--<name> <value>`, converted by `converter`; a `required` option must be given.
    init(
        _ name: String, value valueName: String, help: String, converter: ArgumentConverter<Value>,
        required: Bool = false
    ) {
        let convert = converter.convert
        spec = OptionSpec(
            name: name, valueName: valueName, help: help, expectation: converter.expectation, isRequired: required
        ) { text, spelling throws(UsageError) in
            try convert(text, spelling)
        }
    }

    /// The name without dashes.
    var name: String { spec.name }
}

extension CommandOption where Value == String {
    /// Declares `--<name> <value>` taking any text.
    init(_ name: String, value valueName: String, help: String) {
        self.init(name, value: valueName, help: help, converter: .string)
    }
}
