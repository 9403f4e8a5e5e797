import Synchronization

/// The one race of an operation against its deadline: whichever ends first decides the outcome, once, and the
/// other is disarmed (the deadline's timer cancelled, or the operation's task cancelled and its late answer
/// dropped). A timeout is the caller's error, which for every fetch is the one fetch timeout error,
/// ``AdError/fetchTimedOut(_:after:providerID:)``.
///
/// Two time sources drive it: an ``AdScheduler`` (its timer, so virtual time decides it in tests:
/// ``TransportDeadline``) and a `Clock` for callers without a scheduler (`HTTPFetcher`). On a scheduler the race
/// itself is callbacks only (``race(timeout:on:timedOut:expired:operation:completion:)``); the async forms wait on
/// it. At an exact tie (the operation's answer due at the deadline's own instant) the deadline wins: its timer is
/// scheduled before the operation starts, and the scheduler runs timers due at one instant in the order they were
/// scheduled.
///
/// ```swift
/// let result = await DeadlineRace.run(timeout: .seconds(5), on: clock, timedOut: error) {
///     await fetchBody()
/// }
/// ```
package final class DeadlineRace: Sendable {
    /// The operation's task (the clock's race, or an async operation on a scheduler), cancelled when the deadline
    /// wins or the caller is cancelled.
    private let operation = Mutex<Task<Void, Never>?>(nil)

    private init() {}

    /// Cancels the operation's task (the caller's task was cancelled, or the deadline won).
    private func cancelOperation() {
        operation.withLock { $0 }?.cancel()
    }

    /// Waits for the operation's task to end (it was cancelled if the deadline won), so no work of the race outlives
    /// it.
    private func operationEnded() async {
        await operation.withLock { $0 }?.value
    }

    /// Keeps the operation's task; when the caller was cancelled meanwhile, cancels it at once.
    private func started(_ task: Task<Void, Never>) {
        operation.withLock { $0 = task }
        if Task.isCancelled { task.cancel() }
    }

    /// The race on a scheduler, through callbacks, with no task and no continuation: arms the deadline's timer,
    /// then starts the operation (`operation` is given the function to call, once, with its result). `completion`
    /// is called once, on the main actor, with the first of the operation's result and `timedOut()` at `timeout` in
    /// the scheduler's time. The operation ending first cancels the timer; the deadline passing first calls
    /// `expired` (to stop the operation's work) and drops the operation's later result. `timedOut` is made only when
    /// the deadline wins: most operations end in time, and an error's messages cost (the simulation's every fetch
    /// made one).
    ///
    /// ```swift
    /// DeadlineRace.race(timeout: .seconds(5), on: scheduler, timedOut: error,
    ///                   operation: { finish in server.fetch(request, completion: finish) },
    ///                   completion: { result in print(result) })
    /// ```
    @MainActor
    package static func race<Value>(
        timeout: Duration, on scheduler: any AdScheduler, timedOut: @autoclosure @escaping @Sendable () -> AdError,
        expired: @escaping @MainActor () -> Void = {},
        operation: (_ finish: @escaping @MainActor (Result<Value, AdError>) -> Void) -> Void,
        completion: @escaping @MainActor (Result<Value, AdError>) -> Void
    ) {
        let outcome = RaceOutcome(completion)
        outcome.timer = scheduler.schedule(after: timeout) {
            guard let tell = outcome.take() else { return }
            expired()
            tell(.failure(timedOut()))
        }
        operation { result in
            guard let tell = outcome.take() else { return }
            if let timer = outcome.timer { scheduler.cancel(timer) }
            tell(result)
        }
    }

    /// Runs `body` on `scheduler`, failing with `timedOut` when `timeout` passes in the scheduler's time first: the
    /// callback race (``race(timeout:on:timedOut:expired:operation:completion:)``) waited on, with `body` as a task.
    /// The caller's cancellation, and the deadline winning, cancel `body`'s task (which should then end with
    /// `cancelled`).
    @MainActor
    package static func run<Value: Sendable>(
        timeout: Duration, on scheduler: any AdScheduler, timedOut: @autoclosure @escaping @Sendable () -> AdError,
        _ body: @escaping @MainActor () async -> Result<Value, AdError>
    ) async -> Result<Value, AdError> {
        let current = DeadlineRace()
        return await withTaskCancellationHandler {
            await scheduler.suspend { (resumer: AdResumer<Result<Value, AdError>>) in
                race(
                    timeout: timeout, on: scheduler, timedOut: timedOut(), expired: { current.cancelOperation() },
                    operation: { finish in current.started(scheduler.spawn { finish(await body()) }) },
                    completion: { resumer.resume(returning: $0) })
            }
        } onCancel: {
            current.cancelOperation()
        }
    }

    /// Waits for an operation that reports through a callback (`start` is given the function to call with its
    /// result, on the main actor), raced against `timeout` on `scheduler`: the callback race
    /// (``race(timeout:on:timedOut:expired:operation:completion:)``) waited on; no task is spawned, so the
    /// operation's own timers decide when it ends. When the caller is cancelled first, it ends at once with
    /// `cancelled` (a late result is dropped).
    @MainActor
    package static func run<Value: Sendable>(
        timeout: Duration, on scheduler: any AdScheduler, timedOut: @autoclosure @escaping @Sendable () -> AdError,
        starting start: (_ finish: @escaping @MainActor (Result<Value, AdError>) -> Void) -> Void
    ) async -> Result<Value, AdError> {
        let waiting = Mutex<AdResumer<Result<Value, AdError>>?>(nil)
        return await withTaskCancellationHandler {
            await scheduler.suspend { (resumer: AdResumer<Result<Value, AdError>>) in
                waiting.withLock { $0 = resumer }
                race(
                    timeout: timeout, on: scheduler, timedOut: timedOut(), operation: start,
                    completion: { resumer.resume(returning: $0) })
            }
        } onCancel: {
            waiting.withLock { $0 }?.resume(returning: .failure(AdError(.cancelled, "The fetch was cancelled.")))
        }
    }

    /// Runs `body`, failing with `timedOut` when `timeout` passes on `clock` first. The caller's cancellation
    /// cancels `body`'s task (which should then end with `cancelled`). Like a task group, it returns only once
    /// `body`'s task has ended, so nothing the operation holds (a pending request) outlives the call.
    package static func run<Value: Sendable>(
        timeout: Duration, on clock: any Clock<Duration>, timedOut: AdError,
        _ body: @escaping @Sendable () async -> Result<Value, AdError>
    ) async -> Result<Value, AdError> {
        let current = DeadlineRace()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, AdError>, Never>) in
                let resumer = AdResumer(continuation)
                // A caller cancelled already has the operation's task cancel itself before `body` runs: cancelling
                // it from here, once it is made (`started`), raced with its start on another thread, and a fetch
                // cancelled before it began could still send its request.
                let cancelledBeforeStart = Task.isCancelled
                let timer = Task {
                    do {
                        try await clock.sleep(for: timeout)
                    } catch {
                        return
                    }
                    if resumer.resume(returning: .failure(timedOut)) { current.cancelOperation() }
                }
                current.started(
                    Task {
                        if cancelledBeforeStart { withUnsafeCurrentTask { $0?.cancel() } }
                        if resumer.resume(returning: await body()) { timer.cancel() }
                    })
            }
        } onCancel: {
            current.cancelOperation()
        }
        await current.operationEnded()
        return result
    }
}

/// Who is told a scheduler race's outcome, once, and the deadline's timer to disarm when the operation wins.
@MainActor
private final class RaceOutcome<Value> {
    private var completion: (@MainActor (Result<Value, AdError>) -> Void)?
    /// The deadline's timer.
    var timer: ScheduledActionID?

    init(_ completion: @escaping @MainActor (Result<Value, AdError>) -> Void) {
        self.completion = completion
    }

    /// The completion, the first time only: the first of the operation and the deadline takes it.
    func take() -> (@MainActor (Result<Value, AdError>) -> Void)? {
        defer { completion = nil }
        return completion
    }
}
