import AdCore
import Foundation
import Testing

@testable import AdRuntime

/// The beacon queue's machine and its store, driven by hand (``BeaconMachineHarness``): a store that fails, expiry
/// and the sweep, closing, and what may be sent. The store's answers are scripted; no store, no task, no clock.
@Suite("Beacon queue machine: the store, expiry and closing")
struct BeaconMachineStoreTests {
    /// The harness, by a short name.
    private typealias Harness = BeaconMachineHarness
    /// When the first turn begins.
    private let t0 = BeaconMachineHarness.start
    /// The error of a store whose disk is full (SQLite's I/O error).
    private let diskFull = AdError(.beaconStore, "disk I/O error", providerCode: 10)

    /// A harness with beacons 1 and 2 in flight (attempts 1 and 2), started at `t0`.
    private func twoInFlight(_ configuration: BeaconQueueConfiguration = BeaconQueueConfiguration()) -> Harness {
        var harness = Harness(configuration)
        let sent = [Harness.sent("https://t.example/a"), Harness.sent("https://t.example/b")]
        let due = [Harness.stored(1), Harness.stored(2)]
        harness.runTurn(Harness.turn(sent), at: t0, answers: .init(found: .success(due)), pending: 2)
        return harness
    }

    /// A failed write: the report, the cancels, memory, the turn's beacons rewritten there.
    @Test("R12: a store that fails writing cancels the deliveries in flight and writes the turn's beacons to memory")
    func r12_machineStoreFailureCancelsDeliveriesAndGoesOnInMemory() {
        var harness = twoInFlight()
        let fresh = Harness.sent("https://t.example/c", at: t0 + 5)
        var actions = harness.machine.beginTurn(Harness.turn([fresh]), at: t0 + 5)
        let bounds = harness.machine.bounds
        #expect(actions == [.write(BeaconStore.Changes(inserts: [fresh]), bounds: bounds, protected: [1, 2])])

        actions = harness.machine.wrote(.failure(diskFull))
        #expect(actions.count == 5)
        #expect(actions.first == .diagnose(BeaconQueueDiagnostic(kind: .storeFailed, count: 1, error: diskFull)))
        #expect(actions.cancelled == [1, 2])
        #expect(
            Array(actions.suffix(2)) == [
                .useMemoryStore, .write(BeaconStore.Changes(inserts: [fresh]), bounds: bounds, protected: []),
            ])
        #expect(harness.machine.deliveries.isEmpty)
        #expect(!harness.machine.statistics.isDurable)
        #expect(harness.machine.statistics.lastError == diskFull)

        // Memory took the beacon; the turn goes on from memory (the sweep is not due yet).
        #expect(harness.machine.wrote(.success(0)).isEmpty)
        #expect(harness.machine.dispatch(cancelled: false) == [.findDue(at: t0 + 5, limit: 4, excluding: [])])
        #expect(harness.machine.found(.success([])).isEmpty)
        var none = Harness.Answers()
        _ = harness.answer(harness.machine.endTurn(pending: 1, hasWork: false), &none)
        _ = harness.answer(harness.machine.rest(hasWork: false), &none)

