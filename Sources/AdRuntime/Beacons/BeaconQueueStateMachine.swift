import AdCore

/// Every decision of a ``BeaconQueue`` as a value: its inputs are a turn's inbox and outcomes, the time, the
/// store's answers and whether the queue closes or its task was cancelled; it answers with the ``Action``s its
/// driver (``BeaconQueueWorker``) performs: store reads and writes, delivery tasks, the timer, diagnostics. It
/// does no I/O, starts no task and reads no clock (the time is an input); the jitter's ``SeededRandom`` is a stored
/// value, so the same seed replays the same delays. The model is ``ImpressionStateMachine``: where the machine is
/// lives in one ``State`` enum, whose running cases carry the ``Run`` (what outlives a turn: the deliveries in
/// flight, the counts, the sweep and timer deadlines) and, within a turn, what that step waits for; the generator
/// is the one value kept beside it (it is no part of where the machine is).
///
/// One turn is a fixed sequence of inputs; an input outside its place in it changes nothing and returns no action:
/// 1. ``beginTurn(_:at:)``: reports the callers' drops; takes the outcomes (a 2xx deletes the beacon, a permanent
///    failure deletes and counts it, a transient one retries it after its backoff; the answer of an attempt that
///    is no longer in flight is ignored); times out the deliveries at or past their deadline (cancelled, retried);
///    admits the inbox (an http(s) URL within the size limit and the address policy is inserted, the rest refused);
///    asks to write all of it in one transaction (``wrote(_:)``).
/// 2. When the store fails, the deliveries in flight are cancelled (their beacons stay in its file for the next
///    launch), the queue goes on with a memory store, and the turn's new beacons are written there (rule R12).
/// 3. At most every `maxAge / 10` (and at least every minute) the beacons older than `maxAge` are deleted, in
///    batches (``expired(_:)``).
/// 4. ``dispatch(cancelled:)``: closing or cancelled, the deliveries in flight are cancelled; otherwise the due
///    beacons are read for the free delivery slots (``found(_:)``) and started, at most `maxConcurrentDeliveries`
///    in flight; one enqueued before `now - maxAge` is dropped as expired instead (a beacon exactly `maxAge` old is
///    still sent).
/// 5. ``endTurn(pending:hasWork:)`` publishes the statistics, or stops the worker (cancelled, or closing with
///    nothing left); ``rest(hasWork:)`` and ``nextDue(_:)`` arm the timer for the first deadline (a delivery's
///    timeout, the next due beacon, the next sweep) unless more work is waiting, and wait.
///
/// ```swift
/// var machine = BeaconQueueStateMachine(
///     configuration: configuration, statistics: BeaconQueueStatistics(), random: SeededRandom(seed: 1))
/// machine.beginTurn(turn, at: now)   // [.write(one insert, ...)]
/// machine.wrote(.success(0))         // [.expire(before: now - maxAge, ...)]
/// machine.expired(.success(0))       // []
/// machine.dispatch(cancelled: false) // [.findDue(at: now, limit: 4, excluding: [])]
/// machine.found(.success([beacon]))  // [.startDelivery(attempt: 1, id: beacon.id, url: url)]
/// ```
struct BeaconQueueStateMachine: Sendable {
    /// The configuration, normalized.
    let configuration: BeaconQueueConfiguration
    /// Where the machine is, and what it holds there.
    private(set) var state: State
    /// The jitter's generator: only this machine draws from it.
    private var random: SeededRandom

    /// The most beacons one ``Action/expire(before:protected:limit:)`` deletes; a full batch asks for another.
    static let expiryBatch = 1000

    /// A machine between turns, with the statistics the queue opened with.
    init(configuration: BeaconQueueConfiguration, statistics: BeaconQueueStatistics, random: SeededRandom) {
        self.configuration = configuration
        self.random = random
        state = .idle(Run(statistics: statistics))
    }

    // MARK: Reads (derived from the state)

    /// The counts so far.
    var statistics: BeaconQueueStatistics {
        switch state {
        case .idle(let run), .writing(let run, _, _), .rewriting(let run, _, _), .sweeping(let run, _, _, _),
            .stored(let run, _), .dispatching(let run, _, _), .dispatched(let run, _, _), .published(let run, _),
            .arming(let run, _):
            run.statistics
        case .stopped(let statistics): statistics
        }
    }

    /// The deliveries in flight, by beacon ID (none once stopped).
    var deliveries: [Int64: Delivery] {
        switch state {
        case .idle(let run), .writing(let run, _, _), .rewriting(let run, _, _), .sweeping(let run, _, _, _),
            .stored(let run, _), .dispatching(let run, _, _), .dispatched(let run, _, _), .published(let run, _),
            .arming(let run, _):
            run.deliveries
        case .stopped: [:]
        }
    }

