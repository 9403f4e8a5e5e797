import Synchronization

/// The one race of an operation against its deadline: whichever ends first decides the outcome, once, and the
/// other is cancelled (the operation's task, or the timer). A timeout is the caller's error, which for every fetch is
/// the one fetch timeout error, ``AdError/fetchTimedOut(_:after:providerID:)``.
///
/// Two time sources drive the same race: an ``AdScheduler`` (its timer and its spawned task, so virtual time decides
/// it in tests: ``TransportDeadline``) and a `Clock` for callers without a scheduler (`HTTPFetcher`).
///
/// ```swift
/// let result = await DeadlineRace.run(timeout: .seconds(5), on: clock, timedOut: error) {
///     await fetchBody()
/// }
/// ```
package final class DeadlineRace<Value: Sendable>: Sendable {
    /// Who resumes the waiting caller: the first of the operation and the deadline.
    private let resumer: AdResumer<Result<Value, AdError>>
    /// The operation's task, cancelled when the deadline wins or the caller is cancelled.
    private let operation = Mutex<Task<Void, Never>?>(nil)

    private init(_ resumer: AdResumer<Result<Value, AdError>>) {
        self.resumer = resumer
    }

    /// The operation ended with `result`: it decides the race unless the deadline did. Returns whether it did, so
    /// the caller disarms its timer.
    private func finish(_ result: Result<Value, AdError>) -> Bool {
        resumer.resume(returning: result)
    }

    /// The deadline passed: `error` decides the race unless the operation did; then the operation is cancelled.
    private func expire(with error: AdError) {
        guard resumer.resume(returning: .failure(error)) else { return }
        cancelOperation()
    }

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

    /// Runs `body` on `scheduler`, failing with `timedOut` when `timeout` passes in the scheduler's time first. The
    /// caller's cancellation cancels `body`'s task (which should then end with `cancelled`). `timedOut` is made only
    /// when the deadline wins: most operations end in time, and an error's messages cost (the simulation's every
    /// fetch made one).
    @MainActor
    package static func run(
        timeout: Duration, on scheduler: any AdScheduler, timedOut: @autoclosure @escaping @Sendable () -> AdError,
        _ body: @escaping @MainActor () async -> Result<Value, AdError>
    ) async -> Result<Value, AdError> {
        await race(
            timeout: timeout, on: scheduler, timedOut: timedOut,
            start: { current, finish in current.started(scheduler.spawn { finish(await body()) }) },
            onCancel: { current in current.cancelOperation() })
    }

    /// Races an operation that reports through a callback (`start` is given the function to call with its result,
    /// on the main actor) against `timeout` on `scheduler`: no task is spawned, so the operation's own timers decide
    /// when it ends. When the caller is cancelled first, it ends at once with `cancelled` (a late result is dropped).
    @MainActor
    package static func run(
        timeout: Duration, on scheduler: any AdScheduler, timedOut: @autoclosure @escaping @Sendable () -> AdError,
        starting start: @MainActor (_ finish: @escaping @MainActor (Result<Value, AdError>) -> Void) -> Void
    ) async -> Result<Value, AdError> {
        await race(
            timeout: timeout, on: scheduler, timedOut: timedOut, start: { _, finish in start(finish) },
            onCancel: { current in _ = current.finish(.failure(AdError(.cancelled, "The fetch was cancelled."))) })
    }

    /// The race on a scheduler, shared by both operations: the caller waits on `scheduler` for the first of the
    /// deadline's timer and the operation `start` begins (given the race and the function that ends it with a
    /// result, which disarms the timer); the caller's cancellation is handed to `onCancel`.
    @MainActor
    private static func race(
        timeout: Duration, on scheduler: any AdScheduler, timedOut: @escaping @Sendable () -> AdError,
        start: @MainActor (DeadlineRace, _ finish: @escaping @MainActor (Result<Value, AdError>) -> Void) -> Void,
        onCancel: @escaping @Sendable (DeadlineRace) -> Void
    ) async -> Result<Value, AdError> {
        let race = Mutex<DeadlineRace?>(nil)
        return await withTaskCancellationHandler {
            await scheduler.suspend { (resumer: AdResumer<Result<Value, AdError>>) in
                let current = DeadlineRace(resumer)
                race.withLock { $0 = current }
                let timer = scheduler.schedule(after: timeout) { current.expire(with: timedOut()) }
                start(current) { result in
                    if current.finish(result) { scheduler.cancel(timer) }
                }
            }
        } onCancel: {
            if let current = race.withLock({ $0 }) { onCancel(current) }
        }
    }

    /// Runs `body`, failing with `timedOut` when `timeout` passes on `clock` first. The caller's cancellation
    /// cancels `body`'s task (which should then end with `cancelled`). Like a task group, it returns only once
    /// `body`'s task has ended, so nothing the operation holds (a pending request) outlives the call.
    package static func run(
        timeout: Duration, on clock: any Clock<Duration>, timedOut: AdError,
        _ body: @escaping @Sendable () async -> Result<Value, AdError>
    ) async -> Result<Value, AdError> {
        let race = Mutex<DeadlineRace?>(nil)
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, AdError>, Never>) in
                let current = DeadlineRace(AdResumer(continuation))
                race.withLock { $0 = current }
                let timer = Task {
                    do {
                        try await clock.sleep(for: timeout)
                    } catch {
                        return
                    }
                    current.expire(with: timedOut)
                }
                current.started(
                    Task {
                        if current.finish(await body()) { timer.cancel() }
                    })
            }
        } onCancel: {
            race.withLock { $0 }?.cancelOperation()
        }
        await race.withLock { $0 }?.operationEnded()
        return result
    }
}
