import AdCore
import AdTestSupport
import Testing

/// A provider's load through a callback (`ScheduledAdProvider`): the unified ad calls it with no task, and its
/// result goes the async load's way (C7's timeout, a late answer dropped, nothing after destroy). Each test runs
/// twice: through the callback, and through the provider's async load (the task path), which every outcome and
/// every order at one instant must match.
@MainActor
@Suite("A provider's load through a callback (ScheduledAdProvider)")
struct ScheduledLoadTests {
    /// What a test's provider answers and what it saw: per ad unit, after how long and with what error (none: an
    /// ad); the loads by path, and the ads destroyed.
    @MainActor
    final class Script {
        var answers: [String: (after: Duration, error: AdError?)] = [:]
        var callbackLoads = 0
        var asyncLoads = 0
        var destroyedAds = 0
    }

    /// The ad it loads: records its destruction.
    @MainActor
    final class CallbackAd: ProviderAd {
        let info: LoadedAdInfo
        let script: Script

        init(info: LoadedAdInfo, script: Script) {
            self.info = info
            self.script = script
        }

        func destroy() { script.destroyedAds += 1 }
    }

    /// Answers every load as the script says, on a timer of the ad's scheduler, through the callback. With
    /// `startsAfter`, it has a start step of that length (H2).
    struct CallbackProvider: ScheduledAdProvider {
        let descriptor: ProviderDescriptor
        let script: Script
        let startsAfter: Duration?

        init(script: Script, startsAfter: Duration? = nil) {
            var descriptor = ProviderDescriptor(
                id: "callback", displayName: "Callback", version: ProviderVersion(1, 0, 0, 0),
                supportedFormats: [.native])
            if startsAfter != nil { descriptor.startRequirements = ProviderStartRequirements(needsStart: true) }
            self.descriptor = descriptor
            self.script = script
            self.startsAfter = startsAfter
        }

        func start(_ configuration: ProviderConfiguration, environment: ProviderEnvironment) async throws(AdError) {
            guard let startsAfter else { return }
            let scheduler = environment.scheduler
            await scheduler.suspend { (resumer: AdResumer<Void>) in
                scheduler.schedule(after: startsAfter) { resumer.resume(returning: ()) }
            }
        }

        /// Counted, so a test sees which load the unified ad called; then the derived async load.
        func load(_ request: AdRequest, environment: ProviderEnvironment) async throws(AdError) -> any ProviderAd {
            script.asyncLoads += 1
            return try await DerivedLoad(base: self).load(request, environment: environment)
        }

        func load(
            _ request: AdRequest, environment: ProviderEnvironment,
            completion: @escaping @MainActor (Result<any ProviderAd, AdError>) -> Void
        ) {
            script.callbackLoads += 1
            let answer = script.answers[request.adUnitID] ?? (.zero, nil)
            let scheduler = environment.scheduler
            let script = self.script
            let id = descriptor.id
            scheduler.schedule(after: answer.after) {
                if let error = answer.error { return completion(.failure(error)) }
                let info = LoadedAdInfo(
                    providerID: id, adUnitID: request.adUnitID, format: request.format, creativeID: "cr",
                    loadedAt: scheduler.now)
                completion(.success(CallbackAd(info: info, script: script)))
            }
        }
    }

    /// The callback provider with the async load `ScheduledAdProvider` derives from the callback one.
    struct DerivedLoad: ScheduledAdProvider {
        let base: CallbackProvider
        var descriptor: ProviderDescriptor { base.descriptor }

        func load(
            _ request: AdRequest, environment: ProviderEnvironment,
            completion: @escaping @MainActor (Result<any ProviderAd, AdError>) -> Void
        ) {
            base.load(request, environment: environment, completion: completion)
        }
    }

    /// The same provider as a plain `AdProvider`, loading through the derived async load: the unified ad spawns a
    /// task.
    struct AsyncProvider: AdProvider {
        let base: CallbackProvider
        var descriptor: ProviderDescriptor { base.descriptor }

        func load(_ request: AdRequest, environment: ProviderEnvironment) async throws(AdError) -> any ProviderAd {
            base.script.asyncLoads += 1
            return try await DerivedLoad(base: base).load(request, environment: environment)
        }
    }

    /// A test host whose provider `callback` loads through the callback (`throughCallback`) or its async load.
    private func world(
        throughCallback: Bool, startsAfter: Duration? = nil, _ answers: [String: (after: Duration, error: AdError?)]
    ) throws -> (world: TestHost, script: Script) {
        let script = Script()
        script.answers = answers
        let provider = CallbackProvider(script: script, startsAfter: startsAfter)
        let world = try TestHost(providers: [throughCallback ? provider : AsyncProvider(base: provider)])
        return (world, script)
    }

    private func makeAd(_ world: TestHost, unit: String = "unit", timeout: Duration = .seconds(5)) throws -> UnifiedAd {
        try world.makeAd(AdRequest(adUnitID: unit, format: .native, timeout: timeout), provider: "callback")
    }

