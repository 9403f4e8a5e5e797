import AdCore
import Foundation

/// The one task that does a ``BeaconQueue``'s work, in turns: the driver of ``BeaconQueueStateMachine``, which
/// decides everything (what is delivered, retried, expired or refused, what is due, when to wake up); the worker
/// performs its actions: the store's reads and writes, the delivery tasks, the timer, the diagnostics. Only this task
/// touches the store, the machine (and so the random generator) and the deliveries in flight.
///
/// Each turn feeds the machine its inputs in order (``BeaconQueueStateMachine``): the turn taken from the core at
/// the core's time, then whether the task was cancelled, then the store's count and whether more work arrived. An
/// action that asks the store something is the last of its list; the worker performs the whole list, then gives
/// the machine the answer, so it never feeds the machine while performing its actions.
struct BeaconQueueWorker: Sendable {
    /// A store's answer, given to the machine once the list that asked for it is performed.
    private enum Answer {
        /// To ``BeaconQueueStateMachine/Action/write(_:bounds:protected:)``.
        case wrote(Result<Int, AdError>)
        /// To ``BeaconQueueStateMachine/Action/expire(before:protected:limit:)``.
        case expired(Result<Int, AdError>)
        /// To ``BeaconQueueStateMachine/Action/findDue(at:limit:excluding:)``.
        case found(Result<[StoredBeacon], AdError>)
        /// To ``BeaconQueueStateMachine/Action/findNextDue(after:)``.
        case nextDue(Int64?)
    }

    /// What the worker shares with the queue's callers: the inbox, the outcomes, the signal and the waiters.
    private let core: BeaconQueueCore
    /// How beacons are delivered.
    private let transport: any BeaconTransport
    /// Sleeps until a wall-clock time on the queue's clock (the timer's task).
    private let sleep: @Sendable (_ deadline: Int64) async throws -> Void
    /// The queue's diagnostics handler.
    private let diagnose: @Sendable (BeaconQueueDiagnostic) -> Void
    /// Every decision: what the worker performs comes from it.
    private var machine: BeaconQueueStateMachine
    /// The store (a file, or memory after a fallback); `nil` when not even memory could be opened.
    private var store: BeaconStore?
    /// The delivery tasks that have not posted their outcome, by attempt number.
    private var deliveries: [UInt64: Task<Void, Never>] = [:]
    /// The task of the timer armed last: it sleeps until the deadline, then signals the worker.
    private var timer: Task<Void, Never>?

    /// A worker on `store` that starts with `statistics` and draws the jitter from `random`.
    init(
        core: BeaconQueueCore, store: BeaconStore?, transport: any BeaconTransport, random: SeededRandom,
        statistics: BeaconQueueStatistics, sleep: @escaping @Sendable (_ deadline: Int64) async throws -> Void,
        diagnose: @escaping @Sendable (BeaconQueueDiagnostic) -> Void
    ) {
        self.core = core
        self.store = store
        self.transport = transport
        self.sleep = sleep
        self.diagnose = diagnose
        machine = BeaconQueueStateMachine(configuration: core.configuration, statistics: statistics, random: random)
    }

    /// Runs turns until the queue is closed (and every delivery ended) or the task is cancelled.
    mutating func run() async {
        while true {
            let turn = core.beginTurn()
            // A task that posted its outcome has ended: its handle goes, whether the machine takes the answer or not.
            for outcome in turn.outcomes { deliveries[outcome.attempt] = nil }
            await perform(machine.beginTurn(turn, at: core.now()), in: turn)
            await perform(machine.dispatch(cancelled: Task.isCancelled), in: turn)
            await perform(machine.endTurn(pending: store?.count ?? 0, hasWork: core.hasWork), in: turn)
            if machine.isStopped { return }
            await perform(machine.rest(hasWork: core.hasWork), in: turn)
        }
    }

    /// Performs the machine's actions in order, then gives it the store's answer to the last one, when it asked
    /// something, and performs what that returns, until an answer returns nothing to ask.
    private mutating func perform(_ first: [BeaconQueueStateMachine.Action], in turn: BeaconQueueCore.Turn) async {
        var actions = first
        while !actions.isEmpty {
            var answer: Answer?
            for action in actions {
                if let asked = await perform(action, in: turn) { answer = asked }
            }
            switch answer {
            case .wrote(let result): actions = machine.wrote(result)
            case .expired(let result): actions = machine.expired(result)
            case .found(let result): actions = machine.found(result)
            case .nextDue(let due): actions = machine.nextDue(due)
            case nil: actions = []
            }
        }
    }

    /// Performs one action; returns the store's answer when the action asked the store something.
    private mutating func perform(_ action: BeaconQueueStateMachine.Action, in turn: BeaconQueueCore.Turn) async
        -> Answer?
    {
        switch action {
        case .diagnose(let diagnostic):
            diagnose(diagnostic)
        case .write(let changes, let bounds, let protected):
            return .wrote(
                Result { () throws(AdError) -> Int in
                    try usableStore().apply(changes, bounds: bounds, protected: protected)
                })
        case .expire(let cutoff, let protected, let limit):
            return .expired(
                Result { () throws(AdError) -> Int in
                    try usableStore().expire(before: cutoff, protected: protected, limit: limit)
                })
        case .findDue(let now, let limit, let excluding):
            return .found(
                Result { () throws(AdError) -> [StoredBeacon] in
                    try usableStore().due(at: now, limit: limit, excluding: excluding)
                })
        case .findNextDue(let now):
            return .nextDue(try? store?.nextDue(after: now))
        case .useMemoryStore:
            store = try? BeaconStore.memory()
        case .startDelivery(let attempt, let id, let url):
            let transport = self.transport
            let core = self.core
            deliveries[attempt] = Task {
                let outcome = await transport.deliver(url)
                core.post(BeaconQueueCore.Outcome(attempt: attempt, id: id, outcome: outcome))
            }
        case .cancelDelivery(let attempt):
            deliveries.removeValue(forKey: attempt)?.cancel()
        case .startTimer(let wake):
            let sleep = self.sleep
            let core = self.core
            timer = Task {
                do {
                    try await sleep(wake)
                } catch {
                    return
                }
                core.signal()
            }
        case .cancelTimer:
            timer?.cancel()
            timer = nil
        case .publish(let statistics, let idle):
            core.endTurn(turn, statistics: statistics, idle: idle)
        case .waitForSignal:
            await core.waitForSignal()
        case .finish(let statistics):
            core.finish(statistics: statistics)
        }
        return nil
    }

    /// The store, or the error that says there is none (not even memory could be opened).
    private func usableStore() throws(AdError) -> BeaconStore {
        guard let store else {
            throw AdError(
                .beaconStore, "No beacon store could be opened, not even in memory.",
                hint: "The process is out of memory or SQLite cannot start; beacons are dropped and counted.")
        }
        return store
    }
}
