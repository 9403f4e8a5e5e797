import AdCore
import AdTestSupport
import Testing

@MainActor
@Suite("Unified lifecycle (C1, C2, C5, C7)")
struct UnifiedAdLifecycleTests {
    @Test("C1: a native ad goes load → bind → impression → click → detach → destroy, as phases and events")
    func c1_nativeLifecycleAsPhasesAndEvents() async throws {
        let world = try TestHost(providers: [ScriptedProvider()])
        let card = try world.addCard(y: 100)
        let ad = try world.makeAd(AdRequest(adUnitID: "unit-1", format: .native), provider: "scripted")
        #expect(ad.phase == .idle)
        world.transport.respond(to: "unit-1", with: .body(Array("cr-1".utf8)))
        await ad.load().value
        #expect(ad.phase == .loaded)
        try ad.bind(AdBinding(container: card.container, assets: [.title: card.title], clickViews: [card.cta]))
        #expect(ad.phase == .bound)
        world.driver.advance(by: .seconds(1))
        #expect(ad.click(on: card.cta) == .counted)
        try ad.detach()
        #expect(ad.phase == .loaded)
        ad.destroy()
        #expect(ad.phase == .destroyed)
        #expect(
            world.events(of: ad) == [
                "loadStarted", "loadSucceeded(scripted unit-1)", "rendered", "impression(unit-1)", "click(ad)",
            ])
    }

    @Test("C1: a full-screen ad goes load → present → impression → dismiss")
    func c1_fullScreenLifecycle() async throws {
        let recorder = ScriptedAdRecorder()
        let world = try TestHost(
            providers: [
                ScriptedProvider(
                    rule: ImpressionRule(minimumVisibleRatio: 1, minimumDuration: .zero),
                    recorder: recorder)
            ])
        let context = try HostContextProvider(tree: world.tree)
        try world.tree.addChild(context.node, to: world.feed)
        let ad = try await world.loadedAd(format: .interstitial)
        try ad.present(from: context)
        #expect(ad.phase == .presented)
        world.driver.runDue()
        recorder.lastAd?.events?.sendNow(.didDismiss)
        #expect(ad.phase == .closed)
        #expect(
            world.events(of: ad) == [
                "loadStarted", "loadSucceeded(scripted unit-1)", "willPresent", "impression(unit-1)", "willDismiss",
                "didDismiss",
            ])
        #expect(recorder.calls == ["present", "impression"])
    }

    @Test("C1: binding before load, presenting twice and binding after destroy are typed errors")
    func c1_illegalCallsAreTypedErrors() async throws {
        let world = try TestHost(providers: [ScriptedProvider()])
        let card = try world.addCard(y: 0)
        let early = try world.makeAd(AdRequest(adUnitID: "unit-1", format: .native), provider: "scripted")
        let binding = AdBinding(container: card.container)
        #expect(throws: AdError.self) { try early.bind(binding) }
        do {
            try early.bind(binding)
        } catch {
            #expect(error.code == .notReady)
        }

        let context = try HostContextProvider(tree: world.tree)
        try world.tree.addChild(context.node, to: world.feed)
        let fullScreen = try await world.loadedAd(adUnit: "fs", format: .interstitial)
        try fullScreen.present(from: context)
        #expect(thrownError { try fullScreen.present(from: context) }?.code == .alreadyUsed)

        let destroyed = try await world.loadedAd(adUnit: "gone")
        destroyed.destroy()
        #expect(thrownError { try destroyed.bind(binding) }?.code == .cancelled)
        #expect(destroyed.phase == .destroyed)
    }

    @Test("C2: events sent from a background thread reach the host on the main actor, in order, once")
    func c2_backgroundEventsInOrderOnce() async throws {
        let recorder = ScriptedAdRecorder()
        let world = try TestHost(providers: [ScriptedProvider(recorder: recorder)])
        let card = try world.addCard(y: 0)
        let ad = try await world.loadedAd()
        try ad.bind(AdBinding(container: card.container))
        let sink = try #require(recorder.lastAd?.events)
        await Task.detached {
            for index in 0..<20 { sink.send(.jumped(success: index.isMultiple(of: 2))) }
        }.value
        #expect(world.events(of: ad).count == 3)  // posted to the driver's mailbox: delivered when it runs
        world.driver.runDue()
        let jumps = world.events(of: ad).dropFirst(3)
        #expect(Array(jumps) == (0..<20).map { "jumped(\($0.isMultiple(of: 2)))" })
    }

    @Test("C2: a provider calling back twice is delivered once")
    func c2_doubleCallbacksDeliveredOnce() async throws {
        let recorder = ScriptedAdRecorder()
        let world = try TestHost(providers: [ScriptedProvider(recorder: recorder)])
        let context = try HostContextProvider(tree: world.tree)
        try world.tree.addChild(context.node, to: world.feed)
        let ad = try await world.loadedAd(format: .rewarded)
        try ad.present(from: context)
        let sink = try #require(recorder.lastAd?.events)
        sink.sendNow(.rewardEarned(AdReward(type: "coins", amount: 10)))
        sink.sendNow(.rewardEarned(AdReward(type: "coins", amount: 10)))
        sink.sendNow(.didDismiss)
        sink.sendNow(.didDismiss)
        #expect(world.events(of: ad).filter { $0.hasPrefix("rewardEarned") } == ["rewardEarned(10 coins)"])
        #expect(world.events(of: ad).filter { $0 == "didDismiss" }.count == 1)
    }

    @Test("C5: a destroyed ad never emits, whatever its provider or its timers do")
    func c5_destroyedAdNeverEmits() async throws {
        let recorder = ScriptedAdRecorder()
        let world = try TestHost(providers: [ScriptedProvider(recorder: recorder)])
        let card = try world.addCard(y: 0)
        let ad = try await world.loadedAd()
        try ad.bind(AdBinding(container: card.container, clickViews: [card.cta]))
        let sink = try #require(recorder.lastAd?.events)
        let before = world.events(of: ad)
        ad.destroy()
        sink.sendNow(.jumped(success: true))
        sink.send(.videoStateChanged(.playing))
        world.driver.advance(by: .seconds(5))
        await world.driver.settle()
        #expect(world.events(of: ad) == before)
        #expect(ad.click(on: card.cta) != .counted)
        #expect(sink.droppedCount == 2)
        #expect(recorder.calls.last == "destroy")
        let contained = world.host.diagnostics.entries.map(\.message).filter { $0.hasPrefix("Contained ") }
        #expect(
            contained == [
                "Contained jumped(true) from scripted: sent after the ad was destroyed (C5).",
                "Contained videoStateChanged(playing) from scripted: sent after the ad was destroyed (C5).",
            ])
    }

    @Test("C5: an ad destroyed while loading never reports the late load")
    func c5_destroyedWhileLoading() async throws {
        let world = try TestHost(providers: [ScriptedProvider()])
        world.transport.respond(to: "slow", with: .delayed(.seconds(2), .body(Array("cr".utf8))))
        let ad = try world.makeAd(AdRequest(adUnitID: "slow", format: .native), provider: "scripted")
        let task = ad.load()
        ad.destroy()
        world.driver.advance(by: .seconds(3))
        await task.value
        #expect(world.events(of: ad) == ["loadStarted"])
        #expect(ad.phase == .destroyed)
    }

    @Test("C7: a provider that never answers fails with a timeout at the request's deadline")
    func c7_silentProviderTimesOut() async throws {
        let world = try TestHost(providers: [ScriptedProvider()])
        world.transport.respond(to: "silent", with: .never)
        let ad = try world.makeAd(
            AdRequest(adUnitID: "silent", format: .native, timeout: .seconds(5)), provider: "scripted")
        let task = ad.load()
        await world.driver.settle()
        world.driver.advance(by: .milliseconds(4999))
        #expect(ad.phase == .loading)
        world.driver.advance(by: .milliseconds(1))
        await task.value
        guard case .failed(let error) = ad.phase else {
            Issue.record("expected failed, got \(ad.phase)")
            return
        }
        #expect(error.code == .timeout)
        #expect(error.hint != nil)
        #expect(world.events(of: ad) == ["loadStarted", "loadFailed(timeout)"])
    }

    @Test("C7: an answer after the timeout is dropped; a failed load can be retried")
    func c7_lateAnswerDroppedAndRetry() async throws {
        let world = try TestHost(providers: [ScriptedProvider()])
        world.transport.respond(to: "late", with: .delayed(.seconds(12), .body(Array("cr".utf8))))
        let ad = try world.makeAd(AdRequest(adUnitID: "late", format: .native), provider: "scripted")
        let task = ad.load()
        await world.driver.settle()
        world.driver.advance(by: .seconds(10))
        world.driver.advance(by: .seconds(5))
        await task.value
        #expect(world.events(of: ad) == ["loadStarted", "loadFailed(timeout)"])
        world.transport.respond(to: "late", with: .body(Array("cr".utf8)))
        await ad.load().value
        #expect(ad.phase == .loaded)
    }

    @Test("C7: a retry started from the timeout's handler, or right after it, ends with its own answer")
    func c7_retryAfterTimeoutEndsWithItsOwnAnswer() async throws {
        // From the handler: the timed-out load is cancelled before the failure is reported, not after.
        let world = try TestHost(providers: [ScriptedProvider()])
        world.transport.respond(to: "unit", with: .never)
        let ad = try world.makeAd(AdRequest(adUnitID: "unit", format: .native), provider: "scripted")
        var retried = false
        ad.onEvent { event in
            guard case .loadFailed = event, !retried else { return }
            retried = true
            world.transport.respond(to: "unit", with: .delayed(.seconds(1), .body(Array("cr".utf8))))
            ad.load()
        }
        ad.load()
        await world.driver.settle()
        world.driver.advance(by: .seconds(10))  // the timeout: the handler loads again
        await world.driver.settle()
        world.driver.advance(by: .seconds(1))
        await world.driver.settle()
        let expected = ["loadStarted", "loadFailed(timeout)", "loadStarted", "loadSucceeded(scripted unit)"]
        #expect(world.events(of: ad) == expected)
        #expect(ad.phase == .loaded)

        // In the same turn: the first attempt's late end must not end, or cancel the timeout of, the second.
        let again = try TestHost(providers: [ScriptedProvider()])
        again.transport.respond(
            to: "unit", with: .delayed(.seconds(12), .failure(AdError(.network, "reset", providerID: "scripted"))))
        let second = try again.makeAd(AdRequest(adUnitID: "unit", format: .native), provider: "scripted")
        second.load()
        await again.driver.settle()
        again.driver.advance(by: .seconds(10))
        again.transport.respond(to: "unit", with: .delayed(.seconds(5), .body(Array("cr".utf8))))
        second.load()
        await again.driver.settle()
        again.driver.advance(by: .seconds(2))  // t = 12 s: the first attempt's late failure arrives and is dropped
        await again.driver.settle()
        #expect(again.events(of: second) == ["loadStarted", "loadFailed(timeout)", "loadStarted"])
        again.driver.advance(by: .seconds(3))  // t = 15 s: the retry's answer
        await again.driver.settle()
        #expect(again.events(of: second) == expected)
        #expect(second.phase == .loaded)
    }

    @Test("C7: every provider failure ends the load with the typed error, provider code kept (C6)")
    func c7_typedFailureKeepsProviderCode() async throws {
        let world = try TestHost(providers: [ScriptedProvider()])
        let failure = AdError(.noFill, "Nothing to show.", providerID: "scripted", providerCode: 204)
        world.transport.respond(to: "empty", with: .failure(failure))
        let ad = try world.makeAd(AdRequest(adUnitID: "empty", format: .native), provider: "scripted")
        await ad.load().value
        #expect(ad.phase == .failed(failure))
        #expect(world.events(of: ad) == ["loadStarted", "loadFailed(noFill)"])
    }
}

@MainActor
@Suite("Released ads")
struct ReleasedAdTests {
    @Test("C5: an ad released without destroy() cleans up: no impression, its click views free for another ad")
    func c5_releasedAdCleansUp() async throws {
        let recorder = ScriptedAdRecorder()
        let world = try TestHost(providers: [ScriptedProvider(recorder: recorder)])
        let card = try world.addCard(y: 100)
        var ad: UnifiedAd? = try await world.loadedAd()
        try ad?.bind(AdBinding(container: card.container, clickViews: [card.cta]))
        #expect(world.host.owner(ofClickView: card.cta) != nil)
        #expect(world.host.trackers.count == 1)
        ad = nil
        #expect(world.host.owner(ofClickView: card.cta) == nil)
        #expect(world.host.trackers.count == 0)
        #expect(recorder.calls.last == "destroy")
        let next = try await world.loadedAd(adUnit: "unit-2")
        try next.bind(AdBinding(container: card.container, clickViews: [card.cta]))
        world.driver.advance(by: .seconds(1))
        #expect(world.events(of: next).contains("impression(unit-2)"))
    }
}
