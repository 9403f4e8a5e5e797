/// A problem the parser tolerated, with the VAST error code it corresponds to and where it was found.
///
/// ```swift
/// for warning in document.warnings { print(warning) }  // "101 at 3:5: <InLine> has no <AdTitle>"
/// ```
public struct VASTWarning: Sendable, Equatable, Encodable, CustomStringConvertible {
    /// The VAST error code (101 for a schema violation).
    public var code: Int
    /// What was wrong.
    public var message: String
    /// The 1-based line where the problem was detected.
    public var line: Int
    /// The 1-based column where the problem was detected.
    public var column: Int

    /// Creates a warning.
    public init(code: Int = 101, message: String, line: Int = 0, column: Int = 0) {
        self.code = code
        self.message = message
        self.line = line
        self.column = column
    }

    /// `code at line:column: message`.
    public var description: String { "\(code) at \(line):\(column): \(message)" }
}
