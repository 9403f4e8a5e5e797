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
    /// An input file was read but is invalid: not JSON, not the kind of file the command takes, a document that
    /// does not parse (`EX_DATAERR`).
    static let dataError = ExitCode(rawValue: 65)
    /// An input file or folder cannot be read: it does not exist, is not a regular file, or is not readable
    /// (`EX_NOINPUT`).
    static let noInput = ExitCode(rawValue: 66)

    /// The status of a run over several inputs: the gravest of `codes` (64, then 66, then 65, then 1, then 0).
    static func gravest(_ codes: [ExitCode]) -> ExitCode {
        let order: [ExitCode] = [.usage, .noInput, .dataError, .failure]
        return order.first { codes.contains($0) } ?? .success
    }

    /// The numeric status.
    var description: String { String(rawValue) }
}
