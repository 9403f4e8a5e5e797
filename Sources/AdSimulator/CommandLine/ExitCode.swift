/// The exit status of an `adsim` command, following the BSD `sysexits` conventions.
///
/// ```swift
/// let code: ExitCode = .usage
/// print(code.rawValue)  // 64
/// ```
public struct ExitCode: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
    /// The process exit status.
    public let rawValue: Int32

    /// Creates an exit code.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Everything worked.
    public static let success = ExitCode(rawValue: 0)
    /// The command ran but its work failed (for example a document did not parse).
    public static let failure = ExitCode(rawValue: 1)
    /// The command line was wrong (`EX_USAGE`).
    public static let usage = ExitCode(rawValue: 64)

    /// The numeric status.
    public var description: String { String(rawValue) }
}
