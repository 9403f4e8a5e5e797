public import AdCore

/// A rejected mediation configuration: one error that lists every problem found, each with where it is, what is
/// wrong and how to fix it.
///
/// ```swift
/// do { try configuration.validate(providers: registry.descriptors) } catch {
///     for problem in error.problems { print(problem) }  // lineItems[2].provider: No provider 'foo' ...
/// }
/// ```
public struct MediationConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Every problem, in document order.
    public var problems: [ConfigurationProblem]

    /// Creates the error.
    public init(problems: [ConfigurationProblem]) { self.problems = problems }

    /// The kinds of the problems, in order (handy in tests and logs).
    public var kinds: [ConfigurationProblem.Kind] { problems.map(\.kind) }

    /// The error as an `AdError` with code `invalidConfiguration` (for hosts that log one error type).
    public var adError: AdError {
        AdError(
            .invalidConfiguration, "The mediation configuration has \(problems.count) problem(s): \(description)",
            hint: problems.first?.hint)
    }

    /// One line per problem.
    public var description: String {
        "Invalid mediation configuration (\(problems.count) problem(s)):\n"
            + problems.map { "  - \($0)" }.joined(separator: "\n")
    }
}

/// One problem of a mediation configuration.
///
/// ```swift
/// let problem = ConfigurationProblem(.negativeTimeout, at: "placements[0].lineItems[1].timeoutSeconds",
///                                    "The timeout -1.0 s is not positive.", hint: "Use a few seconds.")
/// ```
public struct ConfigurationProblem: Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem it is.
    ///
    /// ```swift
    /// #expect(error.kinds.contains(.unknownProvider))
    /// ```
    public enum Kind: String, Sendable, Hashable {
        /// The text is not JSON, or a field has the wrong type, or a required field is missing.
        case malformedJSON
        /// A line item names a provider that is not registered.
        case unknownProvider
        /// A line item's provider cannot serve the placement's format.
        case unsupportedFormat
        /// A timeout, deadline, pacing, window or delay is negative (or zero where it must be positive).
        case negativeTimeout
        /// Two placements share an ID.
        case duplicatePlacementID
        /// Two line items of one placement share an ID.
        case duplicateLineItemID
        /// A required text (ID, ad unit, currency) is empty, or a list leaves out what it must hold (a waterfall
        /// order without one of the placement's waterfall items).
        case emptyValue
        /// A placement has no line items.
        case noLineItems
        /// A line item's mode does not fit the placement's strategy (a bidder in a waterfall placement...).
        case modeNotAllowed
        /// A price or floor is negative.
        case negativePrice
        /// A cap, attempt count, tier size or learning parameter is out of range.
        case outOfRange
        /// A versioned file (a simulator scenario) has no `version`, or one this build does not read.
        case unsupportedVersion
        /// A file the document names (a creative fixture, a referenced configuration) does not exist or is not a
        /// regular file.
        case missingFile
        /// A name refers to nothing: a line item (in a waterfall order, say), placement, strategy kind or format the
        /// document does not define.
        case unknownReference
        /// Two entries that must have different names share one (simulator strategies and their variants).
        case duplicateName
        /// One JSON object gives the same key twice (readers disagree on which value counts).
        case duplicateKey
    }

    /// What kind of problem it is.
    public var kind: Kind
    /// Where it is, as a JSON path: `placements[0].lineItems[2].provider`.
    public var path: String
    /// What is wrong.
    public var message: String
    /// How to fix it.
    public var hint: String

    /// Creates a problem.
    public init(_ kind: Kind, at path: String, _ message: String, hint: String) {
        self.kind = kind
        self.path = path
        self.message = message
        self.hint = hint
    }

    /// What a Swift type is written as in JSON: "a number", "a string", "true or false", "a list", "an object".
    static func jsonKind(of type: Any.Type) -> String {
        let name = String(describing: type)
        if name.hasPrefix("Dictionary") { return "an object ({ ... })" }
        if name.hasPrefix("Array") { return "a list ([ ... ])" }
        if name == "Bool" { return "true or false" }
        if name == "String" || name == "Substring" { return "a string (text in quotes)" }
        if ["Double", "Float", "Decimal"].contains(name) || name.hasPrefix("Int") || name.hasPrefix("UInt") {
            return "a number"
        }
        return "a value of type \(name)"
    }

    /// `path: message Fix: hint`.
    public var description: String { "\(path): \(message) Fix: \(hint)" }

    /// The problem a `DecodingError` describes (a wrong type, a missing field, a value that cannot be read), at
    /// its JSON path; `fix` is the hint (by default: compare with the example configuration).
    public init(
        decoding error: DecodingError,
        fix: String = "Compare the file with Fixtures/mediation/example.json and Docs/Mediation.md."
    ) {
        let path = ConfigurationDecoding.path
        switch error {
        case .keyNotFound(let key, let context):
            self.init(
                .malformedJSON, at: path(context.codingPath + [key]),
                "The required field '\(key.stringValue)' is missing.",
                hint: fix)
        case .typeMismatch(let type, let context):
            // The decoder's words name what it found ("... but found a string instead."): kept, in JSON's terms.
            let found = context.debugDescription.firstMatch(of: /but found (.+?) instead/).map { ", found \($0.1)" }
            self.init(
                .malformedJSON, at: path(context.codingPath),
                "Expected \(Self.jsonKind(of: type)) here\(found ?? "").", hint: fix)
        case .valueNotFound(let type, let context):
            self.init(
                .malformedJSON, at: path(context.codingPath), "Expected \(Self.jsonKind(of: type)), found null.",
                hint: fix)
        case .dataCorrupted(let context) where context.underlyingError is NumberOutOfRange:
            self.init(.outOfRange, at: path(context.codingPath), context.debugDescription, hint: fix)
        case .dataCorrupted(let context):
            self.init(.malformedJSON, at: path(context.codingPath), context.debugDescription, hint: fix)
        @unknown default:
            self.init(.malformedJSON, at: "$", "The configuration could not be decoded (\(error)).", hint: fix)
        }
    }
}

extension AdError.Code {
    /// A mediation configuration was rejected (see ``MediationConfigurationError``).
    public static let invalidConfiguration: AdError.Code = "invalidConfiguration"
    /// A frequency cap blocks the request.
    public static let capped: AdError.Code = "capped"
    /// Pacing blocks the request: too soon after the last impression.
    public static let paced: AdError.Code = "paced"
}
