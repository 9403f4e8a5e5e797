import AdCore
import AdEmbedded
import AdTestKit

/// One scenario's world: a fresh provider on a fresh test host (virtual time, in-memory transport, recorded
/// beacons, diagnostics at debug level), with the kit's helpers to load, lay out and bind.
@MainActor
final class ConformanceWorld {
    /// A part's layout the kit built from the ad's content: a node for every kind the content has or requires.
    @MainActor
    struct PartLayout {
        var part: AdPart
        var layout: NativeLayout
        var content: NativeAdContent

        var container: HostNodeID { layout.container }
        var nodes: [AssetKind: HostNodeID] { layout.nodes }
        /// Where the kit taps: the binding's click view (the call-to-action, or a node of the kit's own when the
        /// ad takes clicks without one); `nil` when the ad takes no clicks.
        var clickView: HostNodeID? { binding().clickViews.first }

        /// The binding of the part (the one content-to-binding rule, ``NativeLayout/binding(for:omitting:)``),
        /// optionally without one kind's node.
        func binding(omitting omitted: AssetKind? = nil) -> AdBinding {
            layout.binding(for: content, omitting: omitted)
        }
    }

    /// The layout of a whole ad: its own part and each component's.
    @MainActor
    struct Layout {
        var main: PartLayout
        var components: [PartLayout]

        var parts: [PartLayout] { [main] + components }
    }

    let subject: ConformanceSubject
    let provider: any AdProvider
    let test: TestHost
    private var units = 0

    init(_ subject: ConformanceSubject) throws(AdError) {
        self.subject = subject
        provider = subject.makeProvider()
        test = try TestHost(
            providers: [provider, ScriptedProvider(id: Self.referenceID, formats: [.native])],
            taskExecutor: Self.executor, stuckTaskTurns: Self.realTimeTurns)
    }

    /// How many executor turns the kit waits, without moving virtual time, for what a provider does on a thread or
    /// queue of its own (a load its SDK answers, a reward, a dismissal): about 0.2 s on the project's 2-core machine
    /// (a turn is about 17 µs there). Work within it is judged exactly as work done at once; a task stuck beyond it
    /// is waited for once per scenario, never again, so a provider that hangs costs a bounded time.
    static let realTimeTurns = 10_000

    /// Waits, without moving virtual time, until `done` holds for the ad's events or ``realTimeTurns`` turns have
    /// passed: a callback from another thread reaches the ad through the driver's mailbox, which each settle runs.
    /// Returns whether `done` holds. A provider that sends at once costs one check.
    @discardableResult
    func awaitEvents(of ad: UnifiedAd, until done: ([String]) -> Bool) async -> Bool {
        for _ in 0..<Self.realTimeTurns {
            if done(events(of: ad)) { return true }
            await driver.settle()
            await Task.yield()
        }
        return done(events(of: ad))
    }

    /// Where the nonisolated parts of a provider's load run: the main queue, like the main-actor parts, so the
    /// kit's executor turns see every step of it. On the global pool, a cancelled fetch finishing on a starved
    /// thread looked to K21 like a load that ignores cancellation (a correct provider failed under a busy CI).
    private static let executor = MainQueueTaskExecutor()

    /// The kit's own scripted provider, registered beside the subject for checks that need a second ad.
    static let referenceID: ProviderID = "adconformance-reference"

    /// Loads a native ad from the kit's own scripted provider.
    func loadReference() async throws(AdError) -> UnifiedAd {
        units += 1
        let unit = "conformance-reference-\(units)"
        test.transport.respond(to: unit, with: .body(Array("reference".utf8)))
        let ad = try test.makeAd(AdRequest(adUnitID: unit, format: .native), provider: Self.referenceID)
        await ad.load().value
        return ad
    }

    var providerID: ProviderID { provider.descriptor.id }
    var host: AdHost { test.host }
    var tree: HostTree { test.tree }
    var driver: VirtualTimeDriver { test.driver }
    var now: AdInstant { driver.now }

    /// Every beacon sent so far with the virtual time of its send.
    var records: [RecordingBeaconSender.Record] { test.beacons.records }

    /// How the kit judges this world's beacons for `format`: the subject's fill's declared tracking and the host's
    /// wall clock.
    func audit(_ format: AdFormat) -> BeaconAudit {
        BeaconAudit(subject.responses[format]?.declaredTracking ?? ConformanceTracking(), wallClock: TestHost.wallClock)
    }

    /// The beacons sent so far, as `kind url`.
    var beacons: [String] { test.beacons.sent.map { "\($0.kind.rawValue) \($0.url)" } }

    /// The beacons of a kind sent so far.
    func beacons(_ kind: Beacon.Kind) -> [String] { test.beacons.sent.filter { $0.kind == kind }.map(\.url) }

    /// The events of an ad so far.
    func events(of ad: UnifiedAd) -> [String] { test.events(of: ad) }

    /// The provider's callbacks the lifecycle contained: events it did not act on.
    var containments: [String] {
        host.diagnostics.entries.filter { $0.providerID == providerID && $0.message.hasPrefix("Contained ") }
            .map(\.message)
    }

    /// Makes an ad for `format` whose fetch gets `reply`, without loading it.
    func makeAd(_ format: AdFormat, reply: InMemoryTransport.Reply) throws(AdError) -> UnifiedAd {
        units += 1
        let unit = "conformance-\(units)"
        test.transport.respond(to: unit, with: reply)
        return try test.makeAd(
            AdRequest(adUnitID: unit, format: format, timeout: subject.loadTimeout), provider: providerID)
    }

