import AdCore
import Foundation
import Testing

@testable import AdRuntime

/// The beacon queue's machine driven by hand (``BeaconMachineHarness``): deliveries, their answers, retries, the
/// delivery slots, the timer, and inputs out of place. No store, no task, no clock.
@Suite("Beacon queue machine: deliveries, retries and the timer")
struct BeaconQueueStateMachineTests {
    /// The harness, by a short name.
    private typealias Harness = BeaconMachineHarness
    /// When the first turn begins.
    private let t0 = BeaconMachineHarness.start

    /// A late 404 of a timed-out attempt neither deletes nor counts the beacon; the retry's 204 does.
    @Test("R13: the machine ignores the late answer of an attempt that timed out; only the attempt in flight counts")
    func r13_machineIgnoresLateAnswerOfTimedOutAttempt() {
        let configuration = BeaconQueueConfiguration(
            backoff: BeaconBackoff(initial: .milliseconds(1), jitter: 0), timeout: .seconds(10))
        var harness = Harness(configuration)
        let beacon = Harness.stored(1)
        var actions = harness.runTurn(
            Harness.turn([Harness.sent("https://t.example/imp")]), at: t0, answers: .init(found: .success([beacon])))
        #expect(actions.started == [1])

        // A millisecond before its deadline the attempt is still in flight; at the deadline it is cancelled and
        // retried a backoff (1 ms) later.
        actions = harness.runTurn(at: t0 + 9_999, pending: 1)
        #expect(actions.cancelled.isEmpty)
        #expect(actions.writes.isEmpty)
        actions = harness.runTurn(at: t0 + 10_000, pending: 1)
        #expect(actions.cancelled == [1])
        #expect(actions.writes == [BeaconStore.Changes(retries: [.init(id: 1, attempts: 1, dueAt: t0 + 10_001)])])
        #expect(harness.machine.statistics.retried == 1)
        #expect(harness.machine.statistics.lastError?.code == .timeout)

        var retried = beacon
        retried.attempts = 1
        actions = harness.runTurn(at: t0 + 10_001, answers: .init(found: .success([retried])), pending: 1)
        #expect(actions.started == [2])

        // Attempt 1's 404 arrives now, while attempt 2 is in flight: nothing is deleted, counted or reported.
        let late = BeaconDeliveryOutcome.failed(AdError(.network, "HTTP 404", providerCode: 404))
        actions = harness.runTurn(Harness.turn(outcomes: [Harness.outcome(1, 1, late)]), at: t0 + 10_002, pending: 1)
        #expect(actions.writes.isEmpty)
        #expect(actions.diagnostics.isEmpty)
        #expect(harness.machine.statistics.failed == 0)
        #expect(harness.machine.deliveries[1]?.attempt == 2)

        let answered = Harness.turn(outcomes: [Harness.outcome(2, 1, .delivered(status: 204))])
        actions = harness.runTurn(answered, at: t0 + 10_003)
        #expect(actions.writes == [BeaconStore.Changes(deletes: [1])])
        #expect(harness.machine.statistics.delivered == 1)
        #expect(harness.machine.statistics.failed == 0)
        #expect(harness.machine.deliveries.isEmpty)
    }

