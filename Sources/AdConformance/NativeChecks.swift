import AdCore

/// K9-K14: binding, impressions, clicks, reuse and release of native formats.
@MainActor
enum NativeChecks {
    /// A loaded native ad, its content and a world, or the result that says why there is none.
    static func loaded(
        _ subject: ConformanceSubject, _ format: AdFormat, _ verdict: inout ConformanceVerdict
    ) async -> (ConformanceWorld, UnifiedAd, NativeAdContent)? {
        guard let (world, ad) = await ConformanceWorld.loadedFill(subject, format, &verdict) else { return nil }
        guard let content = ad.content else {
            if verdict.check.id == "K9" {
                verdict.require(
                    false, "the loaded \(format) ad has no content",
                    fix: "Implement ProviderAd.content: map the vendor's assets to NativeAdContent (N1).")
            } else {
                verdict.notRun("the loaded \(format) ad has no content (K9)")
            }
            return nil
        }
        return (world, ad, content)
    }

    /// How long to wait for an impression by the provider's rule.
    static func impressionWait(_ world: ConformanceWorld) -> Duration {
        world.provider.descriptor.impressionRule.minimumDuration + .seconds(2)
    }

    /// K9: every required kind has a value; a layout without one is refused with bindingFailed.
    static func content(_ subject: ConformanceSubject, _ format: AdFormat) async -> ConformanceResult {
        var verdict = ConformanceVerdict("K9", format: format)
        guard let (world, ad, content) = await loaded(subject, format, &verdict) else {
            return verdict.result(passed: "")
        }
        for part in [NativeComponentContent(id: "", content: content)] + content.components {
            let missing = part.content.requiredAssets.subtracting(part.content.kinds)
            let name = part.id.isEmpty ? "the ad" : "component \(part.id)"
            verdict.require(
                missing.isEmpty,
                "\(name) requires \(missing.map(\.rawValue).sorted().joined(separator: ", ")) but has no value for it",
                fix: "Require only assets the response has, or refuse the response as invalid.")
        }
        do throws(AdError) {
            let layout = try world.layout(for: content, y: 100)
            if let required = content.requiredAssets.sorted(by: { $0.rawValue < $1.rawValue }).first {
                var refusal: AdError?
                do throws(AdError) {
                    try ad.bind(layout.main.binding(omitting: required))
                } catch {
                    refusal = error
                }
                verdict.require(
                    refusal?.code == .bindingFailed,
                    "a layout without the required \(required) was \(refusal.map { "refused with \($0.code)" } ?? "bound")",
                    fix: "Declare the kinds the vendor requires in requiredAssets (Y9, I5).")
            }
            try world.bind(ad, layout)
            verdict.observe(world, ad)
        } catch {
            return verdict.failed(error, while: "Binding a layout with every asset")
        }
        return verdict.result(passed: "The content has every required kind; a layout without one was refused.")
    }

    /// K10: a bound ad in a hidden or zero-size container never counts.
    static func hidden(_ subject: ConformanceSubject, _ format: AdFormat) async -> ConformanceResult {
        var verdict = ConformanceVerdict("K10", format: format)
        guard let (world, ad, content) = await loaded(subject, format, &verdict) else {
            return verdict.result(passed: "")
        }
        do throws(AdError) {
            let layout = try world.layout(for: content, y: 100)
            let loadBeacons = world.beacons(.impression).count
            try world.bind(ad, layout)
            try world.tree.setHidden(layout.main.container, true)
            await world.run(for: impressionWait(world))
            verdict.observe(world, ad)
            let hidden = world.events(of: ad).filter { $0.hasPrefix("impression") }
            verdict.require(
                hidden.isEmpty, "the ad in a hidden container counted \(hidden.joined(separator: ", "))",
                fix: "Let the unified tracker decide impressions; never report one on bind or attach (C3).")
            verdict.require(
                world.beacons(.impression).count == loadBeacons,
                "\(world.beacons(.impression).count - loadBeacons) impression beacon(s) went out for a hidden ad",
                fix: "Send impression tracking only from didRecordImpression.")
            let other = try ConformanceWorld(subject)
            let zero = try await other.load(format, body: subject.responses[format]?.fill ?? [])
            let zeroLayout = try other.layout(for: zero.content ?? content, y: 100)
            let zeroLoadBeacons = other.beacons(.impression).count
            try other.bind(zero, zeroLayout)
            for part in zeroLayout.parts {
                try other.tree.setFrame(part.container, Rect(x: 0, y: 0, width: 0, height: 0))
            }
            await other.run(for: impressionWait(other))
            let flat = other.events(of: zero).filter { $0.hasPrefix("impression") }
            verdict.require(
                flat.isEmpty && other.beacons(.impression).count == zeroLoadBeacons,
                "the ad in a zero-size container counted \(flat.joined(separator: ", "))",
                fix: "Let the unified tracker decide impressions; never report one on bind or attach (C3).")
        } catch {
            return verdict.failed(error, while: "Binding")
        }
        return verdict.result(passed: "Hidden and zero-size containers counted nothing.")
    }

