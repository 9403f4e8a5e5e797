import AdCore
import AdTestSupport
import Testing

/// `UnifiedAd` never re-enters its lifecycle machine: a host call made from inside one of the ad's own event
/// handlers waits until the input being performed is done, and then runs.
@MainActor
@Suite("Deferred calls: a call from an event handler runs after the input in progress")
struct DeferredCallTests {
    @Test("C4: a click made in the impression's handler answers deferred, then counts once, after the impression")
    func c4_clickFromImpressionHandlerIsDeferredThenCounted() async throws {
        let world = try TestHost(providers: [ScriptedProvider()])
        let card = try world.addCard(y: 100)
        let ad = try world.makeAd(AdRequest(adUnitID: "unit-1", format: .native), provider: "scripted")
        world.transport.respond(to: "unit-1", with: .body(Array("cr-1".utf8)))
        await ad.load().value
        var outcome: ClickOutcome?
        ad.onEvent { event in
            if case .impression = event { outcome = ad.click(on: card.cta) }
        }
        try ad.bind(AdBinding(container: card.container, assets: [.title: card.title], clickViews: [card.cta]))
        world.driver.advance(by: .seconds(1))
        guard case .rejected(let error) = outcome else {
            Issue.record("the click in the handler answered \(String(describing: outcome)), not .rejected(deferred)")
            return
        }
        #expect(error.code == .deferred)
        let events = world.events(of: ad)
        #expect(events.filter { $0 == "click(ad)" }.count == 1, "\(events)")
        #expect(events.firstIndex(of: "impression(unit-1)") ?? .max < events.firstIndex(of: "click(ad)") ?? -1)
    }
}
