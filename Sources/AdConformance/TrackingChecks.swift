import AdCore
import AdEmbedded
import AdTestKit

/// K24-K27: tracking by lifecycle and by meaning: nothing from a detached or hidden container, every macro expanded
/// with the host's values, nothing after a full-screen ad's dismissal.
@MainActor
enum TrackingChecks {
    /// The beacon kinds a player may send because its view went away: pausing is what a detached video does.
    private static let detachKinds: Set<Beacon.Kind> = [.tracking("pause")]

    /// K24: once detached, the ad sends no beacon. (An event it sends then is contained by the lifecycle: K19.)
    static func detach(_ subject: ConformanceSubject, _ format: AdFormat) async -> ConformanceResult {
        var verdict = ConformanceVerdict("K24", format: format)
        guard let (world, ad, content) = await NativeChecks.loaded(subject, format, &verdict) else {
            return verdict.result(passed: "")
        }
        do throws(AdError) {
            let layout = try world.layout(for: content, y: 100)
            try world.bind(ad, layout)
            await world.run(for: NativeChecks.impressionWait(world))
            let beacons = world.records.count
            try ad.detach()
            await world.run(for: .seconds(60))
            verdict.observe(world, ad)
            let pings = world.records.dropFirst(beacons).filter { !detachKinds.contains($0.beacon.kind) }
            verdict.require(
                pings.isEmpty,
                "\(pings.count) beacon(s) went out after detach: "
                    + BeaconAudit.listed(pings),
                fix: "Stop viewability, progress and quartile tracking in detach: the old container is no longer "
                    + "the ad's (C3).")
        } catch {
            return verdict.failed(error, while: "Binding and detaching")
        }
        return verdict.result(passed: "Once detached, the ad sent no beacon.")
    }

    /// K25: a hidden container sends no tracking ping of any kind.
    static func hidden(_ subject: ConformanceSubject, _ format: AdFormat) async -> ConformanceResult {
        var verdict = ConformanceVerdict("K25", format: format)
        guard let (world, ad, content) = await NativeChecks.loaded(subject, format, &verdict) else {
            return verdict.result(passed: "")
        }
        do throws(AdError) {
            let layout = try world.layout(for: content, y: 100)
            let before = world.records.count
            try world.bind(ad, layout)
            try world.tree.setHidden(layout.main.container, true)
            await world.run(for: NativeChecks.impressionWait(world) * 2)
            verdict.observe(world, ad)
            // Impression and click tracking of a hidden ad are K10's and K12's.
            let pings = world.records.dropFirst(before).filter {
                $0.beacon.kind != .impression && $0.beacon.kind != .click
            }
            verdict.require(
                pings.isEmpty,
                "a hidden container sent \(pings.count) tracking ping(s): "
                    + BeaconAudit.listed(pings),
                fix: "Send viewability, progress and quartile pings only while the container is visible: read "
                    + "context.geometry when you send, not when you schedule (C3).")
        } catch {
            return verdict.failed(error, while: "Binding")
        }
        return verdict.result(passed: "The hidden container sent no tracking ping.")
    }

    /// K26: every beacon of an ad's whole life has its macros expanded and the host's `[TIMESTAMP]`.
    static func stamps(_ subject: ConformanceSubject, _ format: AdFormat) async -> ConformanceResult {
        var verdict = ConformanceVerdict("K26", format: format)
        let world: ConformanceWorld
        let ad: UnifiedAd
        do throws(AdError) {
            if format.isFullScreen {
                guard let (loaded, presented, context) = await FullScreenChecks.loaded(subject, format, &verdict)
                else { return verdict.result(passed: "") }
                (world, ad) = (loaded, presented)
                do throws(AdError) {
                    try ad.present(from: context)
                } catch {
                    return verdict.notApplicable("The ad did not present (K15 says why): \(error.message)")
                }
                await world.run(for: FullScreenChecks.playback(of: ad))
                _ = FullScreenChecks.userCloses(ad, subject)
                await world.run(for: FullScreenChecks.closeGrace)
                await world.awaitEvents(of: ad) { $0.contains("didDismiss") }
            } else {
                guard let (loaded, bound, content) = await NativeChecks.loaded(subject, format, &verdict) else {
                    return verdict.result(passed: "")
                }
                (world, ad) = (loaded, bound)
                let layout = try world.layout(for: content, y: 100)
                try world.bind(ad, layout)
                await world.run(for: NativeChecks.impressionWait(world))
                if let cta = layout.parts.lazy.compactMap(\.clickView).first { _ = ad.click(on: cta) }
                await world.run(for: .seconds(5))
            }
        } catch {
            return verdict.failed(error, while: "Binding")
        }
        ad.destroy()
        verdict.observe(world, ad)
        let audit = world.audit(format)
        let problems = world.records.flatMap(audit.stampProblems(of:))
        verdict.require(
            problems.isEmpty, problems.prefix(3).joined(separator: "; "),
            fix: "Expand every macro of every URL you send, with the values of context.stamps.next() taken when the "
                + "event happens: never a clock, a random number or a stamp of your own (N5).")
        return verdict.result(
            passed: "Every one of \(world.records.count) beacon(s) had its macros expanded with the host's values.")
    }

    /// K27: a presented ad's tracking stops at its dismissal, and each declared event goes out once.
    static func dismissed(_ subject: ConformanceSubject, _ format: AdFormat) async -> ConformanceResult {
        var verdict = ConformanceVerdict("K27", format: format)
        guard let (world, ad, context) = await FullScreenChecks.loaded(subject, format, &verdict) else {
            return verdict.result(passed: "")
        }
        do throws(AdError) {
            try ad.present(from: context)
        } catch {
            return verdict.notApplicable("The ad did not present (K15 says why): \(error.message)")
        }
        await world.run(for: FullScreenChecks.playback(of: ad))
        _ = FullScreenChecks.userCloses(ad, subject)
        await world.run(for: FullScreenChecks.closeGrace)
        guard await world.awaitEvents(of: ad, until: { $0.contains("didDismiss") }) else {
            verdict.observe(world, ad)
            verdict.notRun("closing the ad did not dismiss it (K18)")
            return verdict.result(passed: "")
        }
        let dismissedAt = world.records.count
        await world.run(for: .seconds(60))
        verdict.observe(world, ad)
        let late = world.records.dropFirst(dismissedAt)
        verdict.require(
            late.isEmpty,
            "\(late.count) beacon(s) went out after the dismissal: "
                + BeaconAudit.listed(late),
            fix: "Stop the player's progress and quartile tracking when it is closed, not when the ad is destroyed.")
        let audit = world.audit(format)
        for template in audit.templates where template.kind != .error {
            let sends = audit.sends(of: template, in: world.records)
            verdict.require(
                sends <= 1, "the declared \(template.kind.rawValue) URL \(template.url) went out \(sends) times",
                fix: "Send each tracking event once per playback, whatever its cache-buster.")
        }
        return verdict.result(passed: "Tracking stopped at the dismissal; no declared event went out twice.")
    }
}
