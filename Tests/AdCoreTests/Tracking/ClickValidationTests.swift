import AdCore
import AdTestSupport
import Testing

@MainActor
@Suite("Click validation (C4) and the external click rule (I12)")
struct ClickValidationTests {
    private func impressedAd(
        _ world: TestHost, binding makeBinding: (HostNodeID, HostNodeID, HostNodeID) -> AdBinding
    ) async throws -> (UnifiedAd, container: HostNodeID, title: HostNodeID, cta: HostNodeID) {
        let card = try world.addCard(y: 100)
        let ad = try await world.loadedAd()
        try ad.bind(makeBinding(card.container, card.title, card.cta))
        world.driver.advance(by: .seconds(1))
        #expect(ad.impressionAt != nil)
        return (ad, card.container, card.title, card.cta)
    }

    private func code(_ outcome: ClickOutcome) -> AdError.Code? {
        if case .rejected(let error) = outcome { return error.code }
        return nil
    }

    private func hint(_ outcome: ClickOutcome) -> String {
        if case .rejected(let error) = outcome { return error.hint ?? "" }
        return ""
    }

    @Test("C4: a click before the impression is rejected with a typed error")
    func c4_clickBeforeImpressionRejected() async throws {
        let world = try TestHost(providers: [ScriptedProvider()])
        let card = try world.addCard(y: 100)
        let ad = try await world.loadedAd()
        try ad.bind(AdBinding(container: card.container, clickViews: [card.cta]))
        let outcome = ad.click(on: card.cta)
        #expect(code(outcome) == .clickRejected)
        #expect(hint(outcome).hasPrefix("[impression]"))
        #expect(world.events(of: ad).last?.hasPrefix("clickRejected") == true)
    }

    @Test("C4: repeated clicks within one impression count once")
    func c4_repeatedClicksCountOnce() async throws {
        let world = try TestHost(providers: [ScriptedProvider()])
        let (ad, _, _, cta) = try await impressedAd(world) { AdBinding(container: $0, clickViews: [$2]) }
        #expect(ad.click(on: cta) == .counted)
        #expect(ad.click(on: cta) == .repeated)
        #expect(ad.click(on: cta) == .repeated)
        #expect(world.events(of: ad).filter { $0.hasPrefix("click(") }.count == 1)
    }

    @Test("C4: hidden, zero-size, covered and non-interactive click views are rejected")
    func c4_invisibleOrInertClickViewsRejected() async throws {
        let world = try TestHost(providers: [ScriptedProvider()])
        let (ad, container, title, cta) = try await impressedAd(world) {
            AdBinding(container: $0, clickViews: [$1, $2])
        }
        try world.tree.setHidden(cta, true)
        #expect(hint(ad.click(on: cta)).hasPrefix("[hidden]"))
        try world.tree.setHidden(cta, false)
        try world.tree.setFrame(cta, Rect(x: 10, y: 150, width: 0, height: 40))
        #expect(hint(ad.click(on: cta)).hasPrefix("[zeroSize]"))
        try world.tree.setFrame(cta, Rect(x: 10, y: 150, width: 200, height: 40))
        let cover = try world.tree.makeNode(frame: Rect(x: 0, y: 0, width: 400, height: 200), isOpaque: true)
        try world.tree.addChild(cover, to: container)
        #expect(hint(ad.click(on: cta)).hasPrefix("[covered]"))
        try world.tree.removeFromParent(cover)
        try world.tree.setUserInteractionEnabled(container, false)
        #expect(hint(ad.click(on: title)).hasPrefix("[interaction]"))
        try world.tree.setUserInteractionEnabled(container, true)
        #expect(ad.click(on: title) == .counted)
    }

