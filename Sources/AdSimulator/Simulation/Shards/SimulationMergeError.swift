/// Why partial results cannot be merged: a file that is not a partial, partials of different runs, a shard
/// missing or given twice. The message names the file or shard; the hint says how to fix it.
///
/// ```swift
/// do { _ = try SimulationPartial.merge(partials) } catch { print(error.message, error.hint) }
/// ```
public struct SimulationMergeError: Error, Sendable, Equatable {
    /// What is wrong.
    public var message: String
    /// How to fix it.
    public var hint: String

    /// Creates an error.
    public init(_ message: String, hint: String) {
        self.message = message
        self.hint = hint
    }
}
