import AdCore
import Foundation
import Testing

@testable import AdRuntime

/// Drives a ``BeaconQueueStateMachine`` by hand, with no store, no task and no clock: turns are built from values,
/// the store's answers are scripted, and every list of actions is checked to ask the store at most one thing, as its
/// last action (what the driver relies on).
struct BeaconMachineHarness {
    /// The store's answers for one turn, in the order the machine asks.
    struct Answers {
        /// Answers to `.write`, one per write; past the last, nothing evicted.
        var wrote: [Result<Int, AdError>] = []
        /// Answers to `.expire`, one per batch; past the last, nothing expired.
        var expired: [Result<Int, AdError>] = []
        /// The answer to `.findDue`.
        var found: Result<[StoredBeacon], AdError> = .success([])
        /// The answer to `.findNextDue`.
        var nextDue: Int64?
    }

    /// The machine's wall-clock start: 2027-01-15, in milliseconds since 1970.
    static let start: Int64 = 1_800_000_000_000

    /// The machine under test.
    var machine: BeaconQueueStateMachine

    /// A machine with `configuration` (normalized, as the queue does) and an empty ledger, durable.
    init(_ configuration: BeaconQueueConfiguration = BeaconQueueConfiguration(), seed: UInt64 = 1) {
        var statistics = BeaconQueueStatistics()
        statistics.isDurable = true
        machine = BeaconQueueStateMachine(
            configuration: configuration.normalized, statistics: statistics, random: SeededRandom(seed: seed))
    }

    /// A beacon as the store gives it: row `id`, enqueued at `enqueuedAt`, tried `attempts` times.
    static func stored(_ id: Int64, enqueuedAt: Int64 = start, attempts: Int = 0) -> StoredBeacon {
        let beacon = Beacon(kind: .impression, url: "https://t.example/imp?n=\(id)")
        var stored = StoredBeacon(beacon, enqueuedAt: enqueuedAt)
        stored.id = id
        stored.attempts = attempts
        return stored
    }

    /// A beacon a caller sent (not stored yet) to `url`.
    static func sent(_ url: String, at enqueuedAt: Int64 = start) -> StoredBeacon {
        StoredBeacon(Beacon(kind: .click, url: url), enqueuedAt: enqueuedAt)
    }

    /// A turn as the core hands it to the worker.
    static func turn(
        _ inbox: [StoredBeacon] = [], outcomes: [BeaconQueueCore.Outcome] = [], closing: Bool = false
    ) -> BeaconQueueCore.Turn {
        BeaconQueueCore.Turn(
            number: 1, inbox: inbox, outcomes: outcomes, sent: UInt64(inbox.count), droppedOverflow: 0,
            droppedClosed: 0, closing: closing)
    }

    /// The outcome of attempt `attempt` of beacon `id`.
    static func outcome(_ attempt: UInt64, _ id: Int64, _ outcome: BeaconDeliveryOutcome) -> BeaconQueueCore.Outcome {
        BeaconQueueCore.Outcome(attempt: attempt, id: id, outcome: outcome)
    }

    /// Runs one whole turn at `now` as the worker does: the turn, the store's `answers`, whether the task was
    /// `cancelled`, the store's count (`pending`) and whether more work arrived (`hasWork`, asked twice). Returns
    /// every action in order.
    @discardableResult
    mutating func runTurn(
        _ turn: BeaconQueueCore.Turn = BeaconMachineHarness.turn(), at now: Int64, answers: Answers = Answers(),
        cancelled: Bool = false,
        pending: Int = 0, hasWork: Bool = false
    ) -> [BeaconQueueStateMachine.Action] {
        var answers = answers
        var all = answer(machine.beginTurn(turn, at: now), &answers)
        all += answer(machine.dispatch(cancelled: cancelled), &answers)
        all += answer(machine.endTurn(pending: pending, hasWork: hasWork), &answers)
        guard !machine.isStopped else { return all }
        all += answer(machine.rest(hasWork: hasWork), &answers)
        return all
    }

    /// Gives the machine the scripted answer to each list's request until a list asks nothing; returns every
    /// action of every list.
    mutating func answer(
        _ first: [BeaconQueueStateMachine.Action], _ answers: inout Answers
    ) -> [BeaconQueueStateMachine.Action] {
        var all: [BeaconQueueStateMachine.Action] = []
        var actions = first
        while !actions.isEmpty {
            all += actions
            #expect(actions.dropLast().allSatisfy { !$0.asksTheStore }, "a request that is not the last: \(actions)")
            switch actions.last {
            case .write:
                actions = machine.wrote(answers.wrote.isEmpty ? .success(0) : answers.wrote.removeFirst())
            case .expire:
                actions = machine.expired(answers.expired.isEmpty ? .success(0) : answers.expired.removeFirst())
            case .findDue:
                actions = machine.found(answers.found)
            case .findNextDue:
                actions = machine.nextDue(answers.nextDue)
            default:
                actions = []
            }
        }
        return all
    }
}

extension BeaconQueueStateMachine.Action {
    /// Whether the action asks the store something the machine waits for.
    var asksTheStore: Bool {
        switch self {
        case .write, .expire, .findDue, .findNextDue: true
        default: false
        }
    }
}

extension [BeaconQueueStateMachine.Action] {
    /// The attempts started, in order.
    var started: [UInt64] {
        compactMap { if case .startDelivery(let attempt, _, _) = $0 { attempt } else { nil } }
    }

    /// The beacons started, in order.
    var startedIDs: [Int64] {
        compactMap { if case .startDelivery(_, let id, _) = $0 { id } else { nil } }
    }

    /// The attempts cancelled.
    var cancelled: Set<UInt64> {
        Set(compactMap { if case .cancelDelivery(let attempt) = $0 { attempt } else { nil } })
    }

    /// The changes asked to be written, in order.
    var writes: [BeaconStore.Changes] {
        compactMap { if case .write(let changes, _, _) = $0 { changes } else { nil } }
    }

    /// The diagnostics, in order.
    var diagnostics: [BeaconQueueDiagnostic] {
        compactMap { if case .diagnose(let diagnostic) = $0 { diagnostic } else { nil } }
    }

    /// The `.findDue` requests, in order.
    var dueRequests: [BeaconQueueStateMachine.Action] { filter { if case .findDue = $0 { true } else { false } } }

    /// The timer actions (`.startTimer`, `.cancelTimer`), in order.
    var timerActions: [BeaconQueueStateMachine.Action] {
        filter {
            switch $0 {
            case .startTimer, .cancelTimer: true
            default: false
            }
        }
    }
}
