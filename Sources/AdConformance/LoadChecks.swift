import AdCore
import AdEmbedded

/// K3-K8 and K16: loading, for every declared format.
@MainActor
enum LoadChecks {
    /// K3: a fill becomes a ready ad of the requested format, from this provider, loaded now.
    static func fill(_ subject: ConformanceSubject, _ format: AdFormat) async -> ConformanceResult {
        var verdict = ConformanceVerdict("K3", format: format)
        guard let responses = subject.responses[format] else {
            verdict.require(
                false, "the subject gives no responses for \(format), a declared format",
                fix: "Pass ConformanceResponses for every format the descriptor declares.")
            return verdict.result(passed: "")
        }
        do throws(AdError) {
            let world = try ConformanceWorld(subject)
            let startedAt = world.now
            let ad = try await world.load(format, body: responses.fill)
            verdict.observe(world, ad)
            verdict.require(
                ad.phase == .loaded, "the fill ended \(ad.phase) instead of loaded",
                fix: ConformanceWorld.fix(forFailedFill: ad.phase, timeout: subject.loadTimeout))
            if let info = ad.info {
                verdict.require(
                    info.providerID == world.providerID,
                    "the ad says it comes from '\(info.providerID)', not '\(world.providerID)'",
                    fix: "Fill LoadedAdInfo.providerID with descriptor.id.")
                verdict.require(
                    info.format == format, "a \(format) request loaded a \(info.format) ad",
                    fix: "Fill LoadedAdInfo.format with the request's format.")
                verdict.require(
                    info.loadedAt >= startedAt && info.loadedAt <= world.now,
                    "loadedAt \(info.loadedAt) is not the time of the load",
                    fix: "Fill LoadedAdInfo.loadedAt with environment.scheduler.now.")
            }
        } catch {
            return verdict.failed(error, while: "Loading a fill")
        }
        return verdict.result(passed: "A fill became a ready \(format) ad.")
    }

    /// K23: every load gives a new ad object; none is handed out twice.
    static func newObjects(_ subject: ConformanceSubject, _ format: AdFormat) async -> ConformanceResult {
        var verdict = ConformanceVerdict("K23", format: format)
        guard let responses = subject.responses[format] else {
            verdict.notRun("the subject gives no fill for \(format) (K3)")
            return verdict.result(passed: "")
        }
        do throws(AdError) {
            let world = try ConformanceWorld(subject)
            // Every provider ad is kept alive until the end, so a freed object's address cannot come back as a new
            // one's; each unified ad is destroyed before the next load, as a host does with a used ad (a provider
            // may refuse the same creative while another ad of it is alive).
            var kept: [any ProviderAd] = []
            var seen: [ObjectIdentifier] = []
            for load in 1...3 {
                let ad = try await world.load(format, body: responses.fill)
                defer { ad.destroy() }
                if let loaded = ad.loadedAd { kept.append(loaded) }
                verdict.observe(world, ad)
                guard let loaded = ad.loadedAd else {
                    verdict.notRun("the fill did not load, it ended \(ad.phase) (K3)")
                    return verdict.result(passed: "")
                }
                let id = ObjectIdentifier(loaded)
                if let earlier = seen.firstIndex(of: id) {
                    verdict.require(
                        false, "the same ad object was returned twice: load \(load) gave load \(earlier + 1)'s",
                        fix: "Return a new ProviderAd from every load: an ad object belongs to the one UnifiedAd that "
                            + "binds or presents it and destroys it (C1). Cache responses, never ad objects.")
                }
                seen.append(id)
            }
            withExtendedLifetime(kept) {}
        } catch {
            return verdict.failed(error, while: "Loading three fills")
        }
        return verdict.result(passed: "Three loads gave three ad objects.")
    }

    /// K4 and K5: a no-fill and a malformed response are typed errors with the provider's code and a hint.
    static func typedError(
        _ subject: ConformanceSubject, _ format: AdFormat, noFill: Bool
    ) async -> ConformanceResult {
        var verdict = ConformanceVerdict(noFill ? "K4" : "K5", format: format)
        let expected: AdError.Code = noFill ? .noFill : .invalidResponse
        let body = noFill ? subject.responses[format]?.noFill : subject.responses[format]?.malformed
        guard let body else {
            return verdict.notApplicable(
                "The subject gives no \(noFill ? "no-fill" : "malformed") response for \(format).")
        }
        do throws(AdError) {
            let world = try ConformanceWorld(subject)
            let ad = try await world.load(format, body: body)
            verdict.observe(world, ad)
            let error = ConformanceWorld.loadError(ad)
            verdict.require(
                error?.code == expected,
                "the \(noFill ? "no-fill" : "malformed") response ended \(ad.phase), not failed(\(expected))",
                fix: "Throw AdError(.\(expected), ...) for this response.")
            verdict.require(
                error == nil || error?.providerCode != nil || error?.vastCode != nil,
                "the error carries neither the network's code nor a VAST code",
                fix: "Keep the network's own code in AdError.providerCode, or the VAST code in vastCode (C6).")
            verdict.require(
                error == nil || !(error?.hint ?? "").isEmpty, "the error has no hint",
                fix: "Say in AdError.hint what the app should do about it.")
        } catch {
            return verdict.failed(error, while: "Loading")
        }
        return verdict.result(passed: "It failed with \(expected), the provider's code and a hint.")
    }

