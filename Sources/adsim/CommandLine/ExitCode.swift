import AdSimulator

/// The exit status of an `adsim` command, following the BSD `sysexits` conventions.
///
/// ```swift
/// let code: ExitCode = .usage
/// print(code.rawValue)  // 64
/// ```
struct ExitCode: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
    /// The process exit status.
    let rawValue: Int32

    /// Creates an exit code.
    init(rawValue: Int32) { self.rawValue = rawValue }

    /// Everything worked.
    static let success = ExitCode(rawValue: 0)
    /// The command ran but its work failed (for example a document did not parse).
    static let failure = ExitCode(rawValue: 1)
    /// The command line was wrong (`EX_USAGE`).
    static let usage = ExitCode(rawValue: 64)

    /// The numeric status.
    var description: String { String(rawValue) }
}
