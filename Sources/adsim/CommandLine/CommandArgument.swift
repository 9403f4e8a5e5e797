import AdSimulator

/// A positional argument of a command (`<scenario>`, `<path>...`) whose values a converter checks and types.
/// Read it back with ``ParsedArguments``: the values given, in order.
///
/// ```swift
/// static let paths = CommandArgument("path", arity: .oneOrMore, help: "A file or folder.", noun: "file or folder")
/// let parsed = try CommandSignature(command: "parse", arguments: [paths.spec]).parse(["a.xml", "b"])
/// print(parsed[paths])   // ["a.xml", "b"]
/// ```
struct CommandArgument<Value: Sendable>: Sendable {
    /// The declaration the signature parses and documents.
    let spec: ArgumentSpec

    /// Declares `<name>` taking `arity` values, each converted by `converter`; `noun` names one value in usage
    /// errors (default: `<name>`).
    init(
        _ name: String,
        arity: ArgumentArity,
        help: String,
        noun: String? = nil,
        converter: ArgumentConverter<Value>
    ) {
        let convert = converter.convert
        spec = ArgumentSpec(name: name, arity: arity, help: help, noun: noun ?? "<\(name)>") {
            text, spelling throws(UsageError) in
            try convert(text, spelling)
        }
    }

    /// The placeholder name.
    var name: String { spec.name }
}

extension CommandArgument where Value == String {
    /// Declares `<name>` taking `arity` values of any text.
    init(_ name: String, arity: ArgumentArity, help: String, noun: String? = nil) {
        self.init(name, arity: arity, help: help, noun: noun, converter: .string)
    }
}
