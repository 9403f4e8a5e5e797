import AdSimulator

/// What ``CommandSignature/parse(_:)`` found on a command line, read back through the typed declarations.
///
/// ```swift
/// let json = CommandFlag("json", help: "JSON lines.")
/// let users = CommandOption("users", value: "n", help: "Users.", converter: .integer(in: 1...10))
/// let parsed = try CommandSignature(command: "simulate", options: [json.spec, users.spec]).parse(["--users", "3"])
/// print(parsed[json], parsed[users] ?? 0)   // false 3
/// ```
struct ParsedArguments: Sendable {
    var flags: Set<String> = []
    var values: [String: any Sendable] = [:]
    var positionals: [String: [any Sendable]] = [:]

    init() {}

    /// Whether the flag was given.
    subscript(flag: CommandFlag) -> Bool { flags.contains(flag.name) }

    /// The option's value (the last one given), or `nil` when it was not given.
    subscript<Value>(option: CommandOption<Value>) -> Value? { values[option.name] as? Value }

    /// The argument's values, in order (empty when none was given).
    subscript<Value>(argument: CommandArgument<Value>) -> [Value] {
        (positionals[argument.name] ?? []).compactMap { $0 as? Value }
    }

    /// The names of the flags and options given (without dashes).
    var givenOptions: Set<String> { flags.union(values.keys) }
}
