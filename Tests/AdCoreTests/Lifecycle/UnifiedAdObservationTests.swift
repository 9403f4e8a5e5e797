import AdCore
import AdTestSupport
import Observation
import Synchronization
import Testing

/// A host view observing a ``UnifiedAd`` re-renders when, and only when, a property it read changed.
@MainActor
@Suite("Unified ad observation")
struct UnifiedAdObservationTests {
    /// Which of the ad's observable properties an action changed, as Observation reports them.
    private func changes(of ad: UnifiedAd, during action: () throws -> Void) rethrows -> Set<String> {
        let reads: [(String, @MainActor () -> Void)] = [
            ("phase", { _ = ad.phase }), ("info", { _ = ad.info }), ("binding", { _ = ad.binding }),
            ("presentation", { _ = ad.presentation }), ("impressionAt", { _ = ad.impressionAt }),
        ]
        let changed = Mutex<Set<String>>([])
        for (name, read) in reads {
            withObservationTracking {
                read()
            } onChange: {
                changed.withLock { _ = $0.insert(name) }
            }
        }
        try action()
        return changed.withLock { $0 }
    }

    @Test("Each step of the lifecycle tells observers of exactly the properties it changed")
    func observersAreToldExactlyWhatChanged() async throws {
        let world = try TestHost(providers: [ScriptedProvider()])
        let card = try world.addCard(y: 100)
        let ad = try world.makeAd(AdRequest(adUnitID: "unit-1", format: .native), provider: "scripted")
        world.transport.respond(to: "unit-1", with: .body(Array("cr-1".utf8)))
        let loading = changes(of: ad) { _ = ad.load() }
        #expect(loading == ["phase"])
        await world.driver.settle()
        #expect(ad.phase == .loaded)

        let binding = AdBinding(container: card.container, assets: [.title: card.title], clickViews: [card.cta])
        #expect(try changes(of: ad) { try ad.bind(binding) } == ["phase", "binding"])
        #expect(changes(of: ad) { world.driver.advance(by: .seconds(1)) } == ["impressionAt"])
        #expect(ad.impressionAt != nil)
        var click: ClickOutcome?
        #expect(changes(of: ad) { click = ad.click(on: card.cta) }.isEmpty)
        #expect(click == .counted)
        #expect(try changes(of: ad) { try ad.detach() } == ["phase", "binding"])
        #expect(changes(of: ad) { ad.destroy() } == ["phase"])
        #expect(changes(of: ad) { ad.destroy() }.isEmpty)
    }

    @Test("A load that delivers tells observers of the phase and the info")
    func loadTellsPhaseAndInfo() async throws {
        let world = try TestHost(providers: [ScriptedProvider()])
        let ad = try world.makeAd(AdRequest(adUnitID: "unit-1", format: .native), provider: "scripted")
        world.transport.respond(to: "unit-1", with: .body(Array("cr-1".utf8)))
        let task = ad.load()
        let changed = Mutex<Set<String>>([])
        withObservationTracking {
            _ = ad.info
        } onChange: {
            changed.withLock { _ = $0.insert("info") }
        }
        withObservationTracking {
            _ = ad.binding
        } onChange: {
            changed.withLock { _ = $0.insert("binding") }
        }
        await task.value
        #expect(changed.withLock { $0 } == ["info"])
        #expect(ad.info != nil)
    }
}
