import AdMediation
import AdSimulator

/// Why a command could not use an input file, and the exit status that says so: 66 (`EX_NOINPUT`) for a file
/// that cannot be read, 65 (`EX_DATAERR`) for one that was read but is invalid. The message names the file and the
/// kind of file the command expected; `adsim` prints it on standard error.
///
/// ```swift
/// let failure = InputFailure(.noInput, "scenario.json cannot be read (no such file).")
/// return output.fail(failure.code, failure.message)   // exit 66
/// ```
struct InputFailure: Error, Sendable, Equatable {
    /// `.noInput` or `.dataError`.
    var code: ExitCode
    /// What is wrong with which file, and how to fix it.
    var message: String

    /// Creates a failure.
    init(_ code: ExitCode, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The failure of a scenario that did not load: invalid, or, when its one problem is that the file itself
    /// cannot be read, unreadable.
    init(scenario path: String, _ error: ScenarioError) {
        let problems = error.problems
        if problems.count == 1, let only = problems.first, only.kind == .missingFile, only.path == "$" {
            self.init(.noInput, "\(only.message) \(only.hint)")
            return
        }
        self.init(scenario: path, problems: problems)
    }

    /// The failure of a scenario with `problems` (65): each on its own line.
    init(scenario path: String, problems: [ConfigurationProblem]) {
        self.init(
            .dataError,
            "\(path): invalid scenario (\(problems.count) problem\(problems.count == 1 ? "" : "s")):\n"
                + problems.map { "  - \($0)" }.joined(separator: "\n"))
    }
}