    @Test("C4: a tap outside the visible part of the click view is rejected")
    func c4_tapPointMustLandOnTheView() async throws {
        let world = try TestHost(providers: [ScriptedProvider()])
        let (ad, _, _, cta) = try await impressedAd(world) { AdBinding(container: $0, clickViews: [$2]) }
        // The CTA is at (10, 250) in the window, 200×40.
        #expect(hint(ad.click(on: cta, at: Point(x: 300, y: 260))).hasPrefix("[point]"))
        #expect(ad.click(on: cta, at: Point(x: 20, y: 260)) == .counted)
    }

    @Test("C4: a view registered to another ad cannot be bound again, nor clicked for the wrong ad")
    func c4_viewRegisteredToAnotherAdRejected() async throws {
        let world = try TestHost(providers: [ScriptedProvider()])
        let (first, _, _, cta) = try await impressedAd(world) { AdBinding(container: $0, clickViews: [$2]) }
        let other = try world.addCard(y: 400)
        let second = try await world.loadedAd(adUnit: "unit-2")
        let shared = thrownError { try second.bind(AdBinding(container: other.container, clickViews: [cta])) }
        #expect(shared?.code == .invalidBinder)
        #expect(shared?.hint?.hasPrefix("[shared]") == true)
        #expect(second.phase == .loaded)
        #expect(world.events(of: second).last == "bindingFailed(invalidBinder)")
        #expect(world.host.owner(ofClickView: cta) == first.id)
        try first.detach()
        #expect(world.host.owner(ofClickView: cta) == nil)
    }

    @Test("C4: validate checks a binding without binding or registering; a refused move leaves the ad bound")
    func c4_validateMovesNothing() async throws {
        let world = try TestHost(providers: [ScriptedProvider()])
        let (first, container, _, cta) = try await impressedAd(world) { AdBinding(container: $0, clickViews: [$2]) }
        let other = try world.addCard(y: 400)
        // A bound ad checked for another card whose CTA another ad holds: refused, and nothing moved.
        let second = try await world.loadedAd(adUnit: "unit-2")
        try second.bind(AdBinding(container: other.container, clickViews: [other.cta]))
        let refused = thrownError { try first.validate(AdBinding(container: other.container, clickViews: [other.cta])) }
        #expect(refused?.hint?.hasPrefix("[shared]") == true)
        #expect(world.events(of: first).last == "bindingFailed(invalidBinder)")
        #expect(first.phase == .bound && first.binding?.container == container)
        #expect(world.host.owner(ofClickView: cta) == first.id)
        #expect(world.host.owner(ofClickView: other.cta) == second.id)
        // Releasing the ad the caller is about to detach makes the same check pass, still moving nothing.
        try first.validate(AdBinding(container: other.container, clickViews: [other.cta]), releasing: [second.id])
        #expect(first.binding?.container == container && second.binding?.container == other.container)
        #expect(world.host.owner(ofClickView: other.cta) == second.id)
        #expect(first.click(on: cta) == .counted)
    }

    @Test("C4: a node that is not one of the ad's click views is rejected")
    func c4_unregisteredNodeRejected() async throws {
        let world = try TestHost(providers: [ScriptedProvider()])
        let (ad, _, title, _) = try await impressedAd(world) { AdBinding(container: $0, clickViews: [$2]) }
        #expect(hint(ad.click(on: title)).hasPrefix("[ownership]"))
    }

    @Test("C4: the close view closes the ad and never counts as a click (I15)")
    func c4_closeViewNeverClicks() async throws {
        let world = try TestHost(providers: [ScriptedProvider()])
        let (ad, _, title, cta) = try await impressedAd(world) {
            AdBinding(container: $0, clickViews: [$2], closeView: $1)
        }
        #expect(code(ad.click(on: title)) == .clickRejected)
        #expect(ad.phase == .closed)
        #expect(code(ad.click(on: cta)) == .clickRejected)
        #expect(!world.events(of: ad).contains("click(ad)"))
    }