    /// K6: a server that never answers ends in a timeout at the deadline; nothing of that load happens later.
    static func timeout(_ subject: ConformanceSubject, _ format: AdFormat) async -> ConformanceResult {
        var verdict = ConformanceVerdict("K6", format: format)
        do throws(AdError) {
            let world = try ConformanceWorld(subject)
            let ad = try world.makeAd(format, reply: .never)
            let ending = LoadEnding(ad.load())
            await world.run(for: subject.loadTimeout - .milliseconds(1))
            verdict.require(
                ad.phase == .loading, "1 ms before the deadline the load was \(ad.phase)",
                fix: "Wait for the transport; do not fail or succeed without an answer.")
            await world.run(for: .milliseconds(1))
            verdict.require(
                ConformanceWorld.loadError(ad)?.code == .timeout, "at the deadline the load was \(ad.phase)",
                fix: "Fetch through environment.transport so the lifecycle's timeout applies (C7).")
            let events = world.events(of: ad).count
            let beacons = world.beacons.count
            await world.run(for: .milliseconds(1))
            if await !ending.hasEnded(world.driver) {
                verdict.require(
                    false, "the provider's load had not returned 1 ms after the timeout cancelled it",
                    fix: "Await only what the environment gives (loadVAST, fetch, the scheduler): they end when the "
                        + "load is cancelled. Wrap a wait on your SDK's own callback in withTaskCancellationHandler and "
                        + "end it on cancellation.")
                verdict.blocks("K21", because: "the load does not return once cancelled (K6)")
            }
            await world.run(for: .seconds(60))
            verdict.observe(world, ad)
            verdict.require(
                world.events(of: ad).count == events, "the timed-out load emitted events afterwards",
                fix: "Emit nothing from a load the lifecycle abandoned.")
            verdict.require(
                world.beacons.count == beacons,
                "the timed-out load sent \(world.beacons.count - beacons) beacon(s) afterwards",
                fix: "Schedule no work that outlives the load: send beacons only from the ad's callbacks.")
        } catch {
            return verdict.failed(error, while: "Starting the load")
        }
        return verdict.result(passed: "The load timed out at its deadline and left nothing behind.")
    }

    /// K21: a load destroyed while its fetch is in flight ends at once, and the provider fetches nothing more. (What
    /// a load leaves for later, timers and beacons, is K6's.)
    static func cancelled(_ subject: ConformanceSubject, _ format: AdFormat) async -> ConformanceResult {
        var verdict = ConformanceVerdict("K21", format: format)
        guard let responses = subject.responses[format] else { return verdict.notApplicable("No responses given.") }
        do throws(AdError) {
            let world = try ConformanceWorld(subject)
            let ad = try world.makeAd(format, reply: .delayed(subject.loadTimeout / 2, .body(responses.fill)))
            let ending = LoadEnding(ad.load())
            await world.run(for: subject.loadTimeout / 4)
            let fetches = world.test.transport.requests.count
            ad.destroy()
            await world.run(for: .milliseconds(1))
            let ended = await ending.hasEnded(world.driver)
            verdict.require(
                ended, "the load had not ended 1 ms after destroy",
                fix: "Await only what the environment gives (transport, scheduler): they end on cancellation.")
            await world.run(for: subject.loadTimeout * 2 + .seconds(60))
            verdict.observe(world, ad)
            let later = world.test.transport.requests.count - fetches
            verdict.require(
                later == 0, "\(later) fetch(es) after the load was destroyed",
                fix: "Stop when the fetch throws: a cancelled error ends the load; never retry it.")
        } catch {
            return verdict.failed(error, while: "Starting the load")
        }
        return verdict.result(passed: "The destroyed load ended at once and fetched nothing more.")
    }

    /// K7: every fetch goes through the transport the host gave.
    static func transport(_ subject: ConformanceSubject, _ format: AdFormat) async -> ConformanceResult {
        var verdict = ConformanceVerdict("K7", format: format)
        guard let responses = subject.responses[format] else { return verdict.notApplicable("No responses given.") }
        do throws(AdError) {
            let world = try ConformanceWorld(subject)
            let ad = try await world.load(format, body: responses.fill)
            let fetched = world.test.transport.requests.filter { $0.adUnitID == ad.request.adUnitID }
            verdict.require(
                !fetched.isEmpty, "the ad unit was never asked of the host's transport",
                fix: "Fetch with environment.loadVAST(_:) (environment.fetch(_:) for a response that is not VAST), "
                    + "never with your own client.")
            verdict.require(
                fetched.allSatisfy { $0.providerID == world.providerID },
                "a fetch named another provider than '\(world.providerID)'",
                fix: "Set TransportRequest.providerID to descriptor.id.")
            let silent = try world.makeAd(format, reply: .never)
            silent.load()
            await world.run(for: subject.loadTimeout + .milliseconds(1))
            verdict.observe(world, silent)
            verdict.require(
                silent.phase != .loaded, "the ad loaded while the host's transport never answered",
                fix: "Load only what environment.transport returned.")
        } catch {
            return verdict.failed(error, while: "Loading a fill")
        }
        return verdict.result(passed: "Every fetch went through the host's transport.")
    }

