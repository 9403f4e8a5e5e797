import AdCore
import AdCreative
import AdVAST

/// The checks every fuzz target makes on what a decoder answered: an error must say what went wrong.
enum FuzzProblems {
    /// The broken promises of an error: an empty message (every error says what went wrong and how to fix it).
    static func check(_ error: AdError, _ what: String) -> [String] {
        error.message.isEmpty ? ["\(what): an AdError (\(error.code)) without a message"] : []
    }

    /// The same for the parser's own error.
    static func check(_ error: VASTError, _ what: String) -> [String] {
        error.message.isEmpty ? ["\(what): a VASTError (\(error.kind)) without a message"] : []
    }
}