    /// Loads an ad for `format` from `body` and runs virtual time until the load's deadline has passed.
    func load(_ format: AdFormat, body: [UInt8]) async throws(AdError) -> UnifiedAd {
        let ad = try makeAd(format, reply: .body(body))
        ad.load()
        await driver.run(for: subject.loadTimeout + .milliseconds(1))
        return ad
    }

    /// A fresh world with the subject's fill for `format` loaded, for a check that starts from a ready ad; `nil`
    /// when there is none, the check then marked not run with K3 named (K3 fails for it and says why), so one load
    /// failure is reported once, not once per check.
    static func loadedFill(
        _ subject: ConformanceSubject, _ format: AdFormat, _ verdict: inout ConformanceVerdict
    ) async -> (ConformanceWorld, UnifiedAd)? {
        guard let responses = subject.responses[format] else {
            verdict.notRun("the subject gives no fill for \(format) (K3)")
            return nil
        }
        do throws(AdError) {
            let world = try ConformanceWorld(subject)
            let ad = try await world.load(format, body: responses.fill)
            verdict.observe(world, ad)
            guard ad.phase == .loaded else {
                verdict.notRun("the fill did not load, it ended \(ad.phase) (K3)")
                return nil
            }
            return (world, ad)
        } catch {
            verdict.notRun("the fill could not be loaded: \(error.code) (K3)")
            return nil
        }
    }

    /// The kit's fix for a fill that did not load, by how it ended. Never the error's own hint: it may come from
    /// the kit's test doubles (the in-memory transport's), which say nothing a vendor can act on.
    static func fix(forFailedFill phase: AdPhase, timeout: Duration) -> String {
        guard case .failed(let error) = phase else {
            return "Return a ProviderAd from load(_:environment:) for a fill response (C1)."
        }
        switch error.code {
        case .timeout:
            return "Return the ad as soon as the transport answers: the load did not end within the subject's "
                + "loadTimeout (\(timeout)) although the kit answered at once."
        case .noFill, .invalidResponse:
            return "The provider refused the subject's fill (\(error.code)): give ConformanceResponses.fill a "
                + "response your provider fills from, and map it to a ProviderAd."
        default:
            return "Return a ProviderAd for a fill response; the load threw \(error.code) (C1)."
        }
    }

    /// Runs virtual time.
    func run(for duration: Duration) async { await driver.run(for: duration) }

    /// The error a failed load ended with, if it failed.
    static func loadError(_ ad: UnifiedAd) -> AdError? {
        if case .failed(let error) = ad.phase { return error }
        return nil
    }

    /// Builds a layout for an ad's content in a new container at `y` in the feed: a node for every kind the
    /// content has a value for or requires, a call-to-action click view when the ad takes clicks, the video asset's
    /// node as the video view; a component gets a card of its own inside the container.
    func layout(for content: NativeAdContent, y: Double) throws(AdError) -> Layout {
        let mainKinds = NativeLayout.kinds(of: content)
        let cardHeights = content.components.map { Self.height(of: NativeLayout.kinds(of: $0.content).count) }
        let mainHeight = Self.height(of: mainKinds.count)
        let height = mainHeight + cardHeights.reduce(0) { $0 + $1 + 10 }
        let container = try tree.makeNode(frame: Rect(x: 0, y: y, width: 400, height: height))
        try tree.addChild(container, to: test.feed)
        let main = try part(.main, content: content, in: container, origin: 0)
        var components: [PartLayout] = []
        var top = mainHeight
        for (component, cardHeight) in zip(content.components, cardHeights) {
            let card = try tree.makeNode(frame: Rect(x: 5, y: top, width: 390, height: cardHeight))
            try tree.addChild(card, to: container)
            components.append(try part(component.part, content: component.content, in: card, origin: 0))
            top += cardHeight + 10
        }
        return Layout(main: main, components: components)
    }

    /// Binds every part of a layout.
    func bind(_ ad: UnifiedAd, _ layout: Layout) throws(AdError) {
        for part in layout.parts { try ad.bind(part.binding(), part: part.part) }
    }

    private func part(
        _ part: AdPart, content: NativeAdContent, in container: HostNodeID, origin: Double
    ) throws(AdError) -> PartLayout {
        var nodes: [AssetKind: HostNodeID] = [:]
        for (index, kind) in NativeLayout.kinds(of: content).enumerated() {
            let frame = Rect(
                x: 5 + Double(index % 4) * 98, y: origin + 5 + Double(index / 4) * 35, width: 90, height: 30)
            let node = try tree.makeNode(frame: frame)
            try tree.addChild(node, to: container)
            nodes[kind] = node
        }
        var clickView: HostNodeID?
        if content.acceptsClicks, nodes[.callToAction] == nil {
            let count = NativeLayout.kinds(of: content).count
            let frame = Rect(
                x: 5 + Double(count % 4) * 98, y: origin + 5 + Double(count / 4) * 35, width: 90, height: 30)
            let cta = try tree.makeNode(frame: frame)
            try tree.addChild(cta, to: container)
            clickView = cta
        }
        let layout = NativeLayout(container: container, nodes: nodes, clickView: clickView)
        return PartLayout(part: part, layout: layout, content: content)
    }

    /// The height of a part with `count` nodes, a call-to-action included.
    private static func height(of count: Int) -> Double { Double((count + 1 + 3) / 4) * 35 + 10 }
}
