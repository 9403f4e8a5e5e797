import Synchronization

/// The deterministic driver: virtual time that moves only when told, timers run in deadline order, async work it
/// accounts for, a mailbox for other threads, and a seeded random generator. Every test and the simulator run on
/// it (the model is swift-nio's `EmbeddedEventLoop.advanceTime`).
///
/// Actions due at the same instant run in the order they were scheduled; actions posted to the ``mailbox`` run
/// before the next timer. Timers scheduled while advancing run in the same call if they fall due before its
/// target. A ``ManualClock`` follows the driver's time for async code (a transport's delayed reply) that sleeps
/// on a `Clock`.
///
/// Async work (a provider's load) runs as tasks the driver starts (``spawn(_:)``) and counts: ``settle()``
/// returns once every one of them has finished or waits on virtual time, and ``run(for:)`` moves time from
/// deadline to deadline, settling at each. So virtual time alone decides what has happened; no test counts
/// executor turns.
///
/// ```swift
/// let driver = VirtualTimeDriver(seed: 42)
/// driver.schedule(after: .seconds(1)) { print("one second later, in no time") }
/// driver.advance(by: .seconds(1))
/// await ad.load().value            // or: ad.load(); await driver.settle()
/// await driver.run(for: .seconds(5)) // timers, clock sleepers and loads, in deadline order
/// ```
@MainActor
public final class VirtualTimeDriver: AdScheduler {
    private struct Entry {
        let deadline: AdInstant
        let sequence: UInt64
        let action: @MainActor () -> Void
    }

    /// The current virtual time.
    public private(set) var now: AdInstant
    /// The clock async code sleeps on; it follows ``now``.
    public let clock: ManualClock
    /// The seeded generator for everything random in a run.
    public var random: SeededRandom
    /// Where other threads post work for the main actor; it runs before the next timer.
    public nonisolated let mailbox: any AdMailbox

    private let activity: TaskActivity
    private let inbox: VirtualMailbox
    private var queue: [Entry] = []
    private var nextSequence: UInt64 = 0

    /// The most executor turns ``settle()`` waits for tasks that never finish nor wait on virtual time (a task
    /// blocked on real I/O); then it returns anyway.
    public static let settleTurnLimit = 100_000

    /// Creates a driver at time zero.
    public init(seed: UInt64 = 0, start: AdInstant = .zero) {
        let activity = TaskActivity()
        let inbox = VirtualMailbox()
        now = start
        clock = ManualClock(start: start, activity: activity)
        random = SeededRandom(seed: seed)
        self.activity = activity
        self.inbox = inbox
        mailbox = inbox
    }

    /// The number of timers waiting to run.
    public var pendingCount: Int { queue.count }

    /// The deadline of the next timer, if any.
    public var nextDeadline: AdInstant? { queue.first?.deadline }

    /// The number of tasks started with ``spawn(_:)`` that can still make progress now.
    public var runnableTaskCount: Int { activity.runnableCount }

    /// Schedules an action at a deadline (a past deadline runs at the next ``advance(by:)`` or ``runDue()``).
    @discardableResult
    public func schedule(at deadline: AdInstant, _ action: @escaping @MainActor () -> Void) -> ScheduledActionID {
        nextSequence += 1
        let entry = Entry(deadline: Swift.max(deadline, now), sequence: nextSequence, action: action)
        let index = insertionIndex(for: entry)
        queue.insert(entry, at: index)
        return ScheduledActionID(rawValue: nextSequence)
    }

    /// Cancels a scheduled action.
    public func cancel(_ id: ScheduledActionID) {
        queue.removeAll { $0.sequence == id.rawValue }
    }

    /// Starts `operation` as a main-actor task the driver accounts for (see ``settle()``).
    @discardableResult
    public func spawn(_ operation: @escaping @MainActor () async -> Void) -> Task<Void, Never> {
        let activity = self.activity
        activity.began()
        return Task { @MainActor in
            await TaskActivity.$isTracked.withValue(true) { await operation() }
            activity.ended()
        }
    }

    /// Suspends the calling task until the resumer is called; a task the driver started counts as waiting.
    public func suspend<Value: Sendable>(_ body: (AdResumer<Value>) -> Void) async -> Value {
        let isTracked = TaskActivity.isTracked
        let activity = self.activity
        return await withCheckedContinuation { continuation in
            if isTracked { activity.ended() }
            body(AdResumer(continuation) { if isTracked { activity.began() } })
        }
    }

    /// Runs every posted action and every timer due now.
    public func runDue() { advance(to: now) }

    /// Moves time forward by `duration`, running every action that falls due, in deadline order.
    public func advance(by duration: Duration) { advance(to: now.advanced(by: Swift.max(duration, .zero))) }

    /// Moves time forward to `target` (never backwards), running posted actions and every timer due by then, in
    /// deadline order. Tasks the clock wakes run after this returns (see ``run(for:)``).
    public func advance(to target: AdInstant) {
        while true {
            runPosted()
            guard let first = queue.first, first.deadline <= target else { break }
            queue.removeFirst()
            if first.deadline > now { now = first.deadline }
            clock.advance(to: now)
            first.action()
        }
        if target > now { now = target }
        clock.advance(to: now)
    }

    /// Runs timers until none is left or `limit` time has passed; returns whether the queue emptied.
    @discardableResult
    public func runUntilIdle(limit: Duration = .seconds(86_400)) -> Bool {
        let end = now.advanced(by: limit)
        while let first = queue.first, first.deadline <= end { advance(to: first.deadline) }
        return queue.isEmpty
    }

    /// Runs what is due now and lets every task the driver started make progress, until each has finished or
    /// waits on virtual time (a clock sleep, a timer). Time does not move.
    ///
    /// A task blocked on something else (real I/O) is waited for at most ``settleTurnLimit`` executor turns.
    public func settle() async {
        var turns = 0
        while true {
            runDue()
            guard activity.runnableCount > 0 || inbox.hasPending, turns < Self.settleTurnLimit else { return }
            turns += 1
            await Task.yield()
        }
    }

    /// Runs virtual time `duration` from now: settles, then moves to the next deadline (a timer's or a clock
    /// sleeper's), settles again, and so on; everything due by the end has happened when it returns.
    ///
    /// ```swift
    /// try mediator.load("rewarded")
    /// await driver.run(for: .seconds(1))
    /// ```
    public func run(for duration: Duration) async {
        let end = now.advanced(by: Swift.max(duration, .zero))
        while true {
            await settle()
            let next = [nextDeadline, clock.nextDeadline].compactMap(\.self).min()
            guard let next, next <= end else { break }
            advance(to: next)
        }
        advance(to: end)
        await settle()
    }

    private func runPosted() {
        while let action = inbox.next() { action() }
    }

    private func insertionIndex(for entry: Entry) -> Int {
        var low = 0
        var high = queue.count
        while low < high {
            let middle = (low + high) / 2
            let other = queue[middle]
            if (other.deadline, other.sequence) < (entry.deadline, entry.sequence) {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }
}

/// The virtual driver's mailbox: actions wait, in order, until the driver runs its due work.
private final class VirtualMailbox: AdMailbox {
    private let actions = Mutex<[@Sendable @MainActor () -> Void]>([])

    func post(_ action: @escaping @Sendable @MainActor () -> Void) { actions.withLock { $0.append(action) } }

    var hasPending: Bool { actions.withLock { !$0.isEmpty } }

    func next() -> (@Sendable @MainActor () -> Void)? {
        actions.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }
}
