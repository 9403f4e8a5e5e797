import AdCore
import AdTestSupport
import IFLYProvider
import Testing

@MainActor
@Suite("IFLY attach-time validation (I6-I11, I14, I15, I26, I27)")
struct IFLYAttachTests {
    @Test("I6: an ad whose material is incomplete is not attached")
    func i6_incompleteMaterialNotAttached() async throws {
        let ifly = try IFLYWorld()
        let ad = try await ifly.loadedAd("incomplete-material.xml")
        #expect(ad.adData?.isMaterialComplete == false)
        let cell = try ifly.addCell(y: 0)
        let error = thrownError { try ad.attach(with: ifly.binder(cell, for: ad)) }
        #expect(error?.code == .notReady)
        #expect(error?.message.contains("incomplete") == true)
        #expect(ad.unified.phase == .loaded)
        #expect(ad.attachedContainer == nil)
        #expect(ifly.host.owner(ofClickView: cell.cta) == nil)
        ifly.expose()
        #expect(ifly.beacons.sent.isEmpty)
        #expect(ifly.events(of: ad) == ["didLoad", "didFailToRender(notReady)"])
    }

    @Test("I7: attach is synchronous, needs a container and returns success or a typed error")
    func i7_attachSynchronousContainerRequired() async throws {
        let ifly = try IFLYWorld()
        let ad = try await ifly.loadedAd("single-image-redirect.xml")
        let cell = try ifly.addCell(y: 0)
        var binder = ifly.binder(cell, for: ad)
        binder.containerView = nil
        let missing = thrownError { try ad.attach(with: binder) }
        #expect(missing?.code == .invalidBinder)
        #expect(missing?.hint?.contains("containerView") == true)
        binder.containerView = HostNodeID(rawValue: 9_999)
        #expect(thrownError { try ad.attach(with: binder) }?.code == .invalidBinder)
        try ad.attach(with: ifly.binder(cell, for: ad))
        // Synchronous: bound, click views registered and "did render" delivered before attach returns.
        #expect(ad.unified.phase == .bound)
        #expect(ifly.host.owner(ofClickView: cell.cta) == ad.unified.id)
        #expect(ifly.events(of: ad).last == "didRender")
    }

