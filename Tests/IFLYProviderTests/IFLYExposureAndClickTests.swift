import AdCore
import AdTestSupport
import IFLYProvider
import Testing

@MainActor
@Suite("IFLY exposure and clicks (I12, I13, I20, I21, I24, I25, I28)")
struct IFLYExposureAndClickTests {
    /// A redirect ad attached to a cell at the top of the feed with an external CTA just below it.
    private func externalSetup() async throws -> (IFLYWorld, NativeFeedAd, IFLYWorld.Cell, HostNodeID) {
        let ifly = try IFLYWorld()
        let ad = try await ifly.loadedAd("single-image-redirect.xml")
        let cell = try ifly.addCell(y: 0)
        let cta = try ifly.tree.makeNode(frame: Rect(x: 10, y: 310, width: 200, height: 50))
        try ifly.tree.addChild(cta, to: ifly.world.feed)
        var binder = ifly.binder(cell, for: ad)
        binder.clickViews = [cta]
        binder.allowsExternalClickViews = true
        try ad.attach(with: binder)
        ifly.expose()
        #expect(ifly.events(of: ad).last == "didExpose")
        return (ifly, ad, cell, cta)
    }

    @Test("I12: an external CTA meeting every condition at the moment of the click counts")
    func i12_externalCTAMeetingEveryConditionCounts() async throws {
        let (ifly, ad, _, cta) = try await externalSetup()
        #expect(ad.click(on: cta) == .counted)
        #expect(ifly.events(of: ad).suffix(2) == ["didClick", "didJump(true)"])
    }

    @Test(
        "I13: an external CTA breaking an I12 condition is rejected with [71503/<point>], and nothing is reported",
        arguments: ["window", "scene", "size", "hidden", "interaction", "foreground", "visibility", "root"])
    func i13_externalCTABreakingI12Rejected(point: String) async throws {
        let (ifly, ad, _, cta) = try await externalSetup()
        let tree = ifly.tree
        switch point {
        case "window", "scene":
            let other = tree.addWindow(
                scene: point == "window" ? "main" : "other", frame: Rect(x: 0, y: 0, width: 400, height: 800))
            try tree.move(cta, to: try tree.rootNode(of: other))
        case "size": try tree.setFrame(cta, Rect(x: 10, y: 310, width: 0, height: 50))
        case "hidden": try tree.setHidden(cta, true)
        case "interaction": try tree.setUserInteractionEnabled(cta, false)
        case "foreground": try tree.setForeground(ifly.world.window, false)
        case "visibility": try tree.setBoundsOrigin(ifly.world.feed, Point(x: 0, y: 150))  // container 50 % visible
        case "root": try tree.setFrame(cta, Rect(x: 0, y: 0, width: 400, height: 800))  // a page-level area
        default: Issue.record("unknown point \(point)")
        }
        let beaconsBefore = ifly.beacons.sent
        let outcome = ad.click(on: cta)
        guard case .rejected(let error) = outcome else {
            Issue.record("\(point): \(outcome)")
            return
        }
        #expect(error.providerCode == 71503)
        #expect(error.hint?.hasPrefix("[71503/\(point)]") == true, "\(error.hint ?? "")")
        #expect(ifly.events(of: ad).last == "didRejectClick(\(error.hint ?? ""))")
        let events = ifly.events(of: ad)
        #expect(events.filter { $0 == "didExpose" }.count == 1)
        #expect(!events.contains("didClick") && !events.contains { $0.hasPrefix("didJump") })
        #expect(ifly.beacons.sent == beaconsBefore)
    }