    @Test(
        "The callback load delivers its ad when the provider answers; load()'s task ends then",
        arguments: [true, false])
    func deliversAndTheLoadTaskEnds(throughCallback: Bool) async throws {
        let (world, script) = try world(throughCallback: throughCallback, ["unit": (.seconds(1), nil)])
        let ad = try makeAd(world)
        let loading = ad.load()
        var endedAt: AdInstant?
        // Not a task of the driver's: one awaiting another task's value would count as runnable all along.
        let waiter = Task {
            await loading.value
            endedAt = world.driver.now
        }
        await world.run(for: .milliseconds(999))
        for _ in 0..<100 { await Task.yield() }
        #expect(ad.phase == .loading)
        #expect(endedAt == nil, "load()'s task ended before the load")
        await world.run(for: .milliseconds(1))
        await waiter.value
        #expect(ad.phase == .loaded)
        #expect(ad.info?.loadedAt == AdInstant.zero.advanced(by: .seconds(1)))
        #expect(endedAt == AdInstant.zero.advanced(by: .seconds(1)))
        #expect(world.events(of: ad) == ["loadStarted", "loadSucceeded(callback unit)"])
        #expect(script.callbackLoads == 1)
        #expect(script.asyncLoads == (throughCallback ? 0 : 1), "the unified ad took the wrong path")
    }

    @Test("The callback load fails with the provider's typed error", arguments: [true, false])
    func failsWithTheProvidersError(throughCallback: Bool) async throws {
        let refusal = AdError(.noFill, "No ad for this unit.", providerID: "callback")
        let (world, _) = try world(throughCallback: throughCallback, ["unit": (.milliseconds(300), refusal)])
        let ad = try makeAd(world)
        ad.load()
        await world.run(for: .seconds(1))
        guard case .failed(let error) = ad.phase else {
            Issue.record("expected failed, got \(ad.phase)")
            return
        }
        #expect(error.code == .noFill)
        #expect(error.message == "No ad for this unit.")
        #expect(world.events(of: ad) == ["loadStarted", "loadFailed(noFill)"])
    }

    @Test(
        "C7: a callback load that answers after the timeout fails with timeout; the late ad is destroyed",
        arguments: [true, false])
    func c7_lateAnswerIsDroppedAndDestroyed(throughCallback: Bool) async throws {
        let (world, script) = try world(throughCallback: throughCallback, ["unit": (.seconds(6), nil)])
        let ad = try makeAd(world, timeout: .seconds(5))
        let task = ad.load()
        await world.run(for: .milliseconds(4_999))
        #expect(ad.phase == .loading)
        await world.run(for: .milliseconds(1))
        await task.value
        guard case .failed(let error) = ad.phase else {
            Issue.record("expected failed, got \(ad.phase)")
            return
        }
        #expect(error.code == .timeout)
        #expect(script.destroyedAds == 0)
        await world.run(for: .seconds(2))
        #expect(script.destroyedAds == 1, "the late ad was kept")
        #expect(world.events(of: ad) == ["loadStarted", "loadFailed(timeout)"])
        #expect(ad.loadedAd == nil)
    }

    @Test(
        "C7: an answer exactly at the timeout loses to it, on both paths",
        arguments: [true, false])
    func c7_answerAtTheTimeoutLoses(throughCallback: Bool) async throws {
        let (world, script) = try world(throughCallback: throughCallback, ["unit": (.seconds(5), nil)])
        let ad = try makeAd(world, timeout: .seconds(5))
        ad.load()
        await world.run(for: .seconds(5))
        #expect(world.events(of: ad) == ["loadStarted", "loadFailed(timeout)"])
        #expect(script.destroyedAds == 1)
    }

    @Test(
        "C5: a callback load's answer after destroy() is dropped: no event, the ad destroyed",
        arguments: [true, false])
    func c5_answerAfterDestroyIsDropped(throughCallback: Bool) async throws {
        let (world, script) = try world(throughCallback: throughCallback, ["unit": (.seconds(1), nil)])
        let ad = try makeAd(world)
        let task = ad.load()
        await world.run(for: .milliseconds(500))
        ad.destroy()
        await task.value
        await world.run(for: .seconds(1))
        #expect(ad.phase == .destroyed)
        #expect(world.events(of: ad) == ["loadStarted"])
        #expect(script.destroyedAds == 1)
        #expect(ad.loadedAd == nil)
    }

    @Test(
        "A timer due at the answer's instant runs before the ad takes the answer, as with a spawned load",
        arguments: [true, false])
    func theAnswerIsTakenAfterTheTimersOfItsInstant(throughCallback: Bool) async throws {
        let (world, script) = try world(throughCallback: throughCallback, ["unit": (.seconds(1), nil)])
        let ad = try makeAd(world)
        ad.load()
        await world.driver.settle()
        var seen: AdPhase?
        world.driver.schedule(after: .seconds(1)) { seen = ad.phase }  // scheduled after the provider's answer
        await world.run(for: .seconds(1))
        #expect(seen == .loading)
        #expect(ad.phase == .loaded)
        #expect(script.asyncLoads == (throughCallback ? 0 : 1))
    }

    @Test("H2: a callback load for a provider not started waits for its start, then loads through the callback")
    func h2_waitsForTheStart() async throws {
        let (world, script) = try world(
            throughCallback: true, startsAfter: .seconds(2), ["unit": (.milliseconds(500), nil)])
        let ad = try makeAd(world)
        ad.load()
        await world.run(for: .milliseconds(2_499))
        #expect(ad.phase == .loading)
        await world.run(for: .milliseconds(1))
        #expect(ad.phase == .loaded)
        #expect(ad.info?.loadedAt == AdInstant.zero.advanced(by: .milliseconds(2_500)))
        #expect(script.callbackLoads == 1)
        #expect(script.asyncLoads == 1, "a provider still starting is waited for in a task, then loaded")
    }
}
