import Dispatch

/// A task executor that runs every job on the main queue, the main actor's own executor, so the nonisolated
/// parts of a driver's tasks (a provider's load and parse) run on the same thread as the main-actor parts instead
/// of hopping to the global pool and back for every `await`.
///
/// For runs in virtual time, where nothing is gained from a second thread: the simulator gives it to each user's
/// ``VirtualTimeDriver`` (`taskExecutor:`), so a user's whole stack runs as one serial stream of jobs with no
/// thread wake-up between a main-actor step and a provider step. A live app keeps the default (providers parse
/// off the main thread).
///
/// Jobs run isolated to the main actor's executor: they are on its queue, so a hop back to a main-actor function
/// is a switch, not an enqueue. A job must therefore never block waiting for the main actor.
///
/// ```swift
/// let driver = VirtualTimeDriver(seed: 7, taskExecutor: MainQueueTaskExecutor())
/// ad.load()                          // the provider's load runs on the main queue
/// await driver.run(for: .seconds(1))
/// ```
public final class MainQueueTaskExecutor: TaskExecutor {
    /// The main queue, looked up once: on Linux every `DispatchQueue.main` allocates a new wrapper of it.
    private let queue = DispatchQueue.main

    /// Creates the executor; it holds only the main queue.
    public init() {}

    /// Runs `job` on the main queue.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async {
            job.runSynchronously(isolatedTo: MainActor.sharedUnownedExecutor, taskExecutor: executor)
        }
    }
}
