import AdCore
import Synchronization

/// The state a ``BeaconQueue``'s callers and its worker share, behind one `Mutex`: the inbox of beacons sent
/// and not stored yet, the outcomes of finished deliveries, the worker's wake-up signal, the waiters of
/// `persist()`, `flush()` and `close()`, and the published statistics.
///
/// Callers only append to the inbox and signal (O(1), never I/O); the worker takes everything in one lock per
/// turn. Sendable: its stored state is `let` constants and the `Mutex`.
final class BeaconQueueCore: Sendable {
    /// A delivery's result, tagged with the attempt it answers (a cancelled attempt's late answer must not be
    /// taken for the next attempt of the same beacon).
    struct Outcome: Sendable {
        var attempt: UInt64
        var id: Int64
        var outcome: BeaconDeliveryOutcome
    }

    /// What the worker takes at the start of a turn.
    struct Turn: Sendable {
        var number: UInt64
        var inbox: [StoredBeacon]
        var outcomes: [Outcome]
        /// How many beacons have been sent so far (stored once this turn commits).
        var sent: UInt64
        var droppedOverflow: Int
        var droppedClosed: Int
        var closing: Bool
    }

    private struct Waiter {
        var after: UInt64
        var continuation: CheckedContinuation<Void, Never>
    }

    private struct Shared {
        var inbox: [StoredBeacon] = []
        var inboxHead = 0
        var outcomes: [Outcome] = []
        var sent: UInt64 = 0
        var persisted: UInt64 = 0
        /// Beacons dropped by callers (inbox full, queue closed), counted since the start, and as reported.
        var droppedOverflow = 0
        var droppedClosed = 0
        var reportedOverflow = 0
        var reportedClosed = 0
        var signalled = false
        var wakeUp: CheckedContinuation<Void, Never>?
        var turn: UInt64 = 0
        var persistWaiters: [Waiter] = []
        var flushWaiters: [Waiter] = []
        var closeWaiters: [CheckedContinuation<Void, Never>] = []
        var closing = false
        var finished = false
        /// The worker's statistics as of its last turn.
        var published = BeaconQueueStatistics()
    }

    /// The configuration, normalized.
    let configuration: BeaconQueueConfiguration
    /// Wall-clock milliseconds since 1970, now (the start time plus the injected clock's elapsed time).
    let now: @Sendable () -> Int64
    private let shared = Mutex(Shared())

    init(
        configuration: BeaconQueueConfiguration, statistics: BeaconQueueStatistics,
        now: @escaping @Sendable () -> Int64
    ) {
        self.configuration = configuration
        self.now = now
        shared.withLock { $0.published = statistics }
    }

    // MARK: - Callers

    /// Puts a beacon in the inbox and wakes the worker; past `maxCount` unstored beacons the oldest is dropped.
    func enqueue(_ beacon: Beacon) {
        let item = StoredBeacon(beacon, enqueuedAt: now())
        let limit = configuration.maxCount
        let wakeUp = shared.withLock { shared -> CheckedContinuation<Void, Never>? in
            shared.sent += 1
            guard !shared.closing else {
                shared.droppedClosed += 1
                return nil
            }
            shared.inbox.append(item)
            if shared.inbox.count - shared.inboxHead > limit {
                shared.inboxHead += 1
                shared.droppedOverflow += 1
                if shared.inboxHead > limit {
                    shared.inbox.removeFirst(shared.inboxHead)
                    shared.inboxHead = 0
                }
            }
            return Self.takeWakeUp(&shared)
        }
        wakeUp?.resume()
    }

    /// The statistics the worker published, with what callers added since.
    var statistics: BeaconQueueStatistics {
        shared.withLock { shared in
            var statistics = shared.published
            statistics.droppedOverflow += shared.droppedOverflow
            statistics.droppedClosed += shared.droppedClosed
            statistics.pending += shared.inbox.count - shared.inboxHead
            return statistics
        }
    }

