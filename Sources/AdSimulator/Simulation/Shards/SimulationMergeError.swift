/// Why partial results cannot be merged: a file that cannot be read or is not a partial, a partial whose counts
/// cannot be right (users out of range, counts in a shard that has no users, a strategy it does not declare),
/// partials of different runs, a shard missing or given twice, a worker that failed. The message names the file
/// or shard; the hint says how to fix it. `adsim merge` exits 64 with it (a bad input file is a usage error, as in
/// `adsim validate` and `adsim simulate`).
///
/// ```swift
/// do { _ = try SimulationPartial.merge(partials) } catch { print(error.kind, error.message, error.hint) }
/// ```
public struct SimulationMergeError: Error, Sendable, Equatable {
    /// What kind of problem it is.
    public enum Kind: Sendable, Equatable {
        /// The file cannot be read.
        case unreadable
        /// The data is not a partial of this format and version.
        case notAPartial
        /// A partial holds counts that cannot be right: out of range, users out of range or inconsistent with
        /// its shard, rows of a strategy or placement it does not declare.
        case damaged
        /// The partials come from different runs: scenario or files, seed, users, strategies, shard counts.
        case differentRun
        /// A shard is given more than once.
        case repeatedShard
        /// A shard is missing (or there is no partial at all).
        case missingShard
        /// A worker process of `--jobs` could not start, failed, or printed something else.
        case worker
    }

    /// What kind of problem it is.
    public var kind: Kind
    /// The partial concerned (a file's path, a worker's output), when one is.
    public var source: String?
    /// What is wrong.
    public var message: String
    /// How to fix it.
    public var hint: String

    /// Creates an error.
    public init(_ message: String, hint: String, kind: Kind, source: String? = nil) {
        self.kind = kind
        self.source = source
        self.message = message
        self.hint = hint
    }
}
