import AdSimulator

/// A flag of a command (`--json`): present or not. Read it back with ``ParsedArguments``.
///
/// ```swift
/// static let json = CommandFlag("json", help: "JSON lines instead of the table.")
/// let signature = CommandSignature(command: "simulate", options: [json.spec])
/// let parsed = try signature.parse(["--json"])
/// print(parsed[json])   // true
/// ```
struct CommandFlag: Sendable {
    /// The declaration the signature parses and documents.
    let spec: OptionSpec

    /// Declares `--<name>`.
    init(_ name: String, help: String) {
        spec = OptionSpec(name: name, valueName: nil, help: help, expectation: "no value", convert: nil)
    }

    /// The name without dashes.
    var name: String { spec.name }
}
