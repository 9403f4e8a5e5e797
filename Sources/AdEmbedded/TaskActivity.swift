import Synchronization

/// How much async work of a virtual-time driver can still make progress: the count of the driver's tasks that
/// are runnable, neither finished nor waiting on virtual time. ``VirtualTimeDriver/settle()`` waits until it is
/// zero, so a test never guesses how many executor turns a load needs.
///
/// A task counts when the driver started it (``AdScheduler/spawn(_:)``, which marks it and its child tasks with
/// a task-local flag). It stops counting while it sleeps on the driver's ``ManualClock`` or is suspended with
/// ``AdScheduler/suspend(_:)``, and counts again from the moment something resumes it.
final class TaskActivity: Sendable {
    /// Whether the current task was started by a driver that accounts for it.
    @TaskLocal static var isTracked = false

    private let runnable = Mutex(0)

    /// The number of runnable tracked tasks.
    var runnableCount: Int { runnable.withLock { $0 } }

    /// A tracked task started, or one waiting was resumed.
    func began() { runnable.withLock { $0 += 1 } }

    /// A tracked task finished, or started waiting on virtual time.
    func ended() { runnable.withLock { $0 -= 1 } }
}
