import AdCore
import AdMediation
import Testing

@Suite("Controls: caps, pacing, retries, expiry, learned prices (state machine in virtual time)")
struct ControlTests {
    typealias H = MachineHarness

    /// Loads and takes one ad and records its impression; returns whether the take succeeded.
    private func showOne(_ harness: inout H) -> AdError? {
        harness.start()
        if let id = harness.loadedIDs().last, harness.machine.isLoading { harness.fill(id) }
        switch harness.take() {
        case .success(let delivery):
            harness.machine.adShown(at: harness.now)
            _ = harness.machine.revenue(of: delivery, at: harness.now)
            return nil
        case .failure(let error):
            return error
        }
    }

    @Test("Frequency caps: N per window blocks the next request, and the cap resets when its window passes")
    func capsResetWhenTheirWindowPasses() throws {
        var harness = H(
            H.placement(.waterfall, [H.waterfall("a", price: 1_000)]) {
                $0.caps = [FrequencyCap(maxImpressions: 2, window: .seconds(60))]
            })
        #expect(showOne(&harness) == nil)
        harness.advance(by: .seconds(10))
        #expect(showOne(&harness) == nil)
        harness.advance(by: .seconds(10))
        harness.start()
        let capped = try #require(harness.failures.last)
        #expect(capped.error?.code == .capped)
        #expect(capped.items.allSatisfy { $0.state == .capped })
        #expect(harness.timers.isEmpty)  // no retry for a capped request
        harness.advance(to: .seconds(59.999))
        harness.start()
        #expect(harness.failures.count == 2)
        harness.advance(to: .seconds(60))  // the first impression leaves the window
        #expect(showOne(&harness) == nil)
    }

    @Test("Frequency caps: per-session caps hold until a new session starts")
    func sessionCaps() {
        var harness = H(
            H.placement(.waterfall, [H.waterfall("a", price: 1_000)]) {
                $0.caps = [FrequencyCap(maxImpressions: 1, window: nil)]
            })
        #expect(showOne(&harness) == nil)
        harness.advance(by: .seconds(86_400))
        harness.start()
        #expect(harness.failures.last?.error?.code == .capped)
        harness.machine.startNewSession()
        #expect(showOne(&harness) == nil)
    }

    @Test("App-wide caps from the driver's context block every placement")
    func appCaps() {
        var harness = H(H.placement(.waterfall, [H.waterfall("a", price: 1_000)]))
        harness.context = MediationContext(
            appBlock: ControlBlock(reason: .capped, until: nil, detail: "10 per session"))
        harness.start()
        #expect(harness.failures.last?.error?.code == .capped)
        #expect(harness.loads.isEmpty)
    }

    @Test("Pacing: no impression sooner than the minimum interval after the last one; the ready ad waits")
    func pacing() throws {
        var harness = H(
            H.placement(.waterfall, [H.waterfall("a", price: 1_000)]) { $0.pacing = .seconds(30) })
        #expect(showOne(&harness) == nil)
        harness.advance(by: .seconds(20))
        harness.start()  // preloading during the interval is allowed
        harness.fill("a")
        harness.advance(by: .seconds(9))
        let paced = try #require(harness.take().failure)
        #expect(paced.code == .paced)
        #expect(paced.message.contains("t=30.000s"))
        harness.advance(by: .seconds(1))
        #expect(harness.take().success?.lineItemID == "a")
    }

