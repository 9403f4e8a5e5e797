/// A scheduler that says whether it is running one of its timed actions now: a ``UnifiedAd`` takes a callback
/// load's result (`ScheduledAdProvider`) on a zero-delay turn only then, after the other actions due at that instant,
/// as a spawned load's task resumes after them; a result that arrives outside them (from a task, as over an
/// in-memory transport) is taken at once, as that task would take it. A scheduler that does not say takes every
/// result on a zero-delay turn. Package access: the virtual-time driver's.
///
/// ```swift
/// if (scheduler as? any ActionAwareScheduler)?.isRunningAction ?? true { /* take it on the next turn */ }
/// ```
@MainActor
package protocol ActionAwareScheduler: AdScheduler {
    /// Whether one of the scheduler's timed actions is running now.
    var isRunningAction: Bool { get }
}