    /// Whether the worker ended.
    var isStopped: Bool {
        if case .stopped = state { return true }
        return false
    }

    /// `maxAge` in milliseconds.
    var maxAge: Int64 { BeaconBackoff.milliseconds(configuration.maxAge) }

    /// The store's bounds.
    var bounds: BeaconStore.Bounds { BeaconStore.Bounds(count: configuration.maxCount, bytes: configuration.maxBytes) }

    // MARK: Inputs

    /// A turn begins at `now` with what callers sent and what deliveries reported since the last one.
    mutating func beginTurn(_ turn: BeaconQueueCore.Turn, at now: Int64) -> [Action] {
        guard case .idle(var run) = state else { return [] }
        var actions: [Action] = []
        if turn.droppedOverflow > 0 {
            actions.append(
                .diagnose(BeaconQueueDiagnostic(kind: .droppedOverflow, count: turn.droppedOverflow, error: nil)))
        }
        if turn.droppedClosed > 0 {
            actions.append(
                .diagnose(BeaconQueueDiagnostic(kind: .droppedClosed, count: turn.droppedClosed, error: nil)))
        }
        var changes = run.carried
        run.carried = BeaconStore.Changes()
        collect(turn.outcomes, now: now, &run, into: &changes, &actions)
        timeOut(now: now, &run, into: &changes, &actions)
        admit(turn.inbox, &run, into: &changes, &actions)
        let context = TurnContext(now: now, closing: turn.closing)
        guard !changes.isEmpty else { return actions + sweep(run, context) }
        state = .writing(run, context, inserts: changes.inserts)
        actions.append(.write(changes, bounds: bounds, protected: Set(run.deliveries.keys)))
        return actions
    }

    /// The store answered ``Action/write(_:bounds:protected:)``: how many beacons it evicted past the bounds, or
    /// its failure.
    mutating func wrote(_ result: Result<Int, AdError>) -> [Action] {
        var actions: [Action] = []
        switch state {
        case .writing(var run, let context, let inserts):
            switch result {
            case .success(let evicted):
                countEvicted(evicted, &run, &actions)
                return actions + sweep(run, context)
            case .failure(let error):
                fallBack(after: error, &run, &actions)
                var memory = BeaconStore.Changes()
                memory.inserts = inserts
                state = .rewriting(run, context, inserts: inserts.count)
                actions.append(.write(memory, bounds: bounds, protected: []))
                return actions
            }
        case .rewriting(var run, let context, let inserts):
            switch result {
            case .success(let evicted):
                countEvicted(evicted, &run, &actions)
            case .failure(let error):
                // Not even a memory store could be opened: the beacons cannot be kept anywhere.
                run.statistics.droppedOverflow += inserts
                run.statistics.lastError = error
                actions.append(.diagnose(BeaconQueueDiagnostic(kind: .droppedOverflow, count: inserts, error: error)))
            }
            return actions + sweep(run, context)
        default:
            return []
        }
    }

    /// The store answered ``Action/expire(before:protected:limit:)``: how many it deleted, or its failure.
    mutating func expired(_ result: Result<Int, AdError>) -> [Action] {
        guard case .sweeping(var run, let context, let cutoff, let expired) = state else { return [] }
        var actions: [Action] = []
        switch result {
        case .success(let batch) where batch >= Self.expiryBatch:
            state = .sweeping(run, context, cutoff: cutoff, expired: expired + batch)
            return [.expire(before: cutoff, protected: Set(run.deliveries.keys), limit: Self.expiryBatch)]
        case .success(let batch):
            countExpired(expired + batch, &run, &actions)
        case .failure(let error):
            // The batches deleted before the failure are not counted: that transaction's store is gone.
            fallBack(after: error, &run, &actions)
        }
        state = .stored(run, context)
        return actions
    }

    /// The turn is written; `cancelled` says whether the worker's task was cancelled (the queue was released).
    /// Closing or cancelled, the deliveries in flight are cancelled and nothing starts; otherwise the due beacons
    /// are asked for, as many as there are free delivery slots.
    mutating func dispatch(cancelled: Bool) -> [Action] {
        guard case .stored(var run, let context) = state else { return [] }
        var actions: [Action] = []
        if context.closing || cancelled {
            // Closing or released: deliveries in flight are cancelled, their beacons stay in the store.
            cancelDeliveries(&run, &actions)
            state = .dispatched(run, context, cancelled: cancelled)
            return actions
        }
        let free = configuration.maxConcurrentDeliveries - run.deliveries.count
        guard free > 0 else {
            state = .dispatched(run, context, cancelled: false)
            return []
        }
        state = .dispatching(run, context, limit: free)
        return [.findDue(at: context.now, limit: free, excluding: Set(run.deliveries.keys))]
    }