    /// Waits until every beacon sent before the call is stored (or counted as refused or dropped).
    func persist() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = shared.withLock { shared -> Bool in
                guard !shared.finished, shared.persisted < shared.sent else { return true }
                shared.persistWaiters.append(Waiter(after: shared.sent, continuation: continuation))
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    /// Waits for a worker turn that starts after the call and ends with nothing to do now.
    func flush() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let (finished, wakeUp) = shared.withLock { shared -> (Bool, CheckedContinuation<Void, Never>?) in
                guard !shared.finished else { return (true, nil) }
                shared.flushWaiters.append(Waiter(after: shared.turn, continuation: continuation))
                return (false, Self.takeWakeUp(&shared))
            }
            if finished { continuation.resume() }
            wakeUp?.resume()
        }
    }

    /// Stops accepting beacons and waits until the worker has stored the inbox and every delivery in flight ended.
    func close() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let (finished, wakeUp) = shared.withLock { shared -> (Bool, CheckedContinuation<Void, Never>?) in
                guard !shared.finished else { return (true, nil) }
                shared.closing = true
                shared.closeWaiters.append(continuation)
                return (false, Self.takeWakeUp(&shared))
            }
            if finished { continuation.resume() }
            wakeUp?.resume()
        }
    }

    // MARK: - The worker

    /// Wakes the worker (or makes its next wait return at once).
    func signal() {
        shared.withLock { Self.takeWakeUp(&$0) }?.resume()
    }

    /// Records a delivery's outcome and wakes the worker.
    func post(_ outcome: Outcome) {
        shared.withLock { shared in
            shared.outcomes.append(outcome)
            return Self.takeWakeUp(&shared)
        }?.resume()
    }

    /// Takes the inbox, the outcomes and the callers' new drops for one turn.
    func beginTurn() -> Turn {
        shared.withLock { shared in
            shared.turn += 1
            shared.signalled = false
            let inbox = Array(shared.inbox[shared.inboxHead...])
            shared.inbox.removeAll(keepingCapacity: shared.inbox.capacity <= 4096)
            shared.inboxHead = 0
            let outcomes = shared.outcomes
            shared.outcomes.removeAll(keepingCapacity: true)
            let turn = Turn(
                number: shared.turn, inbox: inbox, outcomes: outcomes, sent: shared.sent,
                droppedOverflow: shared.droppedOverflow - shared.reportedOverflow,
                droppedClosed: shared.droppedClosed - shared.reportedClosed, closing: shared.closing)
            shared.reportedOverflow = shared.droppedOverflow
            shared.reportedClosed = shared.droppedClosed
            return turn
        }
    }

    /// Publishes a turn's statistics (the worker's own counts) and resumes the waiters it satisfied: `persist()`
    /// callers whose beacons were stored, and, when `idle`, `flush()` callers who came before the turn started.
    func endTurn(_ turn: Turn, statistics: BeaconQueueStatistics, idle: Bool) {
        let ready = shared.withLock { shared -> [CheckedContinuation<Void, Never>] in
            shared.published = statistics
            shared.persisted = max(shared.persisted, turn.sent)
            var ready: [CheckedContinuation<Void, Never>] = []
            shared.persistWaiters.removeAll { waiter in
                guard waiter.after <= shared.persisted else { return false }
                ready.append(waiter.continuation)
                return true
            }
            if idle && shared.inbox.count == shared.inboxHead && shared.outcomes.isEmpty {
                shared.flushWaiters.removeAll { waiter in
                    guard waiter.after < turn.number else { return false }
                    ready.append(waiter.continuation)
                    return true
                }
            }
            return ready
        }
        for continuation in ready { continuation.resume() }
    }

    /// Whether anything arrived since the turn began (the worker then starts another turn without waiting).
    var hasWork: Bool {
        shared.withLock { $0.signalled || $0.inbox.count > $0.inboxHead || !$0.outcomes.isEmpty }
    }

    /// Suspends the worker until ``signal()``, a sent beacon, an outcome, or the worker task's cancellation.
    func waitForSignal() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = shared.withLock { shared -> Bool in
                    if shared.signalled || Task.isCancelled {
                        shared.signalled = false
                        return true
                    }
                    shared.wakeUp = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            signal()
        }
    }

    /// Marks the queue finished: nothing is accepted any more, and every waiter is resumed.
    func finish(statistics: BeaconQueueStatistics) {
        let waiters = shared.withLock { shared -> [CheckedContinuation<Void, Never>] in
            shared.finished = true
            shared.closing = true
            shared.published = statistics
            shared.persisted = shared.sent
            let waiters =
                shared.persistWaiters.map(\.continuation) + shared.flushWaiters.map(\.continuation)
                + shared.closeWaiters
            shared.persistWaiters = []
            shared.flushWaiters = []
            shared.closeWaiters = []
            return waiters
        }
        for continuation in waiters { continuation.resume() }
    }

    /// The worker's continuation if it waits (cleared), or `nil` after setting the signal for its next wait.
    private static func takeWakeUp(_ shared: inout Shared) -> CheckedContinuation<Void, Never>? {
        guard let wakeUp = shared.wakeUp else {
            shared.signalled = true
            return nil
        }
        shared.wakeUp = nil
        return wakeUp
    }
}