    @Test(
        "I7: an ad attached to cell A that fails to attach to cell B stays attached to cell A, untouched",
        arguments: ["badge", "closeView", "shared", "external"])
    func i7_failedMoveKeepsCurrentContainer(failure: String) async throws {
        let ifly = try IFLYWorld()
        let ad = try await ifly.loadedAd("single-image-redirect.xml")
        let cellA = try ifly.addCell(y: 0)
        let cellB = try ifly.addCell(y: 320)
        try ad.attach(with: ifly.binder(cellA, for: ad))
        var owners: [NativeFeedAd] = []  // the data layer keeps the other ad alive
        var bad = ifly.binder(cellB, for: ad)
        let expected: String
        switch failure {
        case "badge":  // I5: the required ad-source badge is missing (unified asset check)
            bad.renderViews[.badge] = nil
            expected = "bindingFailed"
        case "closeView":  // I10: the close view lies outside cell B (IFLY binder rule)
            bad.closeView = cellA.close
            expected = "invalidBinder"
        case "shared":  // I14: cell B's CTA belongs to another ad (unified click-view registration)
            let owner = try await ifly.loadedAd("multi-image-three.xml")
            let cellC = try ifly.addCell(y: 640)
            try owner.attach(with: ifly.binder(cellC, for: owner))
            owners.append(owner)
            bad.clickViews = [cellC.cta]
            bad.allowsExternalClickViews = true
            expected = "71503"
        default:  // I11: an external CTA without allowsExternalClickViews
            bad.clickViews = [cellA.cta]
            expected = "71503"
        }
        let error = thrownError { try ad.attach(with: bad) }
        #expect(error.map { $0.providerCode.map(String.init) ?? $0.code.rawValue } == expected)
        // Nothing moved: still bound to cell A, its click view still registered, the loader still routes A.
        #expect(ad.unified.phase == .bound)
        #expect(ad.unified.binding?.container == cellA.container)
        #expect(ad.attachedContainer == cellA.container)
        #expect(ifly.loader.ad(attachedTo: cellA.container) === ad)
        #expect(ifly.loader.ad(attachedTo: cellB.container) == nil)
        #expect(ifly.host.owner(ofClickView: cellA.cta) == ad.unified.id)
        #expect(ifly.host.owner(ofClickView: cellB.cta) == nil)
        // The exposure timer started by the attach to A kept running: 500 ms after it, A's exposure counts.
        ifly.expose()
        #expect(ad.click(on: cellA.cta) == .counted)
        #expect(
            ifly.events(of: ad) == [
                "didLoad", "didRender", "didFailToRender(\(expected))", "didExpose", "didClick", "didJump(true)",
            ])
        withExtendedLifetime(owners) {}
    }

    @Test("I16: an ad attaching to a cell another ad still holds takes the cell over, its CTA included")
    func i16_attachTakesCellOverFromOtherAd() async throws {
        let ifly = try IFLYWorld()
        let first = try await ifly.loadedAd("single-image-redirect.xml")
        let second = try await ifly.loadedAd("multi-image-three.xml")
        let cell = try ifly.addCell(y: 0)
        try first.attach(with: ifly.binder(cell, for: first))
        try second.attach(with: ifly.binder(cell, for: second))
        #expect(second.unified.phase == .bound)
        #expect(first.unified.phase == .loaded && first.attachedContainer == nil)
        #expect(ifly.loader.ad(attachedTo: cell.container) === second)
        #expect(ifly.host.owner(ofClickView: cell.cta) == second.unified.id)
    }

    @Test(
        "I7: a second ad failing to attach to cell A leaves the first ad bound there",
        arguments: ["incomplete-material.xml", "multi-image-one-invalid.xml", "expired-ttl.xml"])
    func i7_failedAttachLeavesOtherAdBound(fixture: String) async throws {
        let ifly = try IFLYWorld()
        let first = try await ifly.loadedAd("single-image-redirect.xml")
        let cell = try ifly.addCell(y: 0)
        try first.attach(with: ifly.binder(cell, for: first))
        let second = try await ifly.loadedAd(fixture)
        let children = try ifly.tree.children(of: cell.container)
        #expect(thrownError { try second.attach(with: ifly.binder(cell, for: second)) } != nil)
        #expect(second.unified.phase != .bound)
        #expect(second.attachedContainer == nil)
        // The first ad is still attached to the cell, with its click view, its route and its exposure timer.
        #expect(first.unified.phase == .bound)
        #expect(first.attachedContainer == cell.container)
        #expect(ifly.loader.ad(attachedTo: cell.container) === first)
        #expect(ifly.host.owner(ofClickView: cell.cta) == first.unified.id)
        #expect(try ifly.tree.children(of: cell.container) == children)
        ifly.expose()
        #expect(first.click(on: cell.cta) == .counted)
        #expect(ifly.events(of: first) == ["didLoad", "didRender", "didExpose", "didClick", "didJump(true)"])
    }

    @Test("I8: video material requires a plain host view as video view")
    func i8_videoNeedsPlainVideoView() async throws {
        let ifly = try IFLYWorld()
        let ad = try await ifly.loadedAd("video-download.xml")
        let cell = try ifly.addCell(y: 0)
        var binder = ifly.binder(cell, for: ad)
        binder.videoView = nil
        #expect(thrownError { try ad.attach(with: binder) }?.message.contains("needs a video view") == true)
        binder.videoView = cell.cta  // a click view is not a plain view
        #expect(thrownError { try ad.attach(with: binder) }?.message.contains("not a plain view") == true)
        #expect(ad.unified.phase == .loaded)
        try ad.attach(with: ifly.binder(cell, for: ad))
        #expect(ad.unified.phase == .bound)
    }

    @Test(
        "I9: exposure-only and unknown interaction types take no click views",
        arguments: [
            "exposure-only.xml", "unknown-interaction.xml",
        ])
    func i9_nonClickableAdsTakeNoClickViews(fixture: String) async throws {
        let ifly = try IFLYWorld()
        let ad = try await ifly.loadedAd(fixture)
        let cell = try ifly.addCell(y: 0)
        var binder = ifly.binder(cell, for: ad)
        #expect(binder.clickViews.isEmpty)
        binder.clickViews = [cell.cta]
        let error = thrownError { try ad.attach(with: binder) }
        #expect(error?.providerCode == 71503)
        #expect(error?.hint?.hasPrefix("[71503/interactionType]") == true)
        #expect(ifly.host.owner(ofClickView: cell.cta) == nil)
        #expect(
            ifly.host.diagnostics.entries.contains {
                $0.message.hasPrefix("IFLY attach failed") && $0.recommendation == error?.hint
            })
        binder.clickViews = []
        try ad.attach(with: binder)
        ifly.expose()
        #expect(ad.click(on: cell.cta) != .counted)
        #expect(ifly.events(of: ad).contains("didClick") == false)
    }

    @Test("I9: redirect and download ads take only the views that really are clickable")
    func i9_onlyReallyClickableViews() async throws {
        let ifly = try IFLYWorld()
        let ad = try await ifly.loadedAd("single-image-redirect.xml")
        let cell = try ifly.addCell(y: 0)
        try ifly.tree.setHidden(cell.cta, true)
        let hidden = thrownError { try ad.attach(with: ifly.binder(cell, for: ad)) }
        #expect(hidden?.hint?.hasPrefix("[71503/clickable]") == true)
        try ifly.tree.setHidden(cell.cta, false)
        try ifly.tree.setUserInteractionEnabled(cell.cta, false)
        #expect(
            thrownError { try ad.attach(with: ifly.binder(cell, for: ad)) }?.hint?.hasPrefix("[71503/clickable]")
                == true)
        try ifly.tree.setUserInteractionEnabled(cell.cta, true)
        var binder = ifly.binder(cell, for: ad)
        binder.clickViews = [cell.container]
        #expect(thrownError { try ad.attach(with: binder) }?.hint?.hasPrefix("[71503/root]") == true)
        try ad.attach(with: ifly.binder(cell, for: ad))
        #expect(ad.unified.phase == .bound)
    }

    @Test("I10: render views, the close view and the video view lie inside the container")
    func i10_viewsInsideContainer() async throws {
        let ifly = try IFLYWorld()
        let ad = try await ifly.loadedAd("video-download.xml")
        let cell = try ifly.addCell(y: 0)
        let outside = try ifly.addCell(y: 400)
        for (label, mutate) in [
            ("renderViews", { (b: inout NativeFeedAdViewBinder) in b.renderViews[.title] = outside.title }),
            ("closeView", { (b: inout NativeFeedAdViewBinder) in b.closeView = outside.close }),
            ("videoView", { (b: inout NativeFeedAdViewBinder) in b.videoView = outside.media }),
        ] {
            var binder = ifly.binder(cell, for: ad)
            mutate(&binder)
            let error = thrownError { try ad.attach(with: binder) }
            #expect(error?.code == .invalidBinder, "\(label)")
            #expect(error?.hint?.hasPrefix("[\(label)]") == true, "\(label): \(error?.hint ?? "")")
            #expect(ad.unified.phase == .loaded)
        }
    }

    @Test("I11: a CTA outside the container needs allowsExternalClickViews")
    func i11_externalCTANeedsFlag() async throws {
        let ifly = try IFLYWorld()
        let ad = try await ifly.loadedAd("single-image-redirect.xml")
        let cell = try ifly.addCell(y: 0)
        let external = try ifly.tree.makeNode(frame: Rect(x: 10, y: 310, width: 200, height: 50))
        try ifly.tree.addChild(external, to: ifly.world.feed)
        var binder = ifly.binder(cell, for: ad)
        binder.clickViews = [external]
        let error = thrownError { try ad.attach(with: binder) }
        #expect(error?.hint?.hasPrefix("[71503/external]") == true)
        binder.allowsExternalClickViews = true
        try ad.attach(with: binder)
        ifly.expose()
        #expect(ad.click(on: external) == .counted)
    }

    @Test("I14: a click view already registered to another ad is rejected")
    func i14_sharedClickViewRejected() async throws {
        let ifly = try IFLYWorld()
        let first = try await ifly.loadedAd("single-image-redirect.xml")
        let second = try await ifly.loadedAd("multi-image-three.xml")
        let cell = try ifly.addCell(y: 0)
        let other = try ifly.addCell(y: 320)
        try first.attach(with: ifly.binder(cell, for: first))
        var binder = ifly.binder(other, for: second)
        binder.clickViews = [cell.cta]
        binder.allowsExternalClickViews = true
        let error = thrownError { try second.attach(with: binder) }
        #expect(error?.providerCode == 71503)
        #expect(error?.hint?.hasPrefix("[71503/shared]") == true)
        #expect(ifly.host.owner(ofClickView: cell.cta) == first.unified.id)
        #expect(ifly.events(of: second).last == "didFailToRender(71503)")
        ifly.expose()
        #expect(second.click(on: cell.cta) != .counted)
        #expect(first.click(on: cell.cta) == .counted)
    }

    @Test("I15: the close view is never a click view; tapping it closes without a click")
    func i15_closeViewNeverClicks() async throws {
        let ifly = try IFLYWorld()
        let ad = try await ifly.loadedAd("single-image-redirect.xml")
        let cell = try ifly.addCell(y: 0)
        var binder = ifly.binder(cell, for: ad)
        binder.clickViews = [cell.cta, cell.close]
        #expect(thrownError { try ad.attach(with: binder) }?.hint?.hasPrefix("[71503/close]") == true)
        try ad.attach(with: ifly.binder(cell, for: ad))
        ifly.expose()
        // The host's own button (the title here) keeps its own handler: the ad does not take it as a click.
        #expect(ad.click(on: cell.title) != .counted)
        _ = ad.click(on: cell.close)
        #expect(ad.unified.phase == .closed)
        #expect(ad.attachedContainer == nil)
        let events = ifly.events(of: ad)
        #expect(events.contains("didClose"))
        #expect(!events.contains("didClick") && !events.contains { $0.hasPrefix("didJump") })
        #expect(!ifly.beacons.sent.contains { $0.kind == .click })
    }

    @Test("I15: a close view inside a click view, or a click view inside the close view, is refused with 71503")
    func i15_closeViewNestedWithAClickViewIsRefused() async throws {
        let ifly = try IFLYWorld()
        let ad = try await ifly.loadedAd("single-image-redirect.xml")
        let cell = try ifly.addCell(y: 0)
        // A click-view wrapper holding the close button: a tap on close would land in the wrapper.
        let wrapper = try ifly.tree.makeNode(frame: Rect(x: 300, y: 0, width: 90, height: 90))
        try ifly.tree.addChild(wrapper, to: cell.container)
        try ifly.tree.removeFromParent(cell.close)
        try ifly.tree.addChild(cell.close, to: wrapper)
        var around = ifly.binder(cell, for: ad)
        around.clickViews = [cell.cta, wrapper]
        let aroundError = thrownError { try ad.attach(with: around) }
        #expect(aroundError?.providerCode == 71503)
        #expect(aroundError?.hint?.hasPrefix("[71503/close]") == true)
        // A click view placed inside the close button.
        let inner = try ifly.tree.makeNode(frame: Rect(x: 2, y: 2, width: 20, height: 20))
        try ifly.tree.addChild(inner, to: cell.close)
        var inside = ifly.binder(cell, for: ad)
        inside.clickViews = [cell.cta, inner]
        #expect(thrownError { try ad.attach(with: inside) }?.hint?.hasPrefix("[71503/close]") == true)
        #expect(ad.attachedContainer == nil)
        #expect(ifly.events(of: ad).filter { $0 == "didClick" }.isEmpty)
    }

    @Test("I26: an ad past its time-to-live cannot be attached: 71506, and the container is left alone")
    func i26_expiredAdFails71506() async throws {
        let ifly = try IFLYWorld()
        let expired = try await ifly.loadedAd("expired-ttl.xml")
        let cell = try ifly.addCell(y: 0)
        let children = try ifly.tree.children(of: cell.container)
        let error = thrownError { try expired.attach(with: ifly.binder(cell, for: expired)) }
        #expect(error?.code == .expired)
        #expect(error?.providerCode == 71506)
        // Later, once the expiry timer ran, the same error.
        ifly.driver.advance(by: .seconds(1))
        #expect(expired.unified.phase == .expired)
        #expect(thrownError { try expired.attach(with: ifly.binder(cell, for: expired)) }?.providerCode == 71506)
        // A live ad that waits past its 30-minute TTL expires too.
        let late = try await ifly.loadedAd("single-image-redirect.xml")
        ifly.driver.advance(by: .seconds(1800))
        #expect(thrownError { try late.attach(with: ifly.binder(cell, for: late)) }?.providerCode == 71506)
        // The host's container is never torn down by force.
        #expect(ifly.tree.contains(cell.container))
        #expect(try ifly.tree.parent(of: cell.container) == ifly.world.feed)
        #expect(try ifly.tree.children(of: cell.container) == children)
        #expect(ifly.events(of: expired).contains("didFailToRender(71506)"))
    }

    @Test("I27: material that fails validation fails with 71501 and a diagnostic")
    func i27_invalidMaterialFails71501() async throws {
        let ifly = try IFLYWorld()
        let ad = try await ifly.loadedAd("multi-image-one-invalid.xml")
        let cell = try ifly.addCell(y: 0)
        let error = thrownError { try ad.attach(with: ifly.binder(cell, for: ad)) }
        #expect(error?.providerCode == 71501)
        let diagnostic = "templateId=tpl-multiImage-01 materialType=multiImage imageCount=1 hasVideoURL=false"
        #expect(error?.message.contains(diagnostic) == true)
        #expect(ifly.host.diagnostics.entries.contains { $0.level == .error && $0.message.contains(diagnostic) })
        #expect(ifly.events(of: ad).last == "didFailToRender(71501)")
        // Video without a video URL, and an unknown material type, fail the same way.
        let noVideo = try await ifly.loadedAd(
            xml: IFLYWorld.xml("<materialType>video</materialType><templateId>v1</templateId>"), unit: "nv")
        var binder = ifly.binder(cell, for: noVideo)
        let videoError = thrownError { try noVideo.attach(with: binder) }
        #expect(videoError?.providerCode == 71501)
        #expect(videoError?.message.contains("materialType=video imageCount=0 hasVideoURL=false") == true)
        let unknown = try await ifly.loadedAd(xml: IFLYWorld.xml("<materialType>hologram</materialType>"), unit: "u")
        binder = ifly.binder(cell, for: unknown)
        #expect(thrownError { try unknown.attach(with: binder) }?.providerCode == 71501)
    }
}
