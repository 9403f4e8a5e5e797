import AdSimulator
import Synchronization

/// Where a command writes: standard output and standard error, or buffers in tests.
///
/// Commands never print directly, so snapshot tests can read exactly what a user would see.
///
/// ```swift
/// let output = CommandOutput.buffered()
/// output.write("hello\n")
/// print(output.standardOutput)  // "hello\n"
/// ```
final class CommandOutput: Sendable {
    private let sink: (@Sendable (String, Bool) -> Void)?
    private let buffers = Mutex<(out: String, err: String)>(("", ""))
    /// Whether standard error is a terminal a person watches: progress is drawn there only then.
    let errorIsTerminal: Bool

    private init(sink: (@Sendable (String, Bool) -> Void)?, errorIsTerminal: Bool) {
        self.sink = sink
        self.errorIsTerminal = errorIsTerminal
    }

    /// An output that collects everything in memory (read it back with ``standardOutput``/``standardError``);
    /// `errorIsTerminal` makes commands treat its standard error as a terminal.
    static func buffered(errorIsTerminal: Bool = false) -> CommandOutput {
        CommandOutput(sink: nil, errorIsTerminal: errorIsTerminal)
    }

    /// An output that forwards every write to `sink`; its second argument is `true` for standard error.
    static func forwarding(
        errorIsTerminal: Bool = false, to sink: @escaping @Sendable (String, Bool) -> Void
    ) -> CommandOutput {
        CommandOutput(sink: sink, errorIsTerminal: errorIsTerminal)
    }

    /// Writes text to standard output.
    func write(_ text: String) {
        if let sink { sink(text, false) } else { buffers.withLock { $0.out += text } }
    }

    /// Writes text to standard error.
    func writeError(_ text: String) {
        if let sink { sink(text, true) } else { buffers.withLock { $0.err += text } }
    }

    /// Writes `Error: <message>` on standard error and returns `code`: how a command reports an input it cannot
    /// use (``ExitCode/noInput``, ``ExitCode/dataError``) or a run that failed.
    func fail(_ code: ExitCode, _ message: String) -> ExitCode {
        writeError("Error: \(message)\n")
        return code
    }

    /// Everything written to standard output so far (buffered outputs only).
    var standardOutput: String { buffers.withLock { $0.out } }

    /// Everything written to standard error so far (buffered outputs only).
    var standardError: String { buffers.withLock { $0.err } }
}