    /// K8: loading shows nothing.
    static func silentLoad(_ subject: ConformanceSubject, _ format: AdFormat) async -> ConformanceResult {
        var verdict = ConformanceVerdict("K8", format: format)
        guard let responses = subject.responses[format] else { return verdict.notApplicable("No responses given.") }
        do throws(AdError) {
            let world = try ConformanceWorld(subject)
            let ad = try await world.load(format, body: responses.fill)
            await world.run(for: .seconds(10))
            verdict.observe(world, ad)
            let sent = world.beacons(.impression) + world.beacons(.click)
            verdict.require(
                sent.isEmpty, "loading sent \(sent.count) impression or click beacon(s)",
                fix: "Send impression and click tracking only from didRecordImpression and didRecordClick (C3, C4).")
            let shown = world.events(of: ad).filter {
                $0.hasPrefix("impression") || $0.hasPrefix("click") || $0 == "willPresent" || $0 == "rendered"
            }
            verdict.require(
                shown.isEmpty, "loading emitted \(shown.joined(separator: ", "))",
                fix: "Show nothing on load: the host binds or presents when it chooses (G7).")
        } catch {
            return verdict.failed(error, while: "Loading a fill")
        }
        return verdict.result(passed: "Loading showed nothing and sent no impression or click.")
    }

    /// K16: the ad expires by its declared time-to-live; bind and present are refused after it.
    static func expiry(_ subject: ConformanceSubject, _ format: AdFormat) async -> ConformanceResult {
        var verdict = ConformanceVerdict("K16", format: format)
        guard let responses = subject.responses[format] else { return verdict.notApplicable("No responses given.") }
        do throws(AdError) {
            let world = try ConformanceWorld(subject)
            let ad = try await world.load(format, body: responses.fill)
            guard let info = ad.info else {
                verdict.notRun("the fill did not load, it ended \(ad.phase) (K3)")
                return verdict.result(passed: "")
            }
            let declared = world.provider.descriptor.timeToLive[format]
            if info.expiresAt == nil && declared == nil {
                return verdict.notApplicable("Neither the descriptor nor the response gives \(format) ads a lifetime.")
            }
            guard let expiresAt = info.expiresAt else {
                verdict.require(
                    false, "the loaded ad has no expiry although \(format) lives \(declared.map { "\($0)" } ?? "-")",
                    fix: "Set LoadedAdInfo.expiresAt to loadedAt plus the response's or the declared time-to-live.")
                return verdict.result(passed: "")
            }
            if let declared {
                verdict.require(
                    expiresAt <= info.loadedAt.advanced(by: declared),
                    "the ad expires at \(expiresAt), after the declared \(declared)",
                    fix: "Never keep an ad longer than the descriptor's timeToLive.")
            }
            await world.run(for: world.now.duration(to: expiresAt))
            let refusal: AdError?
            if format.isFullScreen {
                let context = try HostContextProvider(tree: world.tree)
                try world.tree.addChild(context.node, to: world.test.feed)
                refusal = ad.presentRejection(from: context)
            } else {
                let layout = try world.layout(for: ad.content ?? NativeAdContent(assets: []), y: 100)
                var thrown: AdError?
                do throws(AdError) { try ad.bind(layout.main.binding()) } catch { thrown = error }
                refusal = thrown
            }
            verdict.observe(world, ad)
            verdict.require(
                refusal?.code == .expired, "at its expiry the ad was not refused as expired (\(ad.phase))",
                fix: "Report the expiry in LoadedAdInfo.expiresAt; the lifecycle refuses the rest (N7).")
        } catch {
            return verdict.failed(error, while: "Loading a fill")
        }
        return verdict.result(passed: "The ad expired by its time-to-live and was refused after it.")
    }
}

/// Whether a load's task has ended, watched from a task of its own (not the driver's, which would wait for it).
@MainActor
private final class LoadEnding {
    private(set) var ended = false

    init(_ task: Task<Void, Never>) {
        Task { [weak self] in
            await task.value
            self?.ended = true
        }
    }

    /// Whether the task has ended: settles the driver (without moving virtual time), then yields until the watcher
    /// saw the end, at most ``ConformanceWorld/realTimeTurns`` executor turns. A load that ends returns within a few
    /// turns, however busy the machine; one stuck on something that never comes costs the bound, once per call.
    func hasEnded(_ driver: VirtualTimeDriver) async -> Bool {
        await driver.settle()
        var turns = 0
        while !ended && turns < ConformanceWorld.realTimeTurns {
            turns += 1
            await Task.yield()
        }
        return ended
    }
}
