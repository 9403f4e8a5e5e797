import AdCore

/// K15, K17, K18, K22: presentation, rewards, dismissal and one ad at a time, for full-screen formats.
@MainActor
enum FullScreenChecks {
    /// A loaded full-screen ad, a context in the feed, and the world.
    static func loaded(
        _ subject: ConformanceSubject, _ format: AdFormat, _ verdict: inout ConformanceVerdict
    ) async -> (ConformanceWorld, UnifiedAd, HostContextProvider)? {
        guard let (world, ad) = await ConformanceWorld.loadedFill(subject, format, &verdict) else { return nil }
        do throws(AdError) {
            let context = try HostContextProvider(tree: world.tree)
            try world.tree.addChild(context.node, to: world.test.feed)
            return (world, ad, context)
        } catch {
            verdict.require(false, "the host context could not be placed: \(error.message)", fix: "Report it.")
            return nil
        }
    }

    /// K15: presents only from a context in a window, once, and counts its impression.
    static func present(_ subject: ConformanceSubject, _ format: AdFormat) async -> ConformanceResult {
        var verdict = ConformanceVerdict("K15", format: format)
        guard let (world, ad, context) = await loaded(subject, format, &verdict) else {
            return verdict.result(passed: "")
        }
        do throws(AdError) {
            let detached = try HostContextProvider(tree: world.tree)
            let before = world.beacons.count
            var refusal: AdError?
            do throws(AdError) { try ad.present(from: detached) } catch { refusal = error }
            verdict.require(
                refusal != nil && world.beacons.count == before,
                "presenting from a context in no window was not refused cleanly",
                fix: "Start playback only in present(_:context:), which the lifecycle calls once the context is valid.")
            do throws(AdError) {
                try ad.present(from: context)
            } catch {
                verdict.require(
                    false, "presenting from a valid context failed: \(error.message)",
                    fix: error.hint ?? "Implement ProviderAd.present(_:context:) for \(format).")
                verdict.observe(world, ad)
                return verdict.result(passed: "")
            }
            await world.run(for: .seconds(2))
            var again: AdError?
            do throws(AdError) { try ad.present(from: context) } catch { again = error }
            verdict.observe(world, ad)
            verdict.require(
                world.events(of: ad).contains("willPresent"), "no willPresent after present",
                fix: "Let present(_:context:) return normally once playback starts.")
            verdict.require(
                world.events(of: ad).contains { $0.hasPrefix("impression") },
                "no impression 2 s after presenting in a foreground window",
                fix: "Declare the impression rule of the full-screen player; the lifecycle counts it.")
            verdict.require(
                again != nil, "the ad presented a second time", fix: "A full-screen ad is single use (G9).")
        } catch {
            return verdict.failed(error, while: "Setting up the presentation")
        }
        return verdict.result(passed: "Refused without a window, presented once, counted its impression.")
    }

    /// K17: a rewarded ad played to the end grants its reward once, before it is dismissed.
    static func reward(_ subject: ConformanceSubject, _ format: AdFormat) async -> ConformanceResult {
        var verdict = ConformanceVerdict("K17", format: format)
        guard format == .rewarded || format == .rewardedInterstitial else {
            return verdict.notApplicable("\(format) grants no reward.")
        }
        guard let (world, ad, context) = await loaded(subject, format, &verdict) else {
            return verdict.result(passed: "")
        }
        do throws(AdError) {
            try ad.present(from: context)
        } catch {
            return verdict.failed(error, while: "Presenting")
        }
        let playback = playback(of: ad)
        await world.run(for: playback)
        _ = userCloses(ad, subject)
        await world.run(for: .seconds(1))
        await world.awaitEvents(of: ad) { $0.contains("didDismiss") }
        verdict.observe(world, ad)
        let events = world.events(of: ad)
        let rewards = events.indices.filter { events[$0].hasPrefix("rewardEarned") }
        verdict.require(
            rewards.count == 1, "\(rewards.count) reward(s) after playing to the end (\(playback))",
            fix: "Send .rewardEarned once when the user has earned it (G11), by the end of the video the ad declares "
                + "in LoadedAdInfo.videoDuration (from a queue of your own, within the kit's real-time bound of "
                + "\(ConformanceWorld.realTimeTurns) executor turns, about 0.2 s).")
        if let dismissed = events.firstIndex(of: "didDismiss"), let reward = rewards.first {
            verdict.require(
                reward < dismissed, "the reward came after didDismiss",
                fix: "Send .rewardEarned before the ad is dismissed (G11).")
        }
        let refused = world.containments.filter { $0.contains("reward") }
        verdict.require(
            refused.isEmpty, "the lifecycle refused a reward: \(refused.joined(separator: "; "))",
            fix: "Send the reward once, while presented.")
        return verdict.result(passed: "One reward, before the dismissal.")
    }

    /// How long K17 plays a rewarded ad before the user closes it: the video the ad declares
    /// (`LoadedAdInfo.videoDuration`) and ``closeGrace`` more, or ``undeclaredPlayback`` when it declares none.
    static func playback(of ad: UnifiedAd) -> Duration {
        declared(ad.info?.videoDuration ?? undeclaredPlayback) + closeGrace
    }

    /// How long K18 and K22 let a presented ad play before the user closes it: 1 s, or the skip offset the ad
    /// declares (`LoadedAdInfo.skipOffset`) and ``closeGrace`` more, since its player offers no close before it.
    static func closeDelay(of ad: UnifiedAd) -> Duration {
        Swift.max(.seconds(1), declared(ad.info?.skipOffset ?? .zero) + closeGrace)
    }