        // The cancelled attempts' answers come late: ignored; their beacons stay in the failed file, undeleted.
        let late = Harness.turn(outcomes: [
            Harness.outcome(1, 1, .delivered(status: 204)), Harness.outcome(2, 2, .failed(diskFull)),
        ])
        actions = harness.runTurn(late, at: t0 + 6, pending: 1)
        #expect(actions.writes.isEmpty)
        #expect(harness.machine.statistics.delivered == 0)
        #expect(harness.machine.statistics.failed == 0)
    }

    /// The store's step that fails.
    enum FailingStep: String, CaseIterable, Sendable {
        /// The turn's write.
        case write
        /// A batch of the sweep.
        case expire
        /// The read of the due beacons.
        case findDue
    }

    /// Each of the three store steps failing gives one fallback, its cancels between report and memory.
    @Test(
        "R12: whichever store step fails (the write, the sweep, the due read), the machine falls back to memory once",
        arguments: FailingStep.allCases)
    func r12_machineFallsBackWhicheverStepFails(step: FailingStep) {
        // Deliveries that do not time out within the minute: only the fallback cancels them.
        var harness = twoInFlight(BeaconQueueConfiguration(timeout: .seconds(120)))
        var answers = Harness.Answers()
        switch step {
        case .write: answers.wrote = [.failure(diskFull)]
        case .expire: answers.expired = [.failure(diskFull)]
        case .findDue: answers.found = .failure(diskFull)
        }
        // A minute later the sweep is due too, so each of the three steps runs.
        let actions = harness.runTurn(
            Harness.turn([Harness.sent("https://t.example/c")]), at: t0 + 60_000, answers: answers, pending: 3)
        let failed = BeaconQueueDiagnostic(kind: .storeFailed, count: 1, error: diskFull)
        #expect(actions.diagnostics == [failed])
        #expect(actions.cancelled == [1, 2])
        #expect(actions.filter { $0 == .useMemoryStore }.count == 1)
        let report = actions.firstIndex(of: .diagnose(failed)) ?? -1
        let memory = actions.firstIndex(of: .useMemoryStore) ?? -1
        let cancels = actions.indices.filter { if case .cancelDelivery = actions[$0] { true } else { false } }
        #expect(cancels.allSatisfy { report < $0 && $0 < memory })
        #expect(actions.started.isEmpty)
        #expect(harness.machine.deliveries.isEmpty)
        #expect(!harness.machine.statistics.isDurable)
        if step == .write { #expect(actions.writes.last?.inserts.map(\.beacon.url) == ["https://t.example/c"]) }
    }

    /// Beacons neither the file nor memory could keep are counted as dropped.
    @Test("R12: when not even a memory store can take the turn's beacons, they are counted as dropped and reported")
    func r12_machineCountsBeaconsNoStoreCouldKeep() {
        var harness = Harness()
        let noStore = AdError(.beaconStore, "No beacon store could be opened, not even in memory.")
        let sent = [Harness.sent("https://t.example/a"), Harness.sent("https://t.example/b")]
        let actions = harness.runTurn(
            Harness.turn(sent), at: t0, answers: .init(wrote: [.failure(diskFull), .failure(noStore)]))
        #expect(actions.diagnostics.map(\.kind) == [.storeFailed, .droppedOverflow])
        #expect(actions.diagnostics.last == BeaconQueueDiagnostic(kind: .droppedOverflow, count: 2, error: noStore))
        #expect(harness.machine.statistics.droppedOverflow == 2)
        #expect(harness.machine.statistics.lastError == noStore)
    }

    /// One ms before, at and after maxAge: sent, sent, dropped as expired.
    @Test(
        "Beacon machine: a due beacon is sent up to exactly maxAge old; one ms older it is dropped as expired",
        arguments: [Int64(-1), 0, 1])
    func machineExpiresAtMaxAge(millisecondsPastMaxAge: Int64) {
        var harness = Harness(BeaconQueueConfiguration(maxAge: .seconds(60)))
        let now = t0 + 120_000
        let beacon = Harness.stored(7, enqueuedAt: now - 60_000 - millisecondsPastMaxAge)
        let actions = harness.runTurn(at: now, answers: .init(found: .success([beacon])), pending: 1)
        // The sweep deletes what was enqueued before the cutoff: a beacon exactly maxAge old is kept there too.
        #expect(actions.contains(.expire(before: now - 60_000, protected: [], limit: 1_000)))
        if millisecondsPastMaxAge <= 0 {
            #expect(actions.startedIDs == [7])
            #expect(actions.diagnostics.isEmpty)
            #expect(actions.last == .waitForSignal)
        } else {
            let error = BeaconQueueStateMachine.expiredError(1, harness.machine.configuration)
            #expect(actions.startedIDs.isEmpty)
            #expect(actions.diagnostics == [BeaconQueueDiagnostic(kind: .droppedExpired, count: 1, error: error)])
            #expect(harness.machine.statistics.droppedExpired == 1)
            // The delete is carried to the next turn, which starts at once (no timer, no wait).
            #expect(actions.contains(.publish(harness.machine.statistics, idle: false)))
            #expect(!actions.contains(.waitForSignal))
            #expect(harness.runTurn(at: now + 1).writes == [BeaconStore.Changes(deletes: [7])])
        }
    }

    /// Full batches ask for more; the sweep is counted once, and runs again after a minute.
    @Test("Beacon machine: the sweep deletes in batches until one is short, counts once, and runs again a minute later")
    func machineSweepsInBatches() {
        var harness = Harness()
        let cutoff = t0 - 86_400_000
        var actions = harness.runTurn(
            at: t0, answers: .init(expired: [.success(1_000), .success(1_000), .success(7)]), pending: 1)
        let batch = BeaconQueueStateMachine.Action.expire(before: cutoff, protected: [], limit: 1_000)
        #expect(actions.filter { $0 == batch }.count == 3)
        let error = BeaconQueueStateMachine.expiredError(2_007, harness.machine.configuration)
        #expect(actions.diagnostics == [BeaconQueueDiagnostic(kind: .droppedExpired, count: 2_007, error: error)])
        #expect(harness.machine.statistics.droppedExpired == 2_007)

        actions = harness.runTurn(at: t0 + 59_999, pending: 1)
        #expect(!actions.contains { if case .expire = $0 { true } else { false } })
        actions = harness.runTurn(at: t0 + 60_000, answers: .init(expired: [.success(1_000), .failure(diskFull)]))
        #expect(actions.contains(.expire(before: t0 + 60_000 - 86_400_000, protected: [], limit: 1_000)))
        // A sweep cut short by the store counts none of its batches: they were in the failed store.
        #expect(actions.diagnostics.map(\.kind) == [.storeFailed])
        #expect(harness.machine.statistics.droppedExpired == 2_007)
    }

    /// Closing cancels every delivery in flight, deletes nothing and stops.
    @Test("Beacon machine: closing cancels the deliveries in flight, deletes none, and stops once nothing arrived")
    func machineClosingCancelsDeliveriesInFlight() {
        var harness = twoInFlight()
        let actions = harness.runTurn(Harness.turn(closing: true), at: t0 + 1, pending: 2)
        #expect(actions.cancelled == [1, 2])
        #expect(actions.dueRequests.isEmpty)
        #expect(actions.writes.isEmpty)
        let final = harness.machine.statistics
        #expect(Array(actions.suffix(2)) == [.cancelTimer, .finish(final)])
        #expect(final.inFlight == 0)
        #expect(final.pending == 2)
        #expect(harness.machine.isStopped)
        #expect(harness.machine.deliveries.isEmpty)
        #expect(harness.machine.beginTurn(Harness.turn(), at: t0 + 2).isEmpty)
    }

    /// Closing waits for what arrived; a cancelled task stops at once.
    @Test("Beacon machine: closing while more arrived takes another turn first; a cancelled task stops at once")
    func machineStopsWhenClosedAndDrainedOrCancelled() {
        var closing = twoInFlight()
        var actions = closing.runTurn(Harness.turn(closing: true), at: t0 + 1, pending: 2, hasWork: true)
        #expect(actions.cancelled == [1, 2])
        #expect(!closing.machine.isStopped)
        #expect(!actions.contains { if case .finish = $0 { true } else { false } })
        actions = closing.runTurn(Harness.turn([Harness.sent("https://t.example/c")], closing: true), at: t0 + 2)
        #expect(actions.writes.map(\.inserts.count) == [1])
        #expect(closing.machine.isStopped)

        var released = twoInFlight()
        actions = released.runTurn(at: t0 + 1, cancelled: true, pending: 2, hasWork: true)
        #expect(actions.cancelled == [1, 2])
        #expect(actions.dueRequests.isEmpty)
        #expect(released.machine.isStopped)
    }

    /// Private hosts are refused when sent and when read from the store; allowed for intranets.
    @Test(
        "R9: the machine refuses a sent beacon to a private host, and a stored one changed by hand; it stores the rest")
    func r9_machineRefusesBeaconsToPrivateHosts() {
        var harness = Harness()
        let urls = ["https://t.example/imp", "http://127.0.0.1/imp", "http://169.254.169.254/x", "http://10.0.0.1/x"]
        let stored = StoredBeacon(
            id: 9, beacon: Beacon(kind: .click, url: "http://localhost/c"), enqueuedAt: t0, attempts: 0, bytes: 18)
        let actions = harness.runTurn(
            Harness.turn(urls.map { Harness.sent($0) }), at: t0, answers: .init(found: .success([stored])))
        #expect(actions.writes.first?.inserts.map(\.beacon.url) == ["https://t.example/imp"])
        #expect(actions.diagnostics.map(\.kind) == [.refused, .refused])
        #expect(actions.diagnostics.map(\.count) == [3, 1])
        #expect(actions.diagnostics.allSatisfy { $0.error?.code == .refusedURL })
        #expect(actions.started.isEmpty)
        #expect(harness.machine.statistics.refused == 4)
        #expect(harness.machine.statistics.enqueued == 1)
        #expect(harness.runTurn(at: t0 + 1).writes == [BeaconStore.Changes(deletes: [9])])

        var intranet = Harness(BeaconQueueConfiguration(addresses: .allowingPrivate))
        let allowed = intranet.runTurn(Harness.turn(urls.map { Harness.sent($0) }), at: t0)
        #expect(allowed.writes.first?.inserts.count == 4)
        #expect(allowed.diagnostics.isEmpty)
    }
}