    /// K11: scroll jitter across the threshold ends in exactly one impression and one set of beacons.
    static func jitter(_ subject: ConformanceSubject, _ format: AdFormat) async -> ConformanceResult {
        var verdict = ConformanceVerdict("K11", format: format)
        guard let (world, ad, content) = await loaded(subject, format, &verdict) else {
            return verdict.result(passed: "")
        }
        do throws(AdError) {
            let layout = try world.layout(for: content, y: 100)
            let loadRecords = world.records.count
            try world.bind(ad, layout)
            let rule = world.provider.descriptor.impressionRule
            let half = Swift.max(rule.minimumDuration / 2, .milliseconds(50))
            let hiddenOffset = Point(x: 0, y: 100 + (world.tree.node(layout.main.container)?.frame.height ?? 0) * 0.95)
            for _ in 0..<6 {
                try world.tree.setBoundsOrigin(world.test.feed, hiddenOffset)
                await world.run(for: half)
                try world.tree.setBoundsOrigin(world.test.feed, Point(x: 0, y: 0))
                await world.run(for: half)
            }
            await world.run(for: impressionWait(world) * 2)
            verdict.observe(world, ad)
            let impressions = world.events(of: ad).filter { $0.hasPrefix("impression") }
            verdict.require(
                !impressions.isEmpty, "the ad never counted once it stayed visible",
                fix: "Declare the impression rule your network uses; let the unified tracker count (C3).")
            verdict.require(
                Set(impressions).count == impressions.count, "impressions counted twice: \(impressions)",
                fix: "Report nothing yourself: the lifecycle counts each part once.")
            let audit = world.audit(format)
            let sent = world.records.dropFirst(loadRecords)
            let beacons = sent.filter { $0.beacon.kind == .impression && audit.template(of: $0.beacon.url) == nil }
                .map(\.beacon.url)
            verdict.require(
                Set(beacons).count == beacons.count,
                "an impression beacon went out more than once (\(beacons.count) sent, \(Set(beacons).count) distinct)",
                fix: "Send each impression URL once, from didRecordImpression.")
            let declared = audit.declared(.impression)
            let everyPartCounted = Set(impressions).count == layout.parts.count
            for template in declared {
                let sends = audit.sends(of: template, in: sent)
                verdict.require(
                    sends <= 1 && (sends == 1 || !everyPartCounted),
                    "the declared impression URL \(template.url) went out \(sends) times for one impression per part",
                    fix: sends == 0
                        ? "Send the impression tracking the creative declares, once, from didRecordImpression (C3)."
                        : "Send each impression URL once, from didRecordImpression: a send stamped anew (another "
                            + "[CACHEBUSTING]) is the same event again.")
            }
        } catch {
            return verdict.failed(error, while: "Binding")
        }
        return verdict.result(passed: "Jitter across the threshold ended in one impression per part.")
    }

