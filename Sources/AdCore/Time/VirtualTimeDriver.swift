/// The deterministic driver: virtual time that moves only when told, timers run in deadline order, and a
/// seeded random generator. Every test and the simulator run on it (the model is swift-nio's
/// `EmbeddedEventLoop.advanceTime`).
///
/// Actions due at the same instant run in the order they were scheduled. Actions scheduled while advancing run
/// in the same call if they fall due before its target. A ``ManualClock`` follows the driver's time for
/// async code (wrapper fetches, provider loads) that sleeps on a `Clock`.
///
/// ```swift
/// let driver = VirtualTimeDriver(seed: 42)
/// driver.schedule(after: .seconds(1)) { print("one second later, in no time") }
/// driver.advance(by: .seconds(1))
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

    private var queue: [Entry] = []
    private var nextSequence: UInt64 = 0

    /// Creates a driver at time zero.
    public init(seed: UInt64 = 0, start: AdInstant = .zero) {
        now = start
        clock = ManualClock(start: start)
        random = SeededRandom(seed: seed)
    }

    /// The number of actions waiting to run.
    public var pendingCount: Int { queue.count }

    /// The deadline of the next action, if any.
    public var nextDeadline: AdInstant? { queue.first?.deadline }

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

    /// Runs every action due now.
    public func runDue() { advance(to: now) }

    /// Moves time forward by `duration`, running every action that falls due, in deadline order.
    public func advance(by duration: Duration) { advance(to: now.advanced(by: Swift.max(duration, .zero))) }

    /// Moves time forward to `target` (never backwards), running every action due by then, in deadline order.
    public func advance(to target: AdInstant) {
        while let first = queue.first, first.deadline <= target {
            queue.removeFirst()
            if first.deadline > now { now = first.deadline }
            clock.advance(to: now)
            first.action()
        }
        if target > now { now = target }
        clock.advance(to: now)
    }

    /// Runs actions until none is left or `limit` time has passed; returns whether the queue emptied.
    @discardableResult
    public func runUntilIdle(limit: Duration = .seconds(86_400)) -> Bool {
        let end = now.advanced(by: limit)
        while let first = queue.first, first.deadline <= end { advance(to: first.deadline) }
        return queue.isEmpty
    }

    /// Lets async tasks that sleep on ``clock`` or hop to the main actor make progress (a few executor turns).
    public func settle(turns: Int = 16) async {
        for _ in 0..<turns { await Task.yield() }
        runDue()
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
