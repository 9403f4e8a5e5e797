/// The one error type of AdCreative: every parser failure, every limit, every wrapper-resolution failure and every
/// refused URL. It stands alone (AdCreative depends on nothing but libxml2 and Foundation); AdCore maps it to its
/// `AdError` at the provider boundary, field for field.
///
/// A `VASTError` keeps what a developer needs to fix the problem: what ``Kind`` of failure it is, a message that
/// says what went wrong, the VAST error code where one applies (100 for XML that is not well-formed, 301 for a
/// wrapper hop that timed out, 302 for a wrapper limit, 303 for no ad), the line and column in the document where
/// the parser knows them, and a hint that says how to fix it.
///
/// ```swift
/// do {
///     _ = try VASTParser().parse("<VAST version=\"4.2\"><Ad>")
/// } catch {
///     print(error.kind, error.vastCode ?? 0, error.line ?? 0)  // invalidResponse 100 1
/// }
/// ```
public struct VASTError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure a ``VASTError`` is. The names match AdCore's `AdError.Code` names, so the mapping at
    /// the provider boundary keeps the name; a fetch layer may add its own with `VASTError.Kind("myKind")`.
    ///
    /// ```swift
    /// if error.kind == .limitExceeded { print("hostile or broken response") }
    /// ```
    public struct Kind: Hashable, Sendable, RawRepresentable, ExpressibleByStringLiteral, CustomStringConvertible {
        /// The kind's stable name, as written in logs.
        public let rawValue: String

        /// Creates a kind from its stable name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Creates a kind from its stable name.
        public init(_ rawValue: String) { self.rawValue = rawValue }

        /// Creates a kind from a string literal.
        public init(stringLiteral value: String) { self.rawValue = value }

        /// The kind's stable name.
        public var description: String { rawValue }

        /// The response had no playable ad (VAST 303).
        public static let noFill: Kind = "noFill"
        /// A wrapper hop, or the whole resolution, took too long (VAST 301).
        public static let timeout: Kind = "timeout"
        /// A fetch failed (connection, HTTP status): what a fetch layer reports for a hop.
        public static let network: Kind = "network"
        /// The caller asked for something the parser cannot do (a limit above libxml2's ceiling).
        public static let invalidRequest: Kind = "invalidRequest"
        /// The document could not be used (not well-formed, not VAST, a wrapper without a usable URI).
        public static let invalidResponse: Kind = "invalidResponse"
        /// The operation was cancelled.
        public static let cancelled: Kind = "cancelled"
        /// A broken invariant inside the parser (libxml2 could not allocate); report it.
        public static let `internal`: Kind = "internal"
        /// A configured limit was exceeded (input size, depth, counts, wrapper caps).
        public static let limitExceeded: Kind = "limitExceeded"
        /// A URL was refused: not `http`/`https` (for example `file:`, `javascript:`, `data:`), unparseable, or at an
        /// address the address policy refuses.
        public static let refusedURL: Kind = "refusedURL"
    }

    /// What kind of failure this is.
    public var kind: Kind
    /// What went wrong, in one or two sentences (with the position, when the parser knows it).
    public var message: String
    /// The VAST error code (100-999) where one applies.
    public var vastCode: Int?
    /// The line in the document (1-based) where the failure was found, when the parser knows it.
    public var line: Int?
    /// The column in that line (1-based), when the parser knows it.
    public var column: Int?
    /// A status that came with the failure from a fetch layer (an HTTP status such as 404), when one did.
    public var status: Int?
    /// How to fix the problem, when the caller can.
    public var hint: String?
    /// The error that caused this one (a fetch layer's own error for a failed hop), if any.
    public var underlying: (any Error & Sendable)?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: what kind of failure this is.
    ///   - message: what went wrong.
    ///   - vastCode: the VAST error code, where one applies.
    ///   - line: the line in the document, when known.
    ///   - column: the column in that line, when known.
    ///   - status: a fetch layer's status (an HTTP status), when there is one.
    ///   - hint: how to fix it.
    ///   - underlying: the error that caused this one.
    public init(
        _ kind: Kind,
        _ message: String,
        vastCode: Int? = nil,
        line: Int? = nil,
        column: Int? = nil,
        status: Int? = nil,
        hint: String? = nil,
        underlying: (any Error & Sendable)? = nil
    ) {
        self.kind = kind
        self.message = message
        self.vastCode = vastCode
        self.line = line
        self.column = column
        self.status = status
        self.hint = hint
        self.underlying = underlying
    }

    /// One log line: `kind [status] (VAST n): message Fix: hint Caused by: underlying`.
    public var description: String {
        var text = kind.rawValue
        if let status { text += " [\(status)]" }
        if let vastCode { text += " (VAST \(vastCode))" }
        text += ": " + message
        if let hint { text += " Fix: " + hint }
        if let underlying { text += " Caused by: \(underlying)" }
        return text
    }

    /// Two errors are equal when every field is, the underlying errors compared by their descriptions.
    public static func == (lhs: VASTError, rhs: VASTError) -> Bool {
        lhs.kind == rhs.kind && lhs.message == rhs.message && lhs.vastCode == rhs.vastCode && lhs.line == rhs.line
            && lhs.column == rhs.column && lhs.status == rhs.status && lhs.hint == rhs.hint
            && lhs.underlying.map { "\($0)" } == rhs.underlying.map { "\($0)" }
    }
}
