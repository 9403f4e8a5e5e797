import AdSimulator

/// Turns the text of an option's value or of a positional argument into a typed value, or explains what is wrong.
///
/// A converter knows what it expects (``expectation``, as in "--users needs a whole number from 1 to 10"), which
/// ``CommandSignature`` also uses when a value is missing. Its failures are ``UsageError``s (exit 64) that name the
/// option or argument (`spelling`) and the problem.
///
/// ```swift
/// let users = ArgumentConverter.integer(in: 1...10)
/// let ten = try users.convert("10", "--users")   // 10
/// // try users.convert("11", "--users") throws "--users needs a whole number from 1 to 10; 11 is out of range."
/// ```
struct ArgumentConverter<Value: Sendable>: Sendable {
    /// What a valid value is, after "needs": `a value`, `a folder`, `a whole number from 1 to 10`.
    var expectation: String
    /// Converts `text`, given for the option or argument spelled `spelling` (`--users`, `<scenario>`).
    var convert: @Sendable (_ text: String, _ spelling: String) throws(UsageError) -> Value

    /// Creates a converter.
    init(
        expectation: String,
        convert: @escaping @Sendable (_ text: String, _ spelling: String) throws(UsageError) -> Value
    ) {
        self.expectation = expectation
        self.convert = convert
    }

    /// A converter that converts with this one, then transforms the value (which cannot fail).
    func map<Other: Sendable>(_ transform: @escaping @Sendable (Value) -> Other) -> ArgumentConverter<Other> {
        let convert = self.convert
        return ArgumentConverter<Other>(expectation: expectation) { text, spelling throws(UsageError) in
            transform(try convert(text, spelling))
        }
    }

    /// A converter that converts with this one, then checks the value with `check`, which returns the reason it is
    /// wrong (a whole sentence) or `nil`.
    func validated(
        _ check: @escaping @Sendable (_ value: Value, _ text: String, _ spelling: String) -> String?
    ) -> ArgumentConverter<Value> {
        let convert = self.convert
        return ArgumentConverter(expectation: expectation) { text, spelling throws(UsageError) in
            let value = try convert(text, spelling)
            if let reason = check(value, text, spelling) { throw UsageError(reason) }
            return value
        }
    }
}

extension ArgumentConverter where Value == String {
    /// Any text, as it is.
    static var string: ArgumentConverter<String> {
        ArgumentConverter(expectation: "a value") { text, _ in text }
    }

    /// A file or folder path, not checked on disk (an output file need not exist yet); it cannot be empty.
    ///
    /// `noun` is what the path names, after "needs": `a file`, `a folder`.
    static func path(_ noun: String = "a path") -> ArgumentConverter<String> {
        ArgumentConverter(expectation: noun) { text, spelling throws(UsageError) in
            guard !text.isEmpty else { throw UsageError("\(spelling) needs \(noun); the path is empty.") }
            return text
        }
    }

    /// One of `choices`, spelled exactly.
    static func choice(_ choices: [String]) -> ArgumentConverter<String> {
        let list = choices.joined(separator: ", ")
        return ArgumentConverter(expectation: "one of \(list)") { text, spelling throws(UsageError) in
            guard choices.contains(text) else {
                throw UsageError("\(spelling) needs one of \(list); '\(text)' is none of them.")
            }
            return text
        }
    }
}

extension ArgumentConverter where Value == Int {
    /// A whole number within `range`.
    static func integer(in range: ClosedRange<Int>) -> ArgumentConverter<Int> {
        let expectation = "a whole number from \(range.lowerBound) to \(range.upperBound)"
        return ArgumentConverter(expectation: expectation) { text, spelling throws(UsageError) in
            guard let number = Int(text) else {
                throw UsageError("\(spelling) needs \(expectation); '\(text)' is not a whole number.")
            }
            guard range.contains(number) else {
                throw UsageError("\(spelling) needs \(expectation); \(number) is out of range.")
            }
            return number
        }
    }
}

extension ArgumentConverter where Value == SimulationShard {
    /// A shard `<i>/<n>`: part `i` of `n`, with 1 <= i <= n (``SimulationShard``).
    static var shard: ArgumentConverter<SimulationShard> {
        let expectation = "<i>/<n> with 1 <= i <= n"
        return ArgumentConverter(expectation: expectation) { text, spelling throws(UsageError) in
            do throws(SimulationShard.Problem) {
                return try SimulationShard(parsing: text)
            } catch {
                switch error.kind {
                case .malformed:
                    throw UsageError("\(spelling) needs \(expectation); '\(text)' is not of the form <i>/<n>.")
                case .outOfRange:
                    throw UsageError("\(spelling) needs \(expectation); '\(text)' is out of range.")
                }
            }
        }
    }
}