    @Test("I13: the container exactly 2/3 visible, or just above, lets an external CTA count; just below is 71503")
    func i13_externalCTAAtTwoThirdsBoundary() async throws {
        // The feed scrolls by `offset`: the 300-point container keeps 300 - offset points on screen.
        for (offset, counts) in [(100.0, true), (99.5, true), (100.5, false)] {
            let (ifly, ad, _, cta) = try await externalSetup()
            try ifly.tree.setBoundsOrigin(ifly.world.feed, Point(x: 0, y: offset))
            let outcome = ad.click(on: cta)
            if counts {
                #expect(outcome == .counted, "offset \(offset): \(outcome)")
            } else {
                guard case .rejected(let error) = outcome else {
                    Issue.record("offset \(offset): \(outcome)")
                    continue
                }
                #expect(error.providerCode == 71503)
                #expect(error.hint?.hasPrefix("[71503/visibility]") == true, "\(error.hint ?? "")")
            }
        }
    }

    @Test("I20: jumps are the SDK's: the host gets only the jump's success, never a URL")
    func i20_jumpCarriesSuccessNotURL() async throws {
        let ifly = try IFLYWorld()
        let ad = try await ifly.loadedAd("video-download.xml")
        let cell = try ifly.addCell(y: 0)
        try ad.attach(with: ifly.binder(cell, for: ad))
        ifly.expose()
        #expect(ad.click(on: cell.cta) == .counted)
        #expect(ifly.events(of: ad).suffix(2) == ["didClick", "didJump(true)"])
        #expect(!ifly.world.log.contains { $0.contains("://") })
        #expect(!ifly.events(of: ad).contains { $0.contains("://") })
        #expect(
            ifly.beacons.sent.filter { $0.kind == .click }.map(\.url) == [
                "https://t.ifly.example.test/click?ad=video-dl", "https://t.ifly.example.test/video-click?ad=video-dl",
            ])
        // A redirect ad with nowhere to jump reports a failed jump.
        let nowhere = try await ifly.loadedAd(
            xml: IFLYWorld.xml(
                """
                <materialType>singleImage</materialType><interactionType>redirect</interactionType>
                <imageURLs><url>https://img.example.test/a.jpg</url></imageURLs>
                """), unit: "nowhere")
        let other = try ifly.addCell(y: 320)
        try nowhere.attach(with: ifly.binder(other, for: nowhere))
        ifly.expose()
        #expect(nowhere.click(on: other.cta) == .counted)
        #expect(ifly.events(of: nowhere).last == "didJump(false)")
    }

    @Test("I21: the callbacks map the unified lifecycle; did render is never exposure or click")
    func i21_callbacksMapTheLifecycle() async throws {
        let ifly = try IFLYWorld()
        let ad = try await ifly.loadedAd("single-image-redirect.xml")
        let cell = try ifly.addCell(y: 0)
        try ad.attach(with: ifly.binder(cell, for: ad))
        #expect(ifly.events(of: ad) == ["didLoad", "didRender"])
        #expect(ad.click(on: cell.cta) != .counted)  // rendered, not exposed
        ifly.expose()
        #expect(ad.click(on: cell.cta) == .counted)
        _ = ad.click(on: cell.close)
        #expect(
            ifly.events(of: ad) == [
                "didLoad", "didRender", "didRejectClick([71503/impression] \(hintImpression))", "didExpose", "didClick",
                "didJump(true)", "didClose",
            ])
        let failed = try ifly.makeAd(unit: "nothing", body: [])
        await failed.load()
        #expect(ifly.events(of: failed) == ["didFail(invalidResponse)"])
        // The mapping itself, one unified event per callback.
        let error = AdError(.clickRejected, "x", providerCode: 71503)
        #expect(NativeFeedAdEvent(.rendered) == .didRender)
        #expect(NativeFeedAdEvent(.impression(ImpressionData(providerID: "ifly", adUnitID: "u"))) == .didExpose)
        #expect(NativeFeedAdEvent(.click(component: nil)) == .didClick)
        #expect(NativeFeedAdEvent(.jumped(success: false)) == .didJump(success: false))
        #expect(NativeFeedAdEvent(.closed) == .didClose)
        #expect(NativeFeedAdEvent(.loadFailed(error)) == .didFail(error))
        #expect(NativeFeedAdEvent(.bindingFailed(error)) == .didFailToRender(error))
        #expect(NativeFeedAdEvent(.videoStateChanged(.paused)) == .videoStateChanged(.paused))
        #expect(NativeFeedAdEvent(.clickRejected(error)) == .didRejectClick(error))
        #expect(NativeFeedAdEvent(.loadStarted) == nil)
    }

    private let hintImpression =
        "Let the ad become visible long enough to count its impression before it can be clicked."

    @Test("I24: exposure needs 2/3 of the container visible for 500 ms, once, in the foreground")
    func i24_exposureTwoThirdsFor500ms() async throws {
        let ifly = try IFLYWorld()
        let ad = try await ifly.loadedAd("single-image-redirect.xml")
        let cell = try ifly.addCell(y: 0)
        try ifly.tree.setBoundsOrigin(ifly.world.feed, Point(x: 0, y: 120))  // 60 % visible
        try ad.attach(with: ifly.binder(cell, for: ad))
        ifly.driver.advance(by: .seconds(2))
        #expect(!ifly.events(of: ad).contains("didExpose"))
        try ifly.tree.setBoundsOrigin(ifly.world.feed, Point(x: 0, y: 90))  // 70 % visible
        ifly.driver.advance(by: .milliseconds(499))
        #expect(!ifly.events(of: ad).contains("didExpose"))
        ifly.driver.advance(by: .milliseconds(1))
        #expect(ifly.events(of: ad).last == "didExpose")
        // Once per ad: away and back, detached and attached again.
        try ifly.tree.setBoundsOrigin(ifly.world.feed, Point(x: 0, y: 2000))
        ifly.driver.advance(by: .seconds(1))
        try ifly.tree.setBoundsOrigin(ifly.world.feed, Point(x: 0, y: 0))
        ad.detach(from: cell.container)
        try ad.attach(with: ifly.binder(cell, for: ad))
        ifly.driver.advance(by: .seconds(2))
        #expect(ifly.events(of: ad).filter { $0 == "didExpose" }.count == 1)
        #expect(ifly.beacons.sent.filter { $0.kind == .impression }.count == 1)
    }

    @Test("I24: in the background nothing is exposed; back in the foreground the 500 ms start again")
    func i24_foregroundRequired() async throws {
        let ifly = try IFLYWorld()
        let ad = try await ifly.loadedAd("single-image-redirect.xml")
        let cell = try ifly.addCell(y: 0)
        try ad.attach(with: ifly.binder(cell, for: ad))
        ifly.driver.advance(by: .milliseconds(300))
        try ifly.tree.setForeground(ifly.world.window, false)
        ifly.driver.advance(by: .seconds(5))
        #expect(!ifly.events(of: ad).contains("didExpose"))
        try ifly.tree.setForeground(ifly.world.window, true)
        ifly.driver.advance(by: .milliseconds(499))
        #expect(!ifly.events(of: ad).contains("didExpose"))
        ifly.driver.advance(by: .milliseconds(1))
        #expect(ifly.events(of: ad).last == "didExpose")
    }

    @Test("I24: moving the ad to another container before exposure restarts the 500 ms")
    func i24_moveRestartsTimer() async throws {
        let ifly = try IFLYWorld()
        let ad = try await ifly.loadedAd("single-image-redirect.xml")
        let first = try ifly.addCell(y: 0)
        let second = try ifly.addCell(y: 320)
        try ad.attach(with: ifly.binder(first, for: ad))
        ifly.driver.advance(by: .milliseconds(300))
        try ad.attach(with: ifly.binder(second, for: ad))  // moves: detached from the first container
        #expect(ad.attachedContainer == second.container)
        #expect(ifly.host.owner(ofClickView: first.cta) == nil)
        ifly.driver.advance(by: .milliseconds(300))
        #expect(!ifly.events(of: ad).contains("didExpose"))
        ifly.driver.advance(by: .milliseconds(200))
        #expect(ifly.events(of: ad).last == "didExpose")
    }

    @Test("I24: render is never exposure: an attached ad that is off screen is never exposed")
    func i24_renderIsNotExposure() async throws {
        let ifly = try IFLYWorld()
        let ad = try await ifly.loadedAd("single-image-redirect.xml")
        let cell = try ifly.addCell(y: 1200)  // below the window, clipped by the feed
        try ad.attach(with: ifly.binder(cell, for: ad))
        ifly.driver.advance(by: .seconds(60))
        #expect(ifly.events(of: ad) == ["didLoad", "didRender"])
        #expect(ifly.beacons.sent.isEmpty)
    }

    @Test("I25: a click before exposure is refused; after exposure it counts once")
    func i25_clickBeforeExposureRefused() async throws {
        let ifly = try IFLYWorld()
        let ad = try await ifly.loadedAd("single-image-redirect.xml")
        let cell = try ifly.addCell(y: 0)
        try ad.attach(with: ifly.binder(cell, for: ad))
        ifly.driver.advance(by: .milliseconds(400))
        guard case .rejected(let error) = ad.click(on: cell.cta) else {
            Issue.record("click before exposure was not rejected")
            return
        }
        #expect(error.hint?.hasPrefix("[71503/impression]") == true)
        #expect(!ifly.beacons.sent.contains { $0.kind == .click })
        ifly.driver.advance(by: .milliseconds(100))
        #expect(ad.click(on: cell.cta) == .counted)
        #expect(ad.click(on: cell.cta) == .repeated)
        #expect(ifly.beacons.sent.filter { $0.kind == .click }.count == 1)
    }

    @Test("I28: an external CTA re-parented after attach fails closed with [71503/ownership]")
    func i28_reparentedCTAFailsClosed() async throws {
        let (ifly, ad, _, cta) = try await externalSetup()
        let wrapper = try ifly.tree.makeNode(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        try ifly.tree.addChild(wrapper, to: ifly.world.feed, at: 0)
        try ifly.tree.move(cta, to: wrapper)
        guard case .rejected(let error) = ad.click(on: cta) else {
            Issue.record("re-parented CTA was accepted")
            return
        }
        #expect(error.hint?.hasPrefix("[71503/ownership]") == true)
        try ifly.tree.move(cta, to: ifly.world.feed)  // put back: still not the view that was attached
        #expect(ad.click(on: cta) != .counted)
        #expect(!ifly.events(of: ad).contains("didClick"))
    }

    @Test(
        "I28: a CTA inside the container at attach, moved out later, fails closed with [71503/ownership]",
        arguments: ["floating", "neighbour"])
    func i28_insideCTAMovedOutFailsClosed(destination: String) async throws {
        let ifly = try IFLYWorld()
        let ad = try await ifly.loadedAd("single-image-redirect.xml")
        let cell = try ifly.addCell(y: 0)
        var binder = ifly.binder(cell, for: ad)
        binder.allowsExternalClickViews = true
        try ad.attach(with: binder)
        ifly.expose()
        switch destination {
        case "floating":  // a fixed 80×80 CTA over the window root, in no cell
            try ifly.tree.move(cell.cta, to: try ifly.tree.rootNode(of: ifly.world.window))
            try ifly.tree.setFrame(cell.cta, Rect(x: 300, y: 700, width: 80, height: 80))
        default:  // a compact neighbour below the cell: every I12 condition holds, only ownership changed
            try ifly.tree.move(cell.cta, to: ifly.world.feed)
            try ifly.tree.setFrame(cell.cta, Rect(x: 10, y: 310, width: 200, height: 50))
        }
        let beaconsBefore = ifly.beacons.sent
        guard case .rejected(let error) = ad.click(on: cell.cta) else {
            Issue.record("\(destination): a CTA moved out of its container after attach was accepted")
            return
        }
        #expect(error.providerCode == 71503)
        #expect(error.hint?.hasPrefix("[71503/ownership]") == true, "\(error.hint ?? "")")
        #expect(ifly.events(of: ad).last == "didRejectClick(\(error.hint ?? ""))")
        #expect(!ifly.events(of: ad).contains("didClick"))
        #expect(!ifly.events(of: ad).contains { $0.hasPrefix("didJump") })
        #expect(ifly.beacons.sent == beaconsBefore)
    }

    @Test("I28: a CTA inside its container keeps counting when the whole cell moves with it")
    func i28_cellMovedWithItsCTAStillCounts() async throws {
        let ifly = try IFLYWorld()
        let ad = try await ifly.loadedAd("single-image-redirect.xml")
        let cell = try ifly.addCell(y: 0)
        try ad.attach(with: ifly.binder(cell, for: ad))
        ifly.expose()
        // The host wraps the cell in a section: the CTA's validated chain (CTA → container) is unchanged.
        let section = try ifly.tree.makeNode(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        try ifly.tree.addChild(section, to: ifly.world.feed)
        try ifly.tree.move(cell.container, to: section)
        #expect(ad.click(on: cell.cta) == .counted)
    }

    @Test("I28: an external CTA grown to a page-level area after attach fails closed with [71503/root]")
    func i28_externalCTAGrownToPageLevelFailsClosed() async throws {
        let (ifly, ad, _, cta) = try await externalSetup()
        try ifly.tree.setFrame(cta, Rect(x: 0, y: 300, width: 400, height: 500))  // 5/8 of the window
        let beaconsBefore = ifly.beacons.sent
        guard case .rejected(let error) = ad.click(on: cta) else {
            Issue.record("a CTA grown to 400×500 after attach was accepted")
            return
        }
        #expect(error.providerCode == 71503)
        #expect(error.hint?.hasPrefix("[71503/root]") == true, "\(error.hint ?? "")")
        #expect(!ifly.events(of: ad).contains("didClick"))
        #expect(ifly.beacons.sent == beaconsBefore)
    }

    @Test("I28: attach and click share one page-level definition: half the window's area, or more than the ad's")
    func i28_pageLevelDefinitionSharedByAttachAndClick() async throws {
        let rule = IFLYProvider.clickPolicy.externalClickRule
        let window = Rect(x: 0, y: 0, width: 400, height: 800)
        let large = Rect(x: 0, y: 0, width: 400, height: 500)
        #expect(rule.isPageLevel(Rect(x: 0, y: 0, width: 400, height: 400), container: large, window: window))
        #expect(!rule.isPageLevel(Rect(x: 0, y: 0, width: 400, height: 399), container: large, window: window))
        let small = Rect(x: 0, y: 0, width: 100, height: 100)
        #expect(rule.isPageLevel(Rect(x: 0, y: 0, width: 101, height: 100), container: small, window: window))
        #expect(!rule.isPageLevel(Rect(x: 0, y: 0, width: 100, height: 100), container: small, window: window))
        // Attach applies the same definition: with a 400×500 card, a 400×400 CTA is refused, 400×399 is not.
        let ifly = try IFLYWorld()
        let ad = try await ifly.loadedAd("single-image-redirect.xml")
        let cell = try ifly.addCell(y: 0)
        try ifly.tree.setFrame(cell.container, Rect(x: 0, y: 0, width: 400, height: 500))
        let cta = try ifly.tree.makeNode(frame: Rect(x: 0, y: 500, width: 400, height: 400))
        try ifly.tree.addChild(cta, to: ifly.world.feed)
        var binder = ifly.binder(cell, for: ad)
        binder.clickViews = [cta]
        binder.allowsExternalClickViews = true
        let error = thrownError { try ad.attach(with: binder) }
        #expect(error?.providerCode == 71503)
        #expect(error?.hint?.hasPrefix("[71503/root]") == true, "\(error?.hint ?? "")")
        try ifly.tree.setFrame(cta, Rect(x: 0, y: 500, width: 400, height: 399))
        try ad.attach(with: binder)
        #expect(ad.unified.phase == .bound)
    }

    @Test("I28: a CTA still clickable while the ad is off screen fails closed")
    func i28_ctaWhileAdOffScreenFailsClosed() async throws {
        let (ifly, ad, _, cta) = try await externalSetup()
        try ifly.tree.setBoundsOrigin(ifly.world.feed, Point(x: 0, y: 300))  // the ad is gone, the CTA is at the top
        guard case .rejected(let error) = ad.click(on: cta) else {
            Issue.record("CTA of an off-screen ad was accepted")
            return
        }
        #expect(error.hint?.hasPrefix("[71503/visibility]") == true)
    }

    @Test(
        "I28: floating, page-level and shared CTAs are refused when attached",
        arguments: ["floating", "page", "shared"])
    func i28_floatingPageLevelSharedRefused(kind: String) async throws {
        let ifly = try IFLYWorld()
        let ad = try await ifly.loadedAd("single-image-redirect.xml")
        let cell = try ifly.addCell(y: 0)
        let cta: HostNodeID
        let expected: String
        var owners: [NativeFeedAd] = []  // the data layer keeps the other ad alive while its cell is on screen
        switch kind {
        case "floating":
            cta = try ifly.tree.makeNode(frame: Rect(x: 300, y: 700, width: 80, height: 80))
            try ifly.tree.addChild(cta, to: try ifly.tree.rootNode(of: ifly.world.window))
            expected = "[71503/ownership]"
        case "page":
            cta = try ifly.tree.makeNode(frame: Rect(x: 0, y: 300, width: 400, height: 500))
            try ifly.tree.addChild(cta, to: ifly.world.feed)
            expected = "[71503/root]"
        default:
            let owner = try await ifly.loadedAd("multi-image-three.xml")
            let other = try ifly.addCell(y: 320)
            try owner.attach(with: ifly.binder(other, for: owner))
            owners.append(owner)
            cta = other.cta
            expected = "[71503/shared]"
        }
        var binder = ifly.binder(cell, for: ad)
        binder.clickViews = [cta]
        binder.allowsExternalClickViews = true
        let error = thrownError { try ad.attach(with: binder) }
        #expect(error?.providerCode == 71503)
        #expect(error?.hint?.hasPrefix(expected) == true, "\(error?.hint ?? "")")
        #expect(ad.unified.phase == .loaded)
        withExtendedLifetime(owners) {}
    }

    @Test("The descriptor declares IFLY's SDK version, the native format, the 2/3-for-500 ms rule and 71503")
    func descriptorDeclaresIFLYRules() throws {
        let descriptor = IFLYProvider().descriptor
        #expect(descriptor.id == "ifly")
        #expect(descriptor.version.description == "6.5.1.0")
        #expect(descriptor.supportedFormats == [.native])
        #expect(descriptor.impressionRule.minimumDuration == .milliseconds(500))
        #expect(abs(descriptor.impressionRule.minimumVisibleRatio - 2.0 / 3.0) < 1e-12)
        #expect(descriptor.clickPolicy.requiresImpression)
        #expect(descriptor.clickPolicy.invalidClickViewCode == 71503)
        #expect(abs(descriptor.clickPolicy.externalClickRule.minimumContainerRatio - 2.0 / 3.0) < 1e-12)
        #expect(!descriptor.selfReportsImpressions && !descriptor.selfReportsClicks)
        let world = try TestHost(providers: [IFLYProvider()])
        #expect(
            thrownError { _ = try world.host.makeAd(AdRequest(adUnitID: "u", format: .rewarded), provider: "ifly") }?
                .code == .unsupportedFormat)
    }
}