    @Test("Y12: no automatic retry from a failure callback; retries back off 1, 2, 4 ... 64 s")
    func y12_retriesBackOffExponentiallyAndStop() {
        var harness = H(
            H.placement(.waterfall, [H.waterfall("a", price: 1_000)]) { $0.retry = RetryPolicy(maxAttempts: 9) })
        harness.start()
        var delays: [Double] = []
        while harness.loads.count <= 20 {
            let before = harness.loads.count
            harness.noFill("a")
            // The failure itself never starts a load: only the retry timer does, later.
            #expect(harness.loads.count == before)
            guard let report = harness.failures.last, let retryAt = report.nextRetryAt else { break }
            delays.append(Double(harness.now.duration(to: retryAt).components.seconds))
            harness.advance(to: retryAt)
            #expect(harness.loads.count == before + 1)
        }
        #expect(delays == [1, 2, 4, 8, 16, 32, 64, 64, 64])
        #expect(harness.failures.count == 10)
        #expect(harness.timers.isEmpty)
        harness.advance(by: .seconds(3_600))
        #expect(harness.loads.count == 10)
    }

    @Test("I23: retries are bounded: after maxAttempts retries the placement stops until the app asks again")
    func i23_retriesStopAfterMaxAttempts() throws {
        var harness = H(
            H.placement(.waterfall, [H.waterfall("a", price: 1_000)]) { $0.retry = RetryPolicy(maxAttempts: 3) })
        harness.start()
        for _ in 0..<10 {
            harness.noFill("a")
            guard let retryAt = harness.failures.last?.nextRetryAt else { break }
            harness.advance(to: retryAt)
        }
        // The first request and exactly three retries, 1, 2 and 4 s apart; the last failure schedules nothing.
        #expect(harness.loads.count == 4)
        #expect(harness.failures.map(\.retryAttempt) == [0, 1, 2, 3])
        #expect(harness.failures.map { $0.nextRetryAt == nil } == [false, false, false, true])
        #expect(harness.now == .seconds(7))
        #expect(harness.timers.isEmpty)
        #expect(!harness.machine.isLoading)
        harness.advance(by: .seconds(3_600))
        #expect(harness.loads.count == 4)
        // The app's own next request starts a fresh backoff.
        harness.start()
        harness.noFill("a")
        let fresh = try #require(harness.failures.last)
        #expect(fresh.retryAttempt == 0)
        #expect(fresh.nextRetryAt == harness.now.advanced(by: .seconds(1)))
    }

    @Test("I23: a success resets the backoff: the next failure retries after 1 s, with every attempt again")
    func i23_successResetsBackoff() {
        var harness = H(
            H.placement(.waterfall, [H.waterfall("a", price: 1_000)]) { $0.retry = RetryPolicy(maxAttempts: 3) })
        harness.start()
        harness.noFill("a")
        harness.advance(by: .seconds(1))
        harness.noFill("a")
        harness.advance(by: .seconds(2))
        harness.fill("a")
        #expect(harness.delivered.last?.report.retryAttempt == 2)
        _ = harness.take()
        harness.start()
        let loadsBefore = harness.loads.count
        var delays: [Duration] = []
        for _ in 0..<10 {
            harness.noFill("a")
            guard let retryAt = harness.failures.last?.nextRetryAt else { break }
            delays.append(harness.now.duration(to: retryAt))
            harness.advance(to: retryAt)
        }
        // Without the reset, only one retry (4 s) would be left of the three.
        #expect(delays == [.seconds(1), .seconds(2), .seconds(4)])
        #expect(harness.loads.count == loadsBefore + 3)
    }

    @Test("G10: a cached Google full-screen ad expires after one hour and is never delivered")
    func g10_cachedGoogleFullScreenAdExpires() throws {
        var harness = H(
            H.placement(.waterfall, [H.waterfall("g", price: 1_000, provider: "google")]) { $0.preload = true })
        harness.start()
        // The fill carries the ad's expiry, as the unified ad declares it from Google's descriptor (one hour).
        harness.fill("g", expiresAt: .seconds(3_600))
        let delivery = try #require(harness.delivered.first)
        #expect(delivery.expiresAt == .seconds(3_600))
        harness.advance(to: .seconds(3_599.999))
        #expect(harness.expired.isEmpty)
        #expect(harness.machine.readyAd != nil)
        harness.advance(to: .seconds(3_600))
        #expect(harness.expired.first?.lineItemID == "g")
        #expect(harness.take().failure?.code == .notReady)
        // Preload: a new request started after the expiry.
        #expect(harness.loads.count == 2)
    }

