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
public final class CommandOutput: Sendable {
    private let sink: (@Sendable (String, Bool) -> Void)?
    private let buffers = Mutex<(out: String, err: String)>(("", ""))

    private init(sink: (@Sendable (String, Bool) -> Void)?) { self.sink = sink }

    /// An output that collects everything in memory (read it back with ``standardOutput``/``standardError``).
    public static func buffered() -> CommandOutput { CommandOutput(sink: nil) }

    /// An output that forwards every write to `sink`; its second argument is `true` for standard error.
    public static func forwarding(to sink: @escaping @Sendable (String, Bool) -> Void) -> CommandOutput {
        CommandOutput(sink: sink)
    }

    /// Writes text to standard output.
    public func write(_ text: String) {
        if let sink { sink(text, false) } else { buffers.withLock { $0.out += text } }
    }

    /// Writes text to standard error.
    public func writeError(_ text: String) {
        if let sink { sink(text, true) } else { buffers.withLock { $0.err += text } }
    }

    /// Everything written to standard output so far (buffered outputs only).
    public var standardOutput: String { buffers.withLock { $0.out } }

    /// Everything written to standard error so far (buffered outputs only).
    public var standardError: String { buffers.withLock { $0.err } }
}
