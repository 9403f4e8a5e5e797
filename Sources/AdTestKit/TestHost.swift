public import AdCore
public import AdEmbedded

/// A ready-made host for tests: a virtual-time driver, an in-memory transport on its clock, recorded beacons,
/// one 400×800 foreground window with a scrolling, clipping feed filling it (the one host-app frame,
/// `EmbeddedApp`, without a toolbar).
///
/// ```swift
/// let world = try TestHost(providers: [ScriptedProvider()])
/// let card = try world.addCard(y: 100, height: 200)
/// ```
@MainActor
public final class TestHost {
    /// The virtual-time driver.
    public let driver: VirtualTimeDriver
    /// The in-memory transport (on the driver's clock).
    public let transport: InMemoryTransport
    /// Every beacon sent.
    public let beacons: RecordingBeaconSender
    /// Every landing page opened (the host's landing opener; it opens every URL).
    public let landings: RecordingLandingOpener
    /// The host.
    public let host: AdHost
    /// The main window.
    public let window: HostWindowID
    /// A clipping, scrolling container filling the window.
    public let feed: HostNodeID
    /// Every event of every ad made with ``makeAd(_:provider:)``, as `ad#n event`.
    public private(set) var log: [String] = []

    /// The host's tree.
    public var tree: HostTree { host.tree }

    /// The wall clock of every test host: virtual time zero is 2026-12-01T00:00:00Z.
    public static let wallClock = AdWallClock(unixMillisecondsAtZero: 1_796_083_200_000)

    /// Creates the host with the given providers; `seed` seeds the driver and the beacons' cache-busting numbers;
    /// `taskExecutor` is where the nonisolated parts of the driver's tasks run (`nil`: the global pool; the
    /// conformance kit passes a `MainQueueTaskExecutor`, so a provider's load never leaves the main queue);
    /// `stuckTaskTurns` is the driver's (`VirtualTimeDriver/init(seed:start:taskExecutor:stuckTaskTurns:)`).
    public init(
        providers: [any AdProvider], seed: UInt64 = 1, taskExecutor: (any TaskExecutor)? = nil,
        stuckTaskTurns: Int? = nil
    ) throws(AdError) {
        driver = VirtualTimeDriver(seed: seed, taskExecutor: taskExecutor, stuckTaskTurns: stuckTaskTurns)
        transport = InMemoryTransport(clock: driver.clock)
        beacons = RecordingBeaconSender(clock: driver.clock)
        landings = RecordingLandingOpener()
        host = AdHost(
            registry: try ProviderRegistry(providers), scheduler: driver, transport: transport, beacons: beacons,
            diagnostics: AdDiagnostics(isEnabled: true, minimumLevel: .debug), random: SeededRandom(seed: seed),
            wallClock: Self.wallClock, landingOpener: landings)
        let app = try EmbeddedApp(tree: host.tree, width: 400, height: 800)
        window = app.window
        feed = app.feed
    }

    /// Adds a full-width card to the feed at `y` with a title and a call-to-action inside it.
    public func addCard(y: Double, height: Double = 200) throws(AdError) -> (
        container: HostNodeID, title: HostNodeID, cta: HostNodeID
    ) {
        let container = try tree.makeNode(frame: Rect(x: 0, y: y, width: 400, height: height))
        let title = try tree.makeNode(frame: Rect(x: 10, y: 10, width: 300, height: 30))
        let cta = try tree.makeNode(frame: Rect(x: 10, y: height - 50, width: 200, height: 40))
        try tree.addChild(container, to: feed)
        try tree.addChild(title, to: container)
        try tree.addChild(cta, to: container)
        return (container, title, cta)
    }

    /// Makes an ad, logging its events into ``log``.
    public func makeAd(_ request: AdRequest, provider: ProviderID) throws(AdError) -> UnifiedAd {
        let ad = try host.makeAd(request, provider: provider)
        let id = ad.id
        ad.onEvent { [weak self] event in self?.log.append("\(id) \(event)") }
        return ad
    }

    /// Serves `creative` for `adUnit` and loads an ad for it, letting the async load finish.
    public func loadedAd(
        adUnit: String = "unit-1", creative: String = "cr-1", format: AdFormat = .native,
        provider: ProviderID = "scripted"
    ) async throws(AdError) -> UnifiedAd {
        transport.respond(to: adUnit, with: .body(Array(creative.utf8)))
        let ad = try makeAd(AdRequest(adUnitID: adUnit, format: format), provider: provider)
        await ad.load().value
        return ad
    }

    /// Events logged so far for one ad, without the `ad#n ` prefix.
    public func events(of ad: UnifiedAd) -> [String] {
        let prefix = "\(ad.id) "
        return log.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
    }

    /// Runs virtual time `duration` from now (see `VirtualTimeDriver/run(for:)`).
    public func run(for duration: Duration) async {
        await driver.run(for: duration)
    }
}