    @Test("C4: a provider's own click rule can refuse a click, keeping its code")
    func c4_providerRuleRefusesClick() async throws {
        let recorder = ScriptedAdRecorder()
        let world = try TestHost(providers: [ScriptedProvider(recorder: recorder)])
        let (ad, _, _, cta) = try await impressedAd(world) { AdBinding(container: $0, clickViews: [$2]) }
        recorder.clickError = AdError(.clickRejected, "Vendor says no.", providerID: "scripted", providerCode: 71503)
        #expect(ad.click(on: cta) == .rejected(try #require(recorder.clickError)))
        #expect(!recorder.calls.contains("click"))
    }

    @Test("I12: an external click view is checked for every condition and the failure is named")
    func i12_externalClickConditionsNamed() async throws {
        let policy = ClickPolicy(invalidClickViewCode: 71503)
        let world = try TestHost(providers: [ScriptedProvider(clickPolicy: policy)])
        let root = try world.tree.rootNode(of: world.window)
        let external = try world.tree.makeNode(frame: Rect(x: 0, y: 700, width: 120, height: 44))
        try world.tree.addChild(external, to: root)
        let (ad, container, _, _) = try await impressedAd(world) { container, _, _ in
            AdBinding(container: container, clickViews: [external], allowsExternalClickViews: true)
        }
        try world.tree.setUserInteractionEnabled(external, false)
        #expect(hint(ad.click(on: external)).hasPrefix("[71503/interaction]"))
        try world.tree.setUserInteractionEnabled(external, true)
        try world.tree.setFrame(external, Rect(x: 0, y: 700, width: 120, height: 0))
        #expect(hint(ad.click(on: external)).hasPrefix("[71503/size]"))
        try world.tree.setFrame(external, Rect(x: 0, y: 700, width: 120, height: 44))
        try world.tree.setHidden(external, true)
        #expect(hint(ad.click(on: external)).hasPrefix("[71503/hidden]"))
        try world.tree.setHidden(external, false)
        // Scroll the card so only 100 of its 200 points show: 1/2 < 2/3.
        try world.tree.setFrame(container, Rect(x: 0, y: -100, width: 400, height: 200))
        #expect(hint(ad.click(on: external)).hasPrefix("[71503/visibility]"))
        try world.tree.setFrame(container, Rect(x: 0, y: 100, width: 400, height: 200))
        let otherWindow = world.tree.addWindow(scene: "second", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        try world.tree.move(external, to: world.tree.rootNode(of: otherWindow))
        #expect(hint(ad.click(on: external)).hasPrefix("[71503/scene]"))
        try world.tree.move(external, to: root)
        #expect(hint(ad.click(on: external)).hasPrefix("[71503/ownership]"))
        if case .rejected(let error) = ad.click(on: external) { #expect(error.providerCode == 71503) }
    }

    @Test("I28: every click view's ownership is recorded at bind; moving one out of what was validated fails closed")
    func i28_everyClickViewOwnershipRecorded() async throws {
        let policy = ClickPolicy(invalidClickViewCode: 71503)
        let world = try TestHost(providers: [ScriptedProvider(clickPolicy: policy)])
        let (ad, container, title, cta) = try await impressedAd(world) { container, title, cta in
            AdBinding(container: container, clickViews: [cta, title], allowsExternalClickViews: true)
        }
        // The whole card moves with its click views: what was validated (view → container) still holds.
        let section = try world.tree.makeNode(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        try world.tree.addChild(section, to: world.feed)
        try world.tree.move(container, to: section)
        #expect(ad.click(on: cta) == .counted)
        // The CTA leaves the card to float over the window as a compact 80×80 view: refused.
        let root = try world.tree.rootNode(of: world.window)
        try world.tree.move(cta, to: root)
        try world.tree.setFrame(cta, Rect(x: 300, y: 700, width: 80, height: 80))
        #expect(hint(ad.click(on: cta)).hasPrefix("[71503/ownership]"))
        // A view re-parented inside the card is refused too.
        let wrapper = try world.tree.makeNode(frame: Rect(x: 0, y: 0, width: 400, height: 200))
        try world.tree.addChild(wrapper, to: container)
        try world.tree.move(title, to: wrapper)
        #expect(hint(ad.click(on: title)).hasPrefix("[71503/ownership]"))
    }

    @Test("I28: ownership records stop at the container for views inside it and reach the root for external ones")
    func i28_ownershipRecordBounds() throws {
        let tree = HostTree()
        let window = tree.addWindow(scene: "main", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        let root = try tree.rootNode(of: window)
        let container = try tree.makeNode(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        try tree.addChild(container, to: root)
        let inside = try tree.makeNode(frame: Rect(x: 0, y: 0, width: 100, height: 40))
        try tree.addChild(inside, to: container)
        let outside = try tree.makeNode(frame: Rect(x: 0, y: 320, width: 100, height: 40))
        try tree.addChild(outside, to: root)
        let inner = try ExternalClickRule.Ownership(recording: inside, container: container, in: tree)
        #expect(inner.ancestorPath == [inside, container])
        #expect(inner.container == container)
        let external = try ExternalClickRule.Ownership(recording: outside, container: container, in: tree)
        #expect(external.ancestorPath == [outside, root])
        #expect(external.container == nil)
        #expect(external == (try ExternalClickRule.Ownership(recording: outside, in: tree)))
        #expect(inner.holds(in: tree) && external.holds(in: tree))
        try tree.move(inside, to: root)
        #expect(!inner.holds(in: tree))
        try tree.move(inside, to: container)  // put back: a new placement, still not the view that was recorded
        #expect(!inner.holds(in: tree))
    }

    @Test("I28: a click view covering half the window, or more than the ad, is page-level at click time")
    func i28_pageLevelAtClickTime() async throws {
        let policy = ClickPolicy(invalidClickViewCode: 71503)
        let world = try TestHost(providers: [ScriptedProvider(clickPolicy: policy)])
        let external = try world.tree.makeNode(frame: Rect(x: 0, y: 320, width: 120, height: 44))
        try world.tree.addChild(external, to: world.feed)
        let (ad, container, _, _) = try await impressedAd(world) { container, _, _ in
            AdBinding(container: container, clickViews: [external], allowsExternalClickViews: true)
        }
        try world.tree.setFrame(external, Rect(x: 0, y: 320, width: 400, height: 201))  // more than the 400×200 ad
        #expect(hint(ad.click(on: external)).hasPrefix("[71503/root]"))
        try world.tree.setFrame(container, Rect(x: 0, y: 100, width: 400, height: 500))
        try world.tree.setFrame(external, Rect(x: 0, y: 600, width: 400, height: 400))  // half the window
        #expect(hint(ad.click(on: external)).hasPrefix("[71503/root]"))
        try world.tree.setFrame(external, Rect(x: 0, y: 600, width: 400, height: 399))
        #expect(ad.click(on: external) == .counted)
    }

    @Test("I12: the rule alone reports window, root and foreground failures")
    func i12_ruleReportsWindowRootForeground() throws {
        let tree = HostTree()
        let engine = VisibilityEngine(tree: tree)
        let window = tree.addWindow(scene: "main", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        let root = try tree.rootNode(of: window)
        let container = try tree.makeNode(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        try tree.addChild(container, to: root)
        let page = try tree.makeNode(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        try tree.addChild(page, to: root)
        let detached = try tree.makeNode(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let rule = ExternalClickRule()
        #expect(rule.firstFailure(clickView: detached, container: container, ownership: nil, engine: engine) == .window)
        #expect(rule.firstFailure(clickView: root, container: container, ownership: nil, engine: engine) == .root)
        #expect(rule.firstFailure(clickView: page, container: container, ownership: nil, engine: engine) == .root)
        let cta = try tree.makeNode(frame: Rect(x: 0, y: 320, width: 100, height: 40))
        try tree.addChild(cta, to: root)
        #expect(rule.firstFailure(clickView: cta, container: container, ownership: nil, engine: engine) == nil)
        try tree.setForeground(window, false)
        #expect(rule.firstFailure(clickView: cta, container: container, ownership: nil, engine: engine) == .foreground)
    }
}
