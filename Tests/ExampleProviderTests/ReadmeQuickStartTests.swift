import AdCore
import AdEmbedded
import ExampleProvider
import Testing

/// The README's quick start, compiled and run: if this breaks, the README is wrong.
@MainActor
@Test("README quick start: register a provider, load an ad, bind it, count its impression and click")
func readmeQuickStart() async throws {
    // 1. A driver (virtual time here; LiveDriver in an app), a transport and a beacon sender.
    let driver = VirtualTimeDriver(seed: 1)
    let transport = InMemoryTransport(clock: driver.clock)
    let houseAd = """
        <VAST version="4.2"><Ad><InLine><AdSystem>Example</AdSystem><AdTitle>Winter sale</AdTitle>
          <Creatives><Creative id="ex-1"/></Creatives>
          <Extensions><Extension type="house-ads"><Title>Winter sale</Title><Required>title</Required>
            <ClickThrough>https://shop.example/winter</ClickThrough></Extension></Extensions>
        </InLine></Ad></VAST>
        """
    transport.respond(to: "unit-1", with: .body(Array(houseAd.utf8)))
    let beacons = RecordingBeaconSender()

    // 2. Register providers explicitly and create the host.
    var registry = ProviderRegistry()
    try registry.register(ExampleProvider())
    let host = AdHost(
        registry: registry, scheduler: driver, transport: transport, beacons: beacons,
        landingOpener: RecordingLandingOpener())  // in an app: one that opens the system browser

    // 3. The host's layout: a window with a card holding a title and a call-to-action.
    let window = host.tree.addWindow(scene: "main", frame: Rect(x: 0, y: 0, width: 390, height: 844))
    let card = try host.tree.makeNode(frame: Rect(x: 0, y: 100, width: 390, height: 300))
    let title = try host.tree.makeNode(frame: Rect(x: 16, y: 16, width: 358, height: 24))
    let cta = try host.tree.makeNode(frame: Rect(x: 16, y: 240, width: 358, height: 44))
    try host.tree.addChild(card, to: host.tree.rootNode(of: window))
    try host.tree.addChild(title, to: card)
    try host.tree.addChild(cta, to: card)

    // 4. Load, bind, and let the card be seen for a second.
    let ad = try host.makeAd(AdRequest(adUnitID: "unit-1", format: .native), provider: "example")
    var events: [AdEvent] = []
    ad.onEvent { events.append($0) }
    await ad.load().value
    try ad.bind(AdBinding(container: card, assets: [.title: title], clickViews: [cta]))
    driver.advance(by: .seconds(1))
    let outcome = ad.click(on: cta)

    #expect(outcome == .counted)
    #expect(
        events.map(\.description) == [
            "loadStarted", "loadSucceeded(example unit-1)", "rendered", "impression(unit-1)", "click(ad)",
            "jumped(true)",
        ])
}
