public import AdCore
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
    /// A timer's action. A struct, not the bare closure: a closure stored in a generic container is re-abstracted,
    /// which allocates a thunk for every timer.
    private struct Action {
        let run: @MainActor () -> Void
    }

    /// A timer's place in the heap: plain values, so reordering the heap copies no closure. `slot` is where its
    /// action waits in ``slots``.
    private struct Entry {
        let deadline: AdInstant
        let sequence: UInt64
        let slot: Int
    }

    /// Where a timer's action waits: `nil` once it ran or was cancelled. A slot is reused only after its timer's
    /// entry left the heap, and each reuse increments its generation, so a handle of a timer that is gone (an
    /// older generation) cancels nothing, unless the slot was reused four billion times since.
    private struct Slot {
        var generation: UInt32
        var action: Action?
    }

    // Exclusivity. The state marked `@exclusivity(unchecked)` below is changed only by this file's methods, through
    // standard collections whose mutations run no code but their own (the heap's sift compares two plain values).
    // A timer's or a posted action runs after the accesses that took it out have ended, so one that schedules or
    // cancels starts accesses of its own. No two accesses can overlap, which is what the run-time check proves on
    // each access; it is switched off (more than half of a fast-tier request's checks), the compiler's static check
    // is not.

    /// The current virtual time.
    @exclusivity(unchecked) public private(set) var now: AdInstant
    /// The clock async code sleeps on; it follows ``now``.
    public let clock: ManualClock
    /// The seeded generator for everything random in a run.
    public var random: SeededRandom
    /// Where other threads post work for the main actor; it runs before the next timer.
    public nonisolated let mailbox: any AdMailbox

    private let activity: TaskActivity
    private let inbox: VirtualMailbox
    /// How many turns a settle waits for tasks stuck on something it does not see, and whether only once (see
    /// ``init(seed:start:taskExecutor:stuckTaskTurns:)``).
    private let turnLimit: Int
    private let waitsOnceForStuckTasks: Bool
    /// How many runnable tasks the last settle gave up on, when it waits only once for them.
    @exclusivity(unchecked) private var stuck = 0
    /// Where the nonisolated parts of spawned tasks run; `nil`: the global pool.
    private let taskExecutor: (any TaskExecutor)?
    /// The timers, as a binary min-heap on (deadline, sequence): scheduling and running one cost O(log n).
    @exclusivity(unchecked) private var heap: [Entry] = []
    /// The timers' actions, each in the slot its heap entry names (an array, not a dictionary by sequence number:
    /// scheduling, cancelling and running a timer hash nothing); a cancelled timer's entry leaves the heap when it
    /// surfaces, and only then is its slot free again.
    @exclusivity(unchecked) private var slots: [Slot] = []
    /// The slots free for the next timers.
    @exclusivity(unchecked) private var freeSlots: [Int] = []
    /// The number of timers still due to run (scheduled, neither run nor cancelled).
    @exclusivity(unchecked) private var liveCount = 0
    @exclusivity(unchecked) private var nextSequence: UInt64 = 0
    /// The instant ``clock`` was last moved to by this driver. Moving it to the same instant again wakes nobody (a
    /// sleeper due by the clock's time never waits: it returns at once), so it is skipped: most timers run at an
    /// instant the clock already reached, and each move takes the clock's lock.
    @exclusivity(unchecked) private var clockTime: AdInstant?

    /// The most executor turns ``settle()`` waits for tasks that never finish nor wait on virtual time (a task
    /// blocked on real I/O); then it returns anyway.
    public static let settleTurnLimit = 100_000

    /// Creates a driver at time zero.
    ///
    /// - Parameters:
    ///   - seed: the seed of the driver's ``random`` generator.
    ///   - start: the driver's first instant (``now`` before any advance).
    ///   - taskExecutor: where the nonisolated parts of the tasks it spawns run (a provider's load); `nil`, the
    ///     default: the global pool. The simulator and the conformance kit pass ``MainQueueTaskExecutor``, so a run
    ///     never changes threads.
    ///   - stuckTaskTurns: `nil`, the default: every ``settle()`` waits up to ``settleTurnLimit`` executor turns
    ///     for a task stuck on something the driver does not see (real I/O, a continuation of its own). A number:
    ///     a settle waits at most that many turns, and only the first settle that meets a stuck task waits for it;
    ///     later ones wait only for tasks beyond those it gave up on (one of them, resumed, runs on its own turns
    ///     until it ends), so a task that never ends costs one wait, not one per timer (the conformance kit, which
    ///     judges providers that may hang, passes one).
    public convenience init(
        seed: UInt64 = 0, start: AdInstant = .zero, taskExecutor: (any TaskExecutor)? = nil,
        stuckTaskTurns: Int? = nil
    ) {
        self.init(
            seed: seed, start: start, taskExecutor: taskExecutor, turnLimit: stuckTaskTurns ?? Self.settleTurnLimit,
            waitsOnceForStuckTasks: stuckTaskTurns != nil)
    }

    /// A driver whose every settle waits `turnLimit` turns for a stuck task (`waitsOnceForStuckTasks` false), or
    /// only the first (true). Internal: tests give the default mode a small limit, so that a settle that gives up
    /// costs little.
    init(
        seed: UInt64 = 0, start: AdInstant = .zero, taskExecutor: (any TaskExecutor)? = nil, turnLimit: Int,
        waitsOnceForStuckTasks: Bool
    ) {
        let activity = TaskActivity()
        let inbox = VirtualMailbox()
        now = start
        clock = ManualClock(start: start, activity: activity)
        random = SeededRandom(seed: seed)
        self.activity = activity
        self.inbox = inbox
        self.taskExecutor = taskExecutor
        self.turnLimit = Swift.max(turnLimit, 1)
        self.waitsOnceForStuckTasks = waitsOnceForStuckTasks
        mailbox = inbox
    }

    /// The number of timers waiting to run.
    public var pendingCount: Int { liveCount }

    /// The deadline of the next timer, if any.
    public var nextDeadline: AdInstant? {
        dropCancelledTop()
        return heap.first?.deadline
    }

    /// The number of tasks started with ``spawn(_:)`` that can still make progress now.
    public var runnableTaskCount: Int { activity.runnableCount }

    /// Schedules an action at a deadline (a past deadline runs at the next ``advance(by:)`` or ``runDue()``).
    @discardableResult
    public func schedule(at deadline: AdInstant, _ action: @escaping @MainActor () -> Void) -> ScheduledActionID {
        nextSequence += 1
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            slots[slot].action = Action(run: action)
        } else {
            slot = slots.count
            slots.append(Slot(generation: 0, action: Action(run: action)))
        }
        liveCount += 1
        push(Entry(deadline: Swift.max(deadline, now), sequence: nextSequence, slot: slot))
        return Self.handle(slot: slot, generation: slots[slot].generation)
    }

    /// Cancels a scheduled action (in O(1) amortised: it is dropped when it reaches the top of the heap, or when
    /// cancelled timers outnumber the live ones and the heap is rebuilt, so memory follows the live timers). A
    /// handle of a timer that already ran or was cancelled cancels nothing.
    public func cancel(_ id: ScheduledActionID) {
        // The handle's low 32 bits are the slot, the high ones its generation (see `handle(slot:generation:)`).
        let slot = Int(truncatingIfNeeded: id.rawValue & 0xFFFF_FFFF)
        guard slot < slots.count, slots[slot].generation == UInt32(truncatingIfNeeded: id.rawValue >> 32),
            slots[slot].action != nil
        else { return }
        slots[slot].action = nil
        liveCount -= 1
        guard heap.count > 2 * liveCount + 64 else { return }
        heap.removeAll { entry in
            guard slots[entry.slot].action == nil else { return false }
            free(entry.slot)
            return true
        }
        for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { Self.siftDown(&heap, from: index) }
    }

    /// The handle of the timer in `slot`: its generation in the high 32 bits, the slot in the low ones. A slot
    /// number needs more than 32 bits only past four billion timers waiting at once, which no memory holds.
    private static func handle(slot: Int, generation: UInt32) -> ScheduledActionID {
        ScheduledActionID(rawValue: UInt64(generation) << 32 | UInt64(truncatingIfNeeded: slot))
    }

    /// Frees the slot of a timer whose entry left the heap: its next timer has the next generation.
    private func free(_ slot: Int) {
        slots[slot].generation &+= 1
        freeSlots.append(slot)
    }

    /// Starts `operation` as a main-actor task the driver accounts for (see ``settle()``).
    @discardableResult
    public func spawn(_ operation: @escaping @MainActor () async -> Void) -> Task<Void, Never> {
        let activity = self.activity
        activity.began()
        let body: @Sendable @MainActor () async -> Void = {
            await TaskActivity.$isTracked.withValue(true) { await operation() }
            activity.ended()
        }
        guard let taskExecutor else { return Task(operation: body) }
        return Task(executorPreference: taskExecutor, operation: body)
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
            dropCancelledTop()
            guard let first = heap.first, first.deadline <= target else { break }
            pop()
            let action = slots[first.slot].action.take()  // moved out: no retain and release
            free(first.slot)
            liveCount -= 1
            if first.deadline > now { now = first.deadline }
            moveClock()
            action?.run()
        }
        if target > now { now = target }
        moveClock()
    }

    /// Moves ``clock`` to ``now``, waking its sleepers due by then, unless it is there already.
    private func moveClock() {
        guard clockTime != now else { return }
        clockTime = now
        clock.advance(to: now)
    }

    /// Runs timers until none is left or `limit` time has passed; returns whether the queue emptied.
    @discardableResult
    public func runUntilIdle(limit: Duration = .seconds(86_400)) -> Bool {
        let end = now.advanced(by: limit)
        while let first = nextDeadline, first <= end { advance(to: first) }
        return liveCount == 0
    }

    /// Runs what is due now and lets every task the driver started make progress, until each has finished or
    /// waits on virtual time (a clock sleep, a timer). Time does not move.
    ///
    /// A task blocked on something else (real I/O) is waited for at most ``settleTurnLimit`` executor turns (or the
    /// driver's `stuckTaskTurns`, only the first time).
    public func settle() async {
        var turns = 0
        while !settledWithoutWaiting() {
            guard turns < turnLimit else {
                if waitsOnceForStuckTasks { stuck = activity.runnableCount }
                return
            }
            turns += 1
            await Task.yield()
        }
    }

    /// Runs what is due now and tells whether that settled everything: no posted action and no task the driver
    /// waits for can make progress. Synchronous, so a caller with nothing to wait for (no load in flight: most
    /// steps of a run) settles without an `await`, which costs two executor switches even when nothing suspends.
    private func settledWithoutWaiting() -> Bool {
        runDue()
        let runnable = activity.runnableCount
        stuck = Swift.min(stuck, runnable)
        return runnable <= stuck && !inbox.hasPending
    }

    /// Runs virtual time `duration` from now: settles, then moves to the next deadline (a timer's or a clock
    /// sleeper's), settles again, and so on; everything due by the end has happened when it returns.
    ///
    /// ```swift
    /// try mediator.load("rewarded")
    /// await driver.run(for: .seconds(1))
    /// ```
    public func run(for duration: Duration) async {
        await run(until: now.advanced(by: Swift.max(duration, .zero)))
    }

    /// Runs virtual time until `end` (never backwards) as ``run(for:)`` does; it goes on from wherever
    /// ``runWithoutWaiting(until:)`` stopped. A settle that gives up on a stuck task (``settleTurnLimit``) moves on
    /// to the next deadline, as ever, so a task that never ends cannot hold time still.
    public func run(until end: AdInstant) async {
        repeat {
            if !settledWithoutWaiting() { await settle() }
        } while advanceToNextDeadline(until: end)
        if !settledWithoutWaiting() { await settle() }
    }

    /// Runs virtual time toward `end` as ``run(until:)`` does for as long as no task needs waiting for; returns
    /// `true` when it got to `end` with everything settled, `false` at the first step where a task the driver
    /// started can still make progress (then `await` ``run(until:)`` with the same `end`: it goes on from there).
    ///
    /// Synchronous: a run with no load in flight (most steps of a simulated session) makes no `await`, each of
    /// which costs executor switches even when nothing suspends.
    ///
    /// ```swift
    /// let end = driver.now.advanced(by: .milliseconds(250))
    /// if !driver.runWithoutWaiting(until: end) { await driver.run(until: end) }
    /// ```
    public func runWithoutWaiting(until end: AdInstant) -> Bool {
        repeat {
            guard settledWithoutWaiting() else { return false }
        } while advanceToNextDeadline(until: end)
        return settledWithoutWaiting()
    }

    /// One step of a run: moves to the next deadline (a timer's or a clock sleeper's) if it is due by `end` and
    /// returns `true`; otherwise moves to `end` and returns `false` (the run's last step).
    private func advanceToNextDeadline(until end: AdInstant) -> Bool {
        guard let next = Self.earlier(nextDeadline, clock.nextDeadline), next <= end else {
            advance(to: end)
            return false
        }
        advance(to: next)
        return true
    }

    /// The earlier of two optional deadlines (`nil` when both are).
    private static func earlier(_ lhs: AdInstant?, _ rhs: AdInstant?) -> AdInstant? {
        guard let lhs else { return rhs }
        guard let rhs else { return lhs }
        return Swift.min(lhs, rhs)
    }

    private func runPosted() {
        while let action = inbox.next() { action() }
    }

    private func dropCancelledTop() {
        while let first = heap.first, slots[first.slot].action == nil {
            pop()
            free(first.slot)
        }
    }

    // The heap's algorithms are static and nonisolated: a closure formed in an isolated method and handed to
    // `withUnsafeMutableBufferPointer` (a nonisolated function type) checks at run time, on every call, that it
    // runs on the main actor; these touch nothing but the array they are given.

    private nonisolated static func precedes(_ lhs: Entry, _ rhs: Entry) -> Bool {
        (lhs.deadline, lhs.sequence) < (rhs.deadline, rhs.sequence)
    }

    private func push(_ entry: Entry) {
        heap.append(entry)
        Self.siftUp(&heap)
    }

    private func pop() {
        heap.swapAt(0, heap.count - 1)
        heap.removeLast()
        Self.siftDown(&heap, from: 0)
    }

    /// Moves the last entry up to its place.
    private nonisolated static func siftUp(_ heap: inout [Entry]) {
        heap.withUnsafeMutableBufferPointer { heap in
            var child = heap.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard precedes(heap[child], heap[parent]) else { break }
                heap.swapAt(child, parent)
                child = parent
            }
        }
    }

    /// Moves the entry at `start` down to its place.
    private nonisolated static func siftDown(_ heap: inout [Entry], from start: Int) {
        heap.withUnsafeMutableBufferPointer { heap in
            var parent = start
            while true {
                var smallest = parent
                let left = 2 * parent + 1
                if left < heap.count, precedes(heap[left], heap[smallest]) { smallest = left }
                if left + 1 < heap.count, precedes(heap[left + 1], heap[smallest]) { smallest = left + 1 }
                guard smallest != parent else { return }
                heap.swapAt(parent, smallest)
                parent = smallest
            }
        }
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
