import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The per-task state of a `URLSession` delegate that serves every task of its session: one entry per task, keyed
/// by `taskIdentifier` (unique within one session), behind a `Mutex`. ``BeaconSessionDelegate`` and
/// ``HTTPFetchDelegate`` each keep their own kind of entry in one; the delegate removes a task's entry when the task
/// completes, so the table holds only the exchanges still running.
///
/// Sendable: its only stored state is a `Mutex`.
struct URLSessionTaskTable<Entry: Sendable>: ~Copyable, Sendable {
    private let entries = Mutex<[Int: Entry]>([:])

    /// Creates an empty table.
    init() {}

    /// How many tasks have an entry.
    var count: Int { entries.withLock { $0.count } }

    /// Adds the entry of `task`, not yet started, unless the current Swift task is cancelled: then nothing is added
    /// and the caller ends the exchange itself (`false`).
    ///
    /// The check and the insertion happen under one lock, and a cancellation handler runs only after the task's
    /// cancelled flag is set. So a `task.cancel()` from that handler either comes after the entry exists (its
    /// completion finds the entry) or the flag is seen here: a completion never arrives for an entry not added yet.
    func insertUnlessCancelled(_ entry: Entry, for task: URLSessionTask) -> Bool {
        entries.withLock { entries in
            guard !Task.isCancelled else { return false }
            entries[task.taskIdentifier] = entry
            return true
        }
    }

    /// Changes the entry of `task` in place under the lock (a body appended to is not copied) and returns what
    /// `body` returned, or `nil` when `task` has none.
    func update<Value: Sendable>(_ task: URLSessionTask, _ body: (inout Entry) -> Value) -> Value? {
        entries.withLock { entries -> Value? in
            guard let index = entries.index(forKey: task.taskIdentifier) else { return nil }
            return body(&entries.values[index])
        }
    }

    /// Removes the entry of `task` and returns it, or `nil` when it had none.
    func remove(_ task: URLSessionTask) -> Entry? {
        entries.withLock { $0.removeValue(forKey: task.taskIdentifier) }
    }
}
