import AdSimulator
import Synchronization

/// A progress bar on standard error, drawn only when standard error is a terminal (never into a pipe or a file,
/// so `--json` and `--csv` output and logs stay clean): `[#######-------------]  35%  700/2000 runs`, redrawn in
/// place when the whole percentage changes, erased by ``finish()``.
///
/// ```swift
/// let bar = ProgressBar(output: output, unit: "users")
/// bar.update(done: 700, total: 2_000)
/// bar.finish()
/// ```
final class ProgressBar: Sendable {
    /// The width of the bar in characters.
    static let width = 30
    /// The unit of a simulation's progress: one user run through one strategy.
    static let runs = "runs (user x strategy)"

    private let output: CommandOutput
    private let unit: String
    private let shown = Mutex<Int?>(nil)

    /// A bar on `output`'s standard error counting `unit`.
    init(output: CommandOutput, unit: String) {
        self.output = output
        self.unit = unit
    }

    /// Shows `done` of `total` (a no-op unless standard error is a terminal or the percentage did not change).
    func update(done: Int, total: Int) {
        guard output.errorIsTerminal, total > 0 else { return }
        let clamped = min(max(done, 0), total)
        let percent = clamped * 100 / total
        let changed = shown.withLock { shown in
            guard shown != percent else { return false }
            shown = percent
            return true
        }
        guard changed else { return }
        let filled = clamped * Self.width / total
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: Self.width - filled)
        let number = String(percent)
        output.writeError(
            "\r[\(bar)] \(String(repeating: " ", count: 3 - number.count))\(number)%  \(clamped)/\(total) \(unit)")
    }

    /// Erases the bar (when one was drawn).
    func finish() {
        let drawn = shown.withLock { shown in
            defer { shown = nil }
            return shown != nil
        }
        if drawn { output.writeError("\r\u{1B}[2K") }
    }
}
