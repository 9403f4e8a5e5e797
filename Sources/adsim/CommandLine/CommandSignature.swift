import AdSimulator

/// The one declaration of a command's arguments and options, from which come its parsing
/// (``parse(_:)``), the USAGE line and the ARGUMENTS and OPTIONS sections of its help
/// (``help(overview:sections:)``), and its usage errors (``UsageError``, exit 64).
///
/// The shape follows swift-argument-parser, which cannot be a dependency here: flags (`--json`), valued options
/// (`--users <n>` or `--users=n`) checked by an ``ArgumentConverter``, positionals with an ``ArgumentArity``, and
/// groups of options that exclude each other. `--` ends the options; a lone `-` is a positional.
///
/// ```swift
/// let json = CommandFlag("json", help: "JSON lines instead of the table.")
/// let users = CommandOption("users", value: "n", help: "Users per strategy.", converter: .integer(in: 1...100))
/// let scenario = CommandArgument("scenario", arity: .optional, help: "A scenario JSON file.", noun: "scenario")
/// let signature = CommandSignature(
///     command: "simulate", arguments: [scenario.spec], options: [users.spec, json.spec])
/// let parsed = try signature.parse(["s.json", "--users=5", "--json"])
/// print(parsed[scenario], parsed[users] ?? 0, parsed[json])   // ["s.json"] 5 true
/// ```
struct CommandSignature: Sendable {
    /// The subcommand's name: `adsim <command>`.
    var command: String
    /// The positional arguments, in order; only the last may be variadic.
    var arguments: [ArgumentSpec]
    /// The options, in the order help lists them.
    var options: [OptionSpec]
    /// Groups of option names (without dashes) of which a command line may give at most one.
    var exclusive: [[String]]
    /// Further USAGE lines, printed as they are below the generated one (`adsim conformance --list`).
    var alternativeUsages: [String]

    /// Creates a signature.
    init(
        command: String,
        arguments: [ArgumentSpec] = [],
        options: [OptionSpec] = [],
        exclusive: [[String]] = [],
        alternativeUsages: [String] = []
    ) {
        self.command = command
        self.arguments = arguments
        self.options = options
        self.exclusive = exclusive
        self.alternativeUsages = alternativeUsages
    }

    /// Parses the arguments after the subcommand's name.
    ///
    /// Throws a ``UsageError`` for the command that names the option or argument and what is wrong: an unknown
    /// option, a missing or invalid value, a value given to a flag, a missing or extra positional, options that
    /// exclude each other.
    func parse(_ commandLine: [String]) throws(UsageError) -> ParsedArguments {
        do {
            return try parseUnattributed(commandLine)
        } catch {
            var attributed = error
            attributed.command = command
            throw attributed
        }
    }

    private func parseUnattributed(_ commandLine: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var words: [String] = []
        var remaining = commandLine[...]
        while let argument = remaining.popFirst() {
            if argument == "--" {
                words += remaining
                break
            }
            guard Self.looksLikeOption(argument) else {
                words.append(argument)
                continue
            }
            let (name, inline) = Self.split(argument)
            guard let option = options.first(where: { $0.spelling == name }) else {
                throw UsageError("Unknown option '\(name)'.")
            }
            guard let convert = option.convert else {
                if let inline { throw UsageError("\(name) is a flag and takes no value (got '\(inline)').") }
                parsed.flags.insert(option.name)
                continue
            }
            let text: String
            if let inline {
                text = inline
            } else if let next = remaining.first, !Self.looksLikeOption(next), next != "--" {
                text = next
                remaining.removeFirst()
            } else {
                throw UsageError("\(name) needs \(option.expectation).")
            }
            guard !text.isEmpty else { throw UsageError("\(name) needs \(option.expectation).") }
            parsed.values[option.name] = try convert(text, name)
        }
        parsed.positionals = try assign(words)
        try checkExclusive(parsed.givenOptions)
        for option in options where option.isRequired && parsed.values[option.name] == nil {
            throw UsageError("\(option.spelling) is required: \(option.help)")
        }
        return parsed
    }

    /// Hands the positional words to the declared arguments in order.
    private func assign(_ words: [String]) throws(UsageError) -> [String: [any Sendable]] {
        var remaining = words[...]
        var assigned: [String: [any Sendable]] = [:]
        for argument in arguments {
            let taken: ArraySlice<String>
            switch argument.arity {
            case .optional, .required: taken = remaining.prefix(1)
            case .zeroOrMore, .oneOrMore: taken = remaining
            }
            remaining = remaining.dropFirst(taken.count)
            if taken.isEmpty && argument.arity.isRequired {
                throw UsageError(
                    argument.arity.isVariadic ? "Give at least one \(argument.noun)." : "Give one \(argument.noun).")
            }
            var values: [any Sendable] = []
            for word in taken { values.append(try argument.convert(word, argument.placeholder)) }
            assigned[argument.name] = values
        }
        if let extra = remaining.first {
            switch arguments.count {
            case 0: throw UsageError("'\(command)' takes no arguments (got '\(extra)').")
            case 1: throw UsageError("'\(command)' takes one \(arguments[0].noun) (got '\(extra)' too).")
            default: throw UsageError("'\(command)' takes at most \(arguments.count) arguments (got '\(extra)' too).")
            }
        }
        return assigned
    }

    private func checkExclusive(_ given: Set<String>) throws(UsageError) {
        for group in exclusive {
            let clashing = group.filter(given.contains).map { "--" + $0 }
            guard clashing.count > 1, let last = clashing.last else { continue }
            let names = clashing.dropLast().joined(separator: ", ") + " and " + last
            throw UsageError("\(names) cannot be combined.")
        }
    }

    /// Whether a word is an option rather than a value: it starts with `-`, is not `-` alone (standard input)
    /// and is not a negative number (a value a converter judges).
    static func looksLikeOption(_ word: String) -> Bool {
        guard word.hasPrefix("-"), word.count > 1 else { return false }
        return Double(word) == nil
    }

    /// `--name=value` as (`--name`, `value`); `--name` as (`--name`, nil).
    static func split(_ argument: String) -> (name: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// What is wrong with the declaration itself, for tests: repeated names, a variadic or optional argument
    /// before another one, an exclusive group naming an undeclared option. Empty when it is sound.
    var declarationProblems: [String] {
        var problems: [String] = []
        let names = options.map(\.name)
        for name in Set(names) where names.filter({ $0 == name }).count > 1 {
            problems.append("--\(name) is declared twice.")
        }
        for name in names where name == "help" || name.isEmpty || name.hasPrefix("-") || name.contains("=") {
            problems.append("'\(name)' cannot be an option name.")
        }
        for (index, argument) in arguments.enumerated().dropLast() where argument.arity != .required {
            let next = arguments[index + 1].placeholder
            problems.append("\(argument.placeholder) takes a varying count but \(next) follows.")
        }
        for group in exclusive {
            for name in group where !names.contains(name) {
                problems.append("The exclusive group \(group) names --\(name), which is not declared.")
            }
        }
        return problems
    }
}