    @Test("G10: taking an ad at or past its expiry fails with expired even before the timer ran")
    func g10_takeChecksExpiryItself() throws {
        var harness = H(H.placement(.waterfall, [H.waterfall("g", price: 1_000, provider: "google")]))
        harness.start()
        harness.fill("g", expiresAt: .seconds(3_600))
        harness.now = .seconds(3_600)  // a late live timer: time moved, the timer has not fired yet
        #expect(harness.take().failure?.code == .expired)
        #expect(harness.expired.count == 1)
    }

    @Test("Expiry: the provider's own expiry wins when it is earlier; providers without a rule never expire")
    func providerExpiry() throws {
        var harness = H(H.placement(.waterfall, [H.waterfall("y", price: 1_000, provider: "yandex")]))
        harness.start()
        harness.apply(
            harness.machine.itemLoaded(
                0, fill: LineItemFill(price: nil, creativeIDs: ["cr"], expiresAt: .seconds(600)), at: harness.now))
        #expect(harness.delivered.first?.expiresAt == .seconds(600))

        var plain = H(H.placement(.waterfall, [H.waterfall("y", price: 1_000, provider: "yandex")]))
        plain.start()
        plain.fill("y")
        #expect(plain.delivered.first?.expiresAt == nil)
    }

    @Test("Learned prices: the waterfall order converges when the best item changes midway")
    func learnedOrderingConverges() throws {
        var harness = H(
            H.placement(
                .waterfall,
                [H.waterfall("a", price: 3_000, learned: true), H.waterfall("b", price: 2_000, learned: true)]
            ) {
                $0.learning = LearningPolicy(smoothing: 0.5)
            })
        var market: [String: Int64] = ["a": 5_000, "b": 2_500]
        var winners: [String] = []
        for round in 0..<40 {
            if round == 20 { market = ["a": 1_000, "b": 4_000] }
            harness.start()
            let id = try #require(harness.loadedIDs().last)
            harness.fill(id, micros: market[id])
            let delivery = try #require(harness.take().success)
            winners.append(delivery.lineItemID)
            harness.advance(by: .seconds(60))
        }
        #expect(winners[0..<20].allSatisfy { $0 == "a" })
        #expect(winners[30..<40].allSatisfy { $0 == "b" })
        #expect(harness.machine.waterfallOrder == ["b", "a"])
        let learned = harness.machine.learnedPrices
        #expect(abs((learned["b"]?.estimateMicros ?? 0) - 4_000) < 10)
    }

    @Test("Learned prices: exploration tries the least recently observed item first on a low random draw")
    func exploration() throws {
        var harness = H(
            H.placement(
                .waterfall,
                [H.waterfall("a", price: 3_000, learned: true), H.waterfall("b", price: 2_000, learned: true)]
            ) {
                $0.learning = LearningPolicy(smoothing: 0.5, explorationRate: 0.1)
            })
        harness.start()
        harness.fill("a", micros: 3_000)
        _ = harness.take()
        harness.context = MediationContext(explorationRoll: 0.05)
        harness.start()
        #expect(harness.loadedIDs() == ["a", "b"])
        harness.fill("b", micros: 2_000)
        _ = harness.take()
        harness.context = MediationContext(explorationRoll: 0.5)
        harness.start()
        #expect(harness.loadedIDs() == ["a", "b", "a"])
    }

    @Test("Retry policy: the backoff sequence is 1, 2, 4, ..., 64, 64 s")
    func backoffSequence() {
        let policy = RetryPolicy()
        let expected: [Duration] = [1, 2, 4, 8, 16, 32, 64, 64, 64].map { .seconds($0) }
        #expect((1...9).map { policy.delay(beforeRetry: $0) } == expected)
    }
}

extension Result {
    var success: Success? {
        if case .success(let value) = self { return value }
        return nil
    }

    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
