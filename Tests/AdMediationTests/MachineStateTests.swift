import AdCore
import AdMediation
import AdTestSupport
import Testing

/// The machine's one `State`: which phase a request is in, and what that phase carries.
@Suite("State: the machine's phase and what it carries")
struct MachineStateTests {
    typealias H = MachineHarness

    @Test("State: a hybrid request walks idle → auction → waterfall → ready → idle")
    func hybridWalk() throws {
        var harness = H(
            H.placement(.hybrid, [H.bidder("b1"), H.bidder("b2"), H.waterfall("w", price: 3_000)]) {
                $0.auction = AuctionPolicy(deadline: .seconds(2), pricing: .firstPrice)
            })
        #expect(harness.machine.state == .idle)
        harness.start()
        guard case .auction(let round) = harness.machine.state else {
            Issue.record("expected an auction, got \(harness.machine.state)")
            return
        }
        #expect(round.outstandingBids == 2)
        #expect(round.deadline == .seconds(2))
        harness.fill("b1", micros: 2_000)
        guard case .auction(let after) = harness.machine.state else {
            Issue.record("expected the auction to go on, got \(harness.machine.state)")
            return
        }
        #expect(after.outstandingBids == 1)
        harness.noFill("b2")
        guard case .waterfall(let waterfall) = harness.machine.state else {
            Issue.record("expected the waterfall, got \(harness.machine.state)")
            return
        }
        #expect(waterfall.tier == [harness.index("w")])
        #expect(waterfall.position == 1)
        #expect(harness.machine.isLoading)
        harness.fill("w")
        let delivery = try #require(harness.delivered.last)
        #expect(harness.machine.state == .ready(delivery))
        #expect(delivery.lineItemID == "w")
        _ = harness.take()
        #expect(harness.machine.state == .idle)
    }

    @Test("State: a failed request with a retry left waits in awaitingRetry until its retry runs")
    func awaitingRetry() throws {
        var harness = H(
            H.placement(.waterfall, [H.waterfall("a", price: 1_000)]) {
                $0.retry = RetryPolicy(maxAttempts: 1, baseDelay: .seconds(4))
            })
        harness.start()
        harness.noFill("a")
        let retryAt = try #require(harness.failures.last?.nextRetryAt)
        #expect(harness.machine.state == .awaitingRetry(at: retryAt))
        #expect(harness.machine.startRequest(at: harness.now, context: harness.context).isEmpty)
        harness.advance(to: retryAt)
        #expect(harness.machine.isLoading)
        #expect(harness.machine.requestCount == 2)
        harness.noFill("a")
        #expect(harness.machine.state == .idle)  // no retry left
    }
}

/// The driver never feeds a machine an input while the actions of an earlier one are being performed.
@MainActor
@Suite("Mediator: inputs from event handlers wait for the actions in progress")
struct MediatorReentryTests {
    typealias H = MachineHarness

    /// Loads a Google interstitial (it expires after an hour) and takes it, from the `.requestFinished` handler
    /// or after the run; returns the timers left pending.
    private func pendingTimers(takingInHandler: Bool) async throws -> Int {
        let world = try TestHost(providers: [
            PricedProvider(id: "google", defaultTimeToLive: [.interstitial: .seconds(3_600)])
        ])
        let mediator = try Mediator(
            configuration: MediationConfiguration(placements: [
                H.placement(.waterfall, [H.waterfall("g", price: 1_000, provider: "google")])
            ]), host: world.host)
        var taken: MediatedAd?
        if takingInHandler {
            mediator.onEvent { [unowned mediator] event in
                if case .requestFinished(let report) = event, report.winner != nil {
                    taken = try? mediator.takeAd(for: "p")
                }
            }
        }
        world.transport.respond(to: "unit-g", with: .body(Array("cr-g".utf8)))
        try mediator.load("p")
        await world.run(for: .seconds(1))
        if !takingInHandler { taken = try mediator.takeAd(for: "p") }
        #expect(taken?.lineItemID == "g")
        return world.driver.pendingCount
    }

    @Test("Re-entry: taking the ad inside its requestFinished handler cancels its expiry timer, as after it")
    func takeInsideHandler() async throws {
        // Performed inside the delivery's actions, the take's cancel would come before the expiry timer's start
        // and leave a live timer behind.
        let inside = try await pendingTimers(takingInHandler: true)
        let after = try await pendingTimers(takingInHandler: false)
        #expect(inside == after)
    }
}