    /// The store answered ``Action/findDue(at:limit:excluding:)``: the due beacons (at most the limit asked for
    /// is taken), or its failure. Each due beacon starts, unless it is expired or its URL may not be sent (only a
    /// store changed by hand holds such a row); those are deleted at the start of the next turn.
    mutating func found(_ result: Result<[StoredBeacon], AdError>) -> [Action] {
        guard case .dispatching(var run, let context, let limit) = state else { return [] }
        var actions: [Action] = []
        switch result {
        case .success(let due):
            start(due.prefix(limit), now: context.now, &run, &actions)
        case .failure(let error):
            fallBack(after: error, &run, &actions)
        }
        state = .dispatched(run, context, cancelled: false)
        return actions
    }

    /// The deliveries are started or cancelled; `pending` is the store's count now, and `hasWork` whether anything
    /// arrived since the turn began. The worker stops when its task was cancelled, or when the queue closes and
    /// nothing arrived; otherwise the turn's statistics are published.
    mutating func endTurn(pending: Int, hasWork: Bool) -> [Action] {
        guard case .dispatched(var run, let context, let cancelled) = state else { return [] }
        run.statistics.pending = pending
        run.statistics.inFlight = run.deliveries.count
        if cancelled || (context.closing && !hasWork) {
            var actions: [Action] = run.timer == nil ? [] : [.cancelTimer]
            run.statistics.inFlight = 0
            state = .stopped(run.statistics)
            actions.append(.finish(run.statistics))
            return actions
        }
        // Nothing in flight and nothing carried: every due beacon was started, so none is due now.
        let idle = run.deliveries.isEmpty && run.carried.isEmpty
        state = .published(run, context)
        return [.publish(run.statistics, idle: idle)]
    }

    /// The statistics are published; `hasWork` says whether anything arrived since. With changes carried or work
    /// waiting, the next turn starts at once (no action); otherwise the next due time is asked for, to arm the
    /// timer.
    mutating func rest(hasWork: Bool) -> [Action] {
        guard case .published(let run, let context) = state else { return [] }
        guard run.carried.isEmpty, !hasWork else {
            state = .idle(run)
            return []
        }
        state = .arming(run, context)
        return [.findNextDue(after: context.now)]
    }

    /// The store answered ``Action/findNextDue(after:)``. A timer wakes the worker by the first deadline: the next
    /// due beacon, the first delivery to time out, or the next sweep (while the store holds beacons). A timer
    /// already set for that time or earlier is kept (an early wake-up is harmless); then the worker waits.
    mutating func nextDue(_ due: Int64?) -> [Action] {
        guard case .arming(var run, let context) = state else { return [] }
        var deadline = run.deliveries.values.map(\.deadline).min() ?? .max
        if let due { deadline = min(deadline, due) }
        if run.statistics.pending > 0 { deadline = min(deadline, run.nextSweep) }
        if let timer = run.timer, timer <= context.now { run.timer = nil }
        var actions: [Action] = []
        if deadline != .max, run.timer.map({ $0 > deadline }) ?? true {
            if run.timer != nil { actions.append(.cancelTimer) }
            run.timer = deadline
            actions.append(.startTimer(at: deadline))
        }
        state = .idle(run)
        actions.append(.waitForSignal)
        return actions
    }

    // MARK: Steps that draw from the generator or set the state

    /// Schedules a beacon again after its backoff, drawn from the seeded generator.
    mutating func retry(
        _ beacon: StoredBeacon, after error: AdError, now: Int64, _ run: inout Run,
        into changes: inout BeaconStore.Changes
    ) {
        run.statistics.retried += 1
        run.statistics.lastError = error
        let attempts = min(beacon.attempts, 1_000) + 1
        let delay = configuration.backoff.delayMilliseconds(afterAttempt: attempts, using: &random)
        changes.retries.append(BeaconStore.Retry(id: beacon.id, attempts: attempts, dueAt: now + delay))
    }

    /// Asks for the sweep of expired beacons when it is due (at most every `maxAge / 10`, at least every minute);
    /// otherwise the turn is stored.
    private mutating func sweep(_ run: Run, _ context: TurnContext) -> [Action] {
        guard context.now >= run.nextSweep else {
            state = .stored(run, context)
            return []
        }
        var run = run
        run.nextSweep = context.now + max(1, min(maxAge / 10, 60_000))
        let cutoff = context.now - maxAge
        state = .sweeping(run, context, cutoff: cutoff, expired: 0)
        return [.expire(before: cutoff, protected: Set(run.deliveries.keys), limit: Self.expiryBatch)]
    }

}
