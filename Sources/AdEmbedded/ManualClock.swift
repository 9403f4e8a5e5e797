public import AdCore
import Synchronization

/// A `Clock` whose time moves only when it is told to: the virtual clock of every test and of the simulator.
///
/// Tasks that sleep on it resume, in deadline order, when ``advance(by:)`` or ``advance(to:)`` moves time
/// past their deadline. A sleeping task that is cancelled throws `CancellationError` at once.
///
/// ```swift
/// let clock = ManualClock()
/// let task = Task { try await clock.sleep(for: .seconds(5)) }
/// clock.advance(by: .seconds(5))  // the task resumes
/// ```
public final class ManualClock: Clock, Sendable {
    /// The clock's instant type.
    public typealias Instant = AdInstant
    /// The clock's duration type.
    public typealias Duration = Swift.Duration

    private struct Sleeper {
        let id: UInt64
        let deadline: AdInstant
        let continuation: CheckedContinuation<Void, any Error>
        /// Whether the sleeping task is one its driver accounts for (it counts as runnable again on waking).
        let isTracked: Bool
    }

    private struct State {
        var now: AdInstant
        var nextID: UInt64 = 0
        var sleepers: [Sleeper] = []
        var cancelledBeforeSleeping: Set<UInt64> = []
    }

    private let state: Mutex<State>
    private let activity: TaskActivity?

    /// Creates a clock that reads `start` until it is advanced.
    public init(start: AdInstant = .zero) {
        state = Mutex(State(now: start))
        activity = nil
    }

    /// Creates a driver's clock: tasks the driver started stop counting as runnable while they sleep on it.
    init(start: AdInstant, activity: TaskActivity) {
        state = Mutex(State(now: start))
        self.activity = activity
    }

    /// The clock's current virtual time.
    public var now: AdInstant { state.withLock { $0.now } }

    /// The clock's resolution: one nanosecond.
    public var minimumResolution: Duration { .nanoseconds(1) }

    /// How many tasks are sleeping on this clock now.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// The earliest deadline a task sleeps until, if any.
    public var nextDeadline: AdInstant? { state.withLock { $0.sleepers.map(\.deadline).min() } }

    /// Suspends the calling task until the clock reaches `deadline`.
    ///
    /// - Throws: `CancellationError` when the task is cancelled while it sleeps.
    public func sleep(until deadline: AdInstant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        let isTracked = activity != nil && TaskActivity.isTracked
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow = state.withLock { state -> Bool in
                    if deadline <= state.now || state.cancelledBeforeSleeping.remove(id) != nil { return true }
                    state.sleepers.append(
                        Sleeper(id: id, deadline: deadline, continuation: continuation, isTracked: isTracked))
                    return false
                }
                if !resumeNow, isTracked { activity?.ended() }
                if resumeNow {
                    if Task.isCancelled {
                        continuation.resume(throwing: CancellationError())
                    } else {
                        continuation.resume()
                    }
                }
            }
        } onCancel: {
            let cancelled = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
                    state.cancelledBeforeSleeping.insert(id)
                    return nil
                }
                return state.sleepers.remove(at: index)
            }
            if let cancelled {
                wake(cancelled)
                cancelled.continuation.resume(throwing: CancellationError())
            }
        }
    }

    /// Moves time forward by `duration` and wakes every sleeper whose deadline has passed, earliest first.
    ///
    /// A negative duration is ignored: virtual time never runs backwards.
    public func advance(by duration: Duration) {
        advance(to: now.advanced(by: duration))
    }

    /// Moves time forward to `instant` (never backwards) and wakes every sleeper due by then, earliest first.
    public func advance(to instant: AdInstant) {
        let due = state.withLock { state -> [Sleeper] in
            if instant > state.now { state.now = instant }
            let now = state.now
            // Most advances wake nobody: no array is made for them.
            guard state.sleepers.contains(where: { $0.deadline <= now }) else { return [] }
            let due = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return due.sorted { ($0.deadline, $0.id) < ($1.deadline, $1.id) }
        }
        for sleeper in due {
            wake(sleeper)
            sleeper.continuation.resume()
        }
    }

    /// A sleeper its driver accounts for is runnable again from the moment it is resumed.
    private func wake(_ sleeper: Sleeper) {
        if sleeper.isTracked { activity?.began() }
    }
}
