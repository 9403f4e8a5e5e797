import Synchronization

/// Resumes a task suspended with ``AdScheduler/suspend(_:)``: once, with a value; later calls do nothing.
///
/// ```swift
/// let value: Int = await scheduler.suspend { resumer in
///     scheduler.schedule(after: .seconds(1)) { resumer.resume(returning: 42) }
/// }
/// ```
public final class AdResumer<Value: Sendable>: Sendable {
    private let continuation: Mutex<CheckedContinuation<Value, Never>?>
    private let onResume: @Sendable () -> Void

    /// Wraps a continuation (drivers do); `onResume` runs once, just before the task is resumed.
    public init(_ continuation: CheckedContinuation<Value, Never>, onResume: @escaping @Sendable () -> Void = {}) {
        self.continuation = Mutex(continuation)
        self.onResume = onResume
    }

    /// Whether the task was resumed already.
    public var isResumed: Bool { continuation.withLock { $0 == nil } }

    /// Resumes the suspended task with `value`, unless it was resumed already; returns whether this call did.
    @discardableResult
    public func resume(returning value: Value) -> Bool {
        guard
            let continuation = continuation.withLock({ state in
                defer { state = nil }
                return state
            })
        else {
            return false
        }
        onResume()
        continuation.resume(returning: value)
        return true
    }
}