    /// A time a provider declares, within what the kit plays: 0 to ``longestPlayback``, so an absurd value (a
    /// negative one, or one near `Duration`'s limit, where adding the grace would trap) is played as the bound.
    static func declared(_ value: Duration) -> Duration {
        Swift.min(Swift.max(value, .zero), longestPlayback)
    }

    /// The longest video the kit plays before closing it: an hour of virtual time.
    static let longestPlayback = Duration.seconds(3_600)

    /// What K17 plays when the ad declares no video duration.
    static let undeclaredPlayback = Duration.seconds(120)

    /// How long after the end of the video the user closes it: the player's end card.
    static let closeGrace = Duration.seconds(1)

    /// Closes a presented ad as its user would: with the player's own close button when the subject names one
    /// (``ConformanceSubject/dismiss``), else with `UnifiedAd.close()`, the host's call for every provider. Returns
    /// the unified ad's refusal, if it refused.
    static func userCloses(_ ad: UnifiedAd, _ subject: ConformanceSubject) -> AdError? {
        if let dismiss = subject.dismiss {
            if let providerAd = ad.loadedAd { dismiss(providerAd) }
            return nil
        }
        do throws(AdError) {
            try ad.close()
            return nil
        } catch {
            return error
        }
    }

    /// K18: closed by the user, the ad is dismissed and what it covered is visible again.
    static func dismissal(_ subject: ConformanceSubject, _ format: AdFormat) async -> ConformanceResult {
        var verdict = ConformanceVerdict("K18", format: format)
        guard let (world, ad, context) = await loaded(subject, format, &verdict) else {
            return verdict.result(passed: "")
        }
        do throws(AdError) {
            let probe = try world.tree.makeNode(frame: Rect(x: 0, y: 300, width: 100, height: 100))
            try world.tree.addChild(probe, to: world.test.feed)
            do throws(AdError) {
                try ad.present(from: context)
            } catch {
                return verdict.notApplicable("The ad did not present (K15 says why): \(error.message)")
            }
            await world.run(for: closeDelay(of: ad))
            let covered = world.host.engine.visibleRatio(of: probe)
            if let refusal = userCloses(ad, subject) {
                verdict.require(
                    false, "UnifiedAd.close() on the presented ad was refused: \(refusal.message)",
                    fix: "Keep the ad presented until the user closes it; send .didDismiss only for your own close.")
            }
            await world.run(for: .seconds(1))
            await world.awaitEvents(of: ad) { $0.contains("didDismiss") }
            verdict.observe(world, ad)
            verdict.require(
                world.events(of: ad).contains("didDismiss"),
                "closing the ad did not dismiss it (\(ad.phase)), not even by a callback from another thread within "
                    + "the kit's real-time bound (\(ConformanceWorld.realTimeTurns) executor turns)",
                fix: "Send .didDismiss when the user closes the player; from a queue of your own, within about 0.2 s "
                    + "of real time.")
            verdict.require(
                world.host.engine.visibleRatio(of: probe) > covered || covered > 0,
                "what the ad covered is still hidden after the dismissal",
                fix: "Send .didDismiss so the lifecycle uncovers the window.")
        } catch {
            return verdict.failed(error, while: "Presenting")
        }
        return verdict.result(passed: "Closing dismissed the ad and uncovered the window.")
    }

    /// K22: one full-screen ad at a time in a window; the next presents once the first is dismissed.
    static func oneAtATime(_ subject: ConformanceSubject, _ format: AdFormat) async -> ConformanceResult {
        var verdict = ConformanceVerdict("K22", format: format)
        guard let (world, first, context) = await loaded(subject, format, &verdict),
            let fill = subject.responses[format]?.fill
        else { return verdict.result(passed: "") }
        do throws(AdError) {
            let second = try await world.load(format, body: fill)
            if let one = first.loadedAd, let two = second.loadedAd, one === two {
                verdict.notRun("the provider returned the same ad object for two loads (K23)")
                return verdict.result(passed: "")
            }
            do throws(AdError) {
                try first.present(from: context)
            } catch {
                return verdict.notApplicable("The first ad did not present (K15 says why): \(error.message)")
            }
            await world.run(for: .seconds(1))
            var busy: AdError?
            do throws(AdError) { try second.present(from: context) } catch { busy = error }
            await world.run(for: closeDelay(of: first) - .seconds(1))
            verdict.require(
                busy?.code == .presenterBusy,
                "a second ad presented over the first (\(busy.map { "\($0.code)" } ?? "no refusal"))",
                fix: "Present only in present(_:context:), which the lifecycle calls when the window is free (G2).")
            _ = userCloses(first, subject)
            await world.run(for: .seconds(1))
            await world.awaitEvents(of: first) { $0.contains("didDismiss") }
            guard world.events(of: first).contains("didDismiss") else {
                verdict.observe(world, first)
                return verdict.result(passed: "The second ad was refused while the first showed (K18: no dismissal).")
            }
            do throws(AdError) {
                try second.present(from: context)
            } catch {
                verdict.require(
                    false, "after the first was dismissed the second could not present: \(error.message)",
                    fix: "Release the player when an ad is dismissed, not only when it is destroyed.")
            }
            await world.run(for: .seconds(1))
            verdict.observe(world, second)
            verdict.require(
                world.events(of: second).filter { $0 == "willPresent" }.count == 1,
                "the second ad did not present once after the first was dismissed",
                fix: "Let present(_:context:) return normally once playback starts.")
        } catch {
            return verdict.failed(error, while: "Loading two ads")
        }
        return verdict.result(passed: "The second ad waited for the first's dismissal, then presented once.")
    }
}
