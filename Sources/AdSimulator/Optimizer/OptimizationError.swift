/// Why an optimization could not start or run: what went wrong and how to fix it.
///
/// ```swift
/// do { _ = try OptimizationBudget(parsing: "p99=5") } catch { print(error.message, error.hint) }
/// ```
public struct OptimizationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public var message: String
    /// How to fix it.
    public var hint: String

    /// An error with its message and hint.
    public init(_ message: String, hint: String) {
        self.message = message
        self.hint = hint
    }

    /// The message, then the hint.
    public var description: String { "\(message) Fix: \(hint)" }
}
