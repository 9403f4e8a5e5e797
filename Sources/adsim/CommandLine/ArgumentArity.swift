import AdSimulator

/// How many values a positional argument takes, which also decides how the usage line shows it.
///
/// ```swift
/// let paths = CommandArgument("path", arity: .oneOrMore, help: "A file or folder.")   // <path>...
/// ```
enum ArgumentArity: Sendable, Equatable {
    /// Zero or one value: `[<name>]`.
    case optional
    /// Exactly one value: `<name>`.
    case required
    /// Any number of values: `[<name>...]`.
    case zeroOrMore
    /// At least one value: `<name>...`.
    case oneOrMore

    /// Whether the argument takes every remaining value.
    var isVariadic: Bool { self == .zeroOrMore || self == .oneOrMore }

    /// Whether the command line must give at least one value.
    var isRequired: Bool { self == .required || self == .oneOrMore }
}