    /// K12: refused clicks send nothing; a valid click counts once.
    static func clicks(_ subject: ConformanceSubject, _ format: AdFormat) async -> ConformanceResult {
        var verdict = ConformanceVerdict("K12", format: format)
        guard let (world, ad, content) = await loaded(subject, format, &verdict) else {
            return verdict.result(passed: "")
        }
        do throws(AdError) {
            let layout = try world.layout(for: content, y: 100)
            let loadBeacons = world.beacons(.click).count
            let audit = world.audit(format)
            let clickURLs = audit.declared(.click)
            let loadRecords = world.records.count
            try world.bind(ad, layout)
            guard let part = layout.parts.first(where: { $0.clickView != nil }), let cta = part.clickView else {
                return verdict.notApplicable("The ad takes no clicks (acceptsClicks is false everywhere).")
            }
            var refused: [String] = []
            func attempt(_ name: String, on node: HostNodeID) {
                if case .rejected = ad.click(on: node) { refused.append(name) }
            }
            attempt("before the impression", on: cta)
            await world.run(for: impressionWait(world))
            try world.tree.setHidden(cta, true)
            attempt("on a hidden view", on: cta)
            try world.tree.setHidden(cta, false)
            let cover = try world.tree.makeNode(frame: Rect(x: 0, y: 0, width: 400, height: 800), isOpaque: true)
            try world.tree.addChild(cover, to: world.test.feed)
            attempt("on a covered view", on: cta)
            try world.tree.setHidden(cover, true)
            let foreign = try world.tree.makeNode(frame: Rect(x: 0, y: 0, width: 50, height: 50))
            try world.tree.addChild(foreign, to: part.container)
            attempt("on a view it does not own", on: foreign)
            verdict.require(
                refused.count == 4,
                "only \(refused.count) of 4 invalid clicks were refused (\(refused.joined(separator: ", ")))",
                fix: "Let the unified validator decide clicks; do not report clicks yourself (C4).")
            let afterBind = world.records.dropFirst(loadRecords)
            let refusedSends = clickURLs.reduce(0) { $0 + audit.sends(of: $1, in: afterBind) }
            verdict.require(
                world.beacons(.click).count == loadBeacons && refusedSends == 0,
                "refused clicks sent \(max(world.beacons(.click).count - loadBeacons, refusedSends)) click beacon(s)",
                fix: "Send click tracking only from didRecordClick, never from validateClick or attach.")
            let beforeValid = world.records.count
            let first = ad.click(on: cta)
            let second = ad.click(on: cta)
            verdict.observe(world, ad)
            verdict.require(
                first == .counted && second == .repeated, "a valid click gave \(first), then \(second)",
                fix: "Do not refuse valid clicks in validateClick.")
            let counted = world.events(of: ad).filter { $0.hasPrefix("click(") }
            verdict.require(
                counted.count == 1, "\(counted.count) click events for one valid click",
                fix: "Report nothing yourself: the lifecycle counts the click (C4).")
            let tracked = Array(world.beacons(.click).dropFirst(loadBeacons))
            verdict.require(
                Set(tracked).count == tracked.count,
                "one click sent \(tracked.count) click beacons, \(Set(tracked).count) distinct",
                fix: "Send each click URL once, from didRecordClick only.")
            let clicked = world.records.dropFirst(beforeValid)
            let sends = clickURLs.map { audit.sends(of: $0, in: clicked) }
            for (template, count) in zip(clickURLs, sends) where count > 1 {
                verdict.require(
                    false, "the declared click URL \(template.url) went out \(count) times for one click",
                    fix: "Send each click URL once, from didRecordClick only: a send stamped anew (another "
                        + "[CACHEBUSTING]) is the same click again.")
            }
            verdict.require(
                clickURLs.isEmpty || first != .counted || sends.contains { $0 > 0 },
                "the creative declares \(clickURLs.count) click URL(s) and the counted click sent none",
                fix: "Send the click tracking the creative declares from didRecordClick (C4).")
        } catch {
            return verdict.failed(error, while: "Binding")
        }
        return verdict.result(passed: "Four invalid clicks were refused without beacons; a valid one counted once.")
    }

    /// K13: detached and bound into another container, the ad counts there; one container holds one ad.
    static func reuse(_ subject: ConformanceSubject, _ format: AdFormat) async -> ConformanceResult {
        var verdict = ConformanceVerdict("K13", format: format)
        guard let (world, ad, content) = await loaded(subject, format, &verdict) else {
            return verdict.result(passed: "")
        }
        do throws(AdError) {
            let offscreen = try world.layout(for: content, y: 2_000)
            try world.bind(ad, offscreen)
            await world.run(for: impressionWait(world))
            try ad.detach()
            let onscreen = try world.layout(for: content, y: 100)
            do throws(AdError) {
                try world.bind(ad, onscreen)
            } catch {
                verdict.require(
                    false, "binding into a second container after detach failed: \(error.message)",
                    fix: "Support attach after detach: cells are reused in lists (forget the old container in detach).")
                verdict.observe(world, ad)
                return verdict.result(passed: "")
            }
            await world.run(for: impressionWait(world))
            verdict.observe(world, ad)
            verdict.require(
                world.events(of: ad).contains { $0.hasPrefix("impression") },
                "bound into the visible container after detach, the ad never counted",
                fix: "Track the new container after attach; drop the old one in detach.")
            let other = try await world.loadReference()
            var refusal: AdError?
            do throws(AdError) {
                try other.bind(AdBinding(container: onscreen.main.container))
            } catch {
                refusal = error
            }
            verdict.require(
                refusal != nil, "a second ad was bound into the container that shows the first",
                fix: "The lifecycle refuses this; do not bypass the host's registration of views.")
        } catch {
            return verdict.failed(error, while: "Binding")
        }
        return verdict.result(passed: "The ad moved to a new container and counted there; a container held one ad.")
    }

    /// K14: destroy releases everything.
    static func release(_ subject: ConformanceSubject, _ format: AdFormat) async -> ConformanceResult {
        var verdict = ConformanceVerdict("K14", format: format)
        guard let (world, ad, content) = await loaded(subject, format, &verdict) else {
            return verdict.result(passed: "")
        }
        do throws(AdError) {
            let layout = try world.layout(for: content, y: 100)
            try world.bind(ad, layout)
            await world.run(for: impressionWait(world))
            await world.destroyAndJudgeRelease(
                ad, "the bound ad", fix: "cancel timers and closures that capture it.", into: &verdict)
        } catch {
            return verdict.failed(error, while: "Binding")
        }
        return verdict.result(passed: "After destroy the ad was deallocated, no timer was left, nothing was sent.")
    }
}