    /// Each retry is due exactly its seeded backoff after the failure, whatever the beacon's attempts.
    @Test("R13: the machine retries a transient failure after exactly its seeded backoff; no attempt count traps")
    func r13_machineRetriesAfterSeededBackoff() {
        let configuration = BeaconQueueConfiguration()
        var harness = Harness(configuration, seed: 9)
        let due = [Harness.stored(1, attempts: 3), Harness.stored(2, attempts: .max)]
        harness.runTurn(at: t0, answers: .init(found: .success(due)), pending: 2)
        let busy = BeaconDeliveryOutcome.retry(AdError(.network, "HTTP 503", providerCode: 503))
        let turn = Harness.turn(outcomes: [Harness.outcome(1, 1, busy), Harness.outcome(2, 2, busy)])
        let actions = harness.runTurn(turn, at: t0 + 100, pending: 2)

        var random = SeededRandom(seed: 9)
        let first = configuration.backoff.delayMilliseconds(afterAttempt: 4, using: &random)
        let second = configuration.backoff.delayMilliseconds(afterAttempt: 1_001, using: &random)
        #expect(first >= 4_000 && first <= 8_000)
        #expect(
            actions.writes == [
                BeaconStore.Changes(retries: [
                    .init(id: 1, attempts: 4, dueAt: t0 + 100 + first),
                    .init(id: 2, attempts: 1_001, dueAt: t0 + 100 + second),
                ])
            ])
        #expect(harness.machine.statistics.retried == 2)
        #expect(harness.machine.statistics.lastError?.providerCode == 503)
        #expect(actions.diagnostics.isEmpty)
    }

    /// The store is asked for the free slots only, and no more than those are started.
    @Test("Beacon machine: at most maxConcurrentDeliveries in flight: the free slots are asked for, no more started")
    func machineStartsAtMostMaxConcurrentDeliveries() {
        var harness = Harness(BeaconQueueConfiguration(maxConcurrentDeliveries: 2))
        let due = (1...5).map { Harness.stored($0) }
        // A store that answered more than it was asked for still gets only the free slots started.
        var actions = harness.runTurn(at: t0, answers: .init(found: .success(due)), pending: 5)
        #expect(actions.dueRequests == [.findDue(at: t0, limit: 2, excluding: [])])
        #expect(actions.startedIDs == [1, 2])
        #expect(actions.started == [1, 2])
        #expect(harness.machine.deliveries.count == 2)

        // Every slot taken: the store is not even asked.
        actions = harness.runTurn(at: t0 + 1, answers: .init(found: .success(due)), pending: 5)
        #expect(actions.dueRequests.isEmpty)
        #expect(actions.started.isEmpty)

        // One answers: one slot frees, and the beacon still in flight is excluded.
        let answered = Harness.turn(outcomes: [Harness.outcome(1, 1, .delivered(status: 204))])
        actions = harness.runTurn(answered, at: t0 + 2, answers: .init(found: .success(Array(due[2...]))), pending: 4)
        #expect(actions.dueRequests == [.findDue(at: t0 + 2, limit: 1, excluding: [2])])
        #expect(actions.startedIDs == [3])
        #expect(actions.started == [3])
        #expect(harness.machine.deliveries.count == 2)
        #expect(harness.machine.statistics.inFlight == 2)
    }

    /// The timer follows the first deadline; it is kept, replaced, or forgotten when it has fired.
    @Test("Beacon machine: the timer is armed for the first deadline; an earlier one is kept, a past one not cancelled")
    func machineArmsTheTimerForTheFirstDeadline() {
        var harness = Harness()
        var actions = harness.runTurn(
            Harness.turn([Harness.sent("https://t.example/imp")]), at: t0,
            answers: .init(found: .success([Harness.stored(1)]), nextDue: t0 + 5_000), pending: 1)
        // The next due beacon (5 s) comes before the delivery's timeout (15 s) and the next sweep (60 s).
        #expect(actions.timerActions == [.startTimer(at: t0 + 5_000)])
        #expect(actions.last == .waitForSignal)

        actions = harness.runTurn(at: t0 + 1, answers: .init(nextDue: t0 + 7_000), pending: 1)
        #expect(actions.timerActions.isEmpty)
        actions = harness.runTurn(at: t0 + 2, answers: .init(nextDue: t0 + 3_000), pending: 1)
        #expect(actions.timerActions == [.cancelTimer, .startTimer(at: t0 + 3_000)])
        // The timer of 3 s has fired by now: forgotten, not cancelled; the delivery's timeout is next.
        actions = harness.runTurn(at: t0 + 3_000, pending: 1)
        #expect(actions.timerActions == [.startTimer(at: t0 + 15_000)])

        // Delivered, nothing stored, nothing due: no timer, the worker just waits.
        let answered = Harness.turn(outcomes: [Harness.outcome(1, 1, .delivered(status: 204))])
        actions = harness.runTurn(answered, at: t0 + 3_001)
        #expect(actions.timerActions.isEmpty)
        #expect(actions.last == .waitForSignal)
        #expect(actions.contains(.publish(harness.machine.statistics, idle: true)))
    }

    /// With work waiting, no timer is armed and the worker does not wait.
    @Test("Beacon machine: work that arrived during the turn starts the next turn at once, without the timer")
    func machineTakesTheNextTurnAtOnceWhenWorkArrived() {
        var harness = Harness()
        let actions = harness.runTurn(at: t0, answers: .init(nextDue: t0 + 5_000), pending: 1, hasWork: true)
        #expect(!actions.contains(.findNextDue(after: t0)))
        #expect(!actions.contains(.waitForSignal))
        #expect(actions.timerActions.isEmpty)
        // Between turns: the next one may begin.
        var betweenTurns = false
        if case .idle = harness.machine.state { betweenTurns = true }
        #expect(betweenTurns)
    }

    /// Inputs out of their place in the turn return nothing and leave the state as it was.
    @Test("Beacon machine: an input out of its place in the turn returns nothing and changes nothing")
    func machineIgnoresInputsOutOfPlace() {
        var harness = Harness()
        let idle = harness.machine.state
        #expect(harness.machine.wrote(.success(0)).isEmpty)
        #expect(harness.machine.expired(.success(0)).isEmpty)
        #expect(harness.machine.dispatch(cancelled: false).isEmpty)
        #expect(harness.machine.found(.success([Harness.stored(1)])).isEmpty)
        #expect(harness.machine.endTurn(pending: 0, hasWork: false).isEmpty)
        #expect(harness.machine.rest(hasWork: false).isEmpty)
        #expect(harness.machine.nextDue(t0).isEmpty)
        #expect(harness.machine.state == idle)

        // Waiting for the write: another turn or another step's answer changes nothing either.
        let first = harness.machine.beginTurn(Harness.turn([Harness.sent("https://t.example/imp")]), at: t0)
        #expect(first.last?.asksTheStore == true)
        let writing = harness.machine.state
        #expect(harness.machine.beginTurn(Harness.turn(), at: t0 + 1).isEmpty)
        #expect(harness.machine.expired(.success(0)).isEmpty)
        #expect(harness.machine.found(.success([Harness.stored(1)])).isEmpty)
        #expect(harness.machine.dispatch(cancelled: true).isEmpty)
        #expect(harness.machine.nextDue(t0).isEmpty)
        #expect(harness.machine.state == writing)
    }
}
