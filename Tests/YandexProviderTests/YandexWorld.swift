import AdCore
import AdEmbedded
import AdTestSupport
import Foundation
import Synchronization
import YandexProvider

/// A test host with the Yandex provider, its fixtures, and a ready-made slider layout in the feed.
@MainActor
final class YandexWorld {
    /// The nodes of one rendered card.
    struct CardNodes {
        var container: HostNodeID
        var assets: [AssetKind: HostNodeID]
        var cta: HostNodeID
    }

    /// The nodes of a rendered slider: its container, the block's sponsored label, the horizontal scroller, cards.
    struct SliderNodes {
        var slider: HostNodeID
        var sponsored: HostNodeID
        var scroller: HostNodeID
        var cards: [CardNodes]
    }

    let test: TestHost
    let loader: ScheduledImageLoader
    let provider: YandexProvider

    var host: AdHost { test.host }
    var tree: HostTree { test.host.tree }
    var driver: VirtualTimeDriver { test.driver }
    var transport: InMemoryTransport { test.transport }
    var beacons: RecordingBeaconSender { test.beacons }

    init(
        configuration: YandexBuildConfiguration = .debug, imageDelay: Duration = .milliseconds(200),
        failingImages: Set<String> = [], impressionRule: ImpressionRule = .mrcDisplay,
        imageLoader: (any YandexImageLoader)? = nil, retryPolicy: LoadRetryPolicy = YandexProvider.retryPolicy
    ) throws {
        loader = ScheduledImageLoader(delay: imageDelay, failing: failingImages)
        provider = YandexProvider(
            configuration: configuration, impressionRule: impressionRule, imageLoader: imageLoader ?? loader,
            retryPolicy: retryPolicy)
        test = try TestHost(providers: [provider])
    }

    nonisolated static func fixture(_ name: String) throws -> [UInt8] {
        let url = FixturePaths.fixtures.appendingPathComponent("yandex").appendingPathComponent(name)
        return Array(try Data(contentsOf: url))
    }

    func serve(_ fixture: String, as adUnit: String) throws {
        transport.respond(to: adUnit, with: .body(try Self.fixture(fixture)))
    }

    /// A slider state for `fixture`, loaded.
    func loadedSlider(
        _ fixture: String = "slider-three-cards-sponsored.xml", adUnit: String = "R-M-1", placement: String? = nil,
        options: NativeAdOptions = NativeAdOptions(), parameters: [String: String] = [:]
    ) async throws -> SliderAdState {
        try serve(fixture, as: adUnit)
        await host.startProviders()  // the seed's prerequisite: initialise the SDK before use (H1)
        let state = SliderAdState(
            request: AdRequest(
                adUnitID: adUnit, format: .nativeSlider, placementID: placement, parameters: parameters),
            options: options, host: host, provider: provider)
        await state.loadAd().value
        return state
    }

    /// Renders a slider at `y` in the feed: a 400×300 container, a sponsored label, a clipping horizontal
    /// scroller and `cards` cards of 300×240 side by side (10 points apart).
    func addSlider(y: Double = 100, cards: Int, cardWidth: Double = 300, parent: HostNodeID? = nil) throws
        -> SliderNodes
    {
        let slider = try tree.makeNode(frame: Rect(x: 0, y: y, width: 400, height: 300))
        try tree.addChild(slider, to: parent ?? test.feed)
        let sponsored = try tree.makeNode(frame: Rect(x: 10, y: 0, width: 100, height: 20))
        try tree.addChild(sponsored, to: slider)
        let scroller = try tree.makeNode(frame: Rect(x: 0, y: 40, width: 400, height: 250), clipsToBounds: true)
        try tree.addChild(scroller, to: slider)
        var nodes: [CardNodes] = []
        for index in 0..<cards {
            nodes.append(try addCard(x: Double(index) * (cardWidth + 10), width: cardWidth, to: scroller))
        }
        return SliderNodes(slider: slider, sponsored: sponsored, scroller: scroller, cards: nodes)
    }

    /// A card with the four required primitives and a few optional ones.
    func addCard(x: Double, y: Double = 0, width: Double = 300, to parent: HostNodeID) throws -> CardNodes {
        let container = try tree.makeNode(frame: Rect(x: x, y: y, width: width, height: 240))
        try tree.addChild(container, to: parent)
        var assets: [AssetKind: HostNodeID] = [:]
        let frames: [(AssetKind, Rect)] = [
            (.icon, Rect(x: 10, y: 10, width: 40, height: 40)),
            (.title, Rect(x: 60, y: 10, width: 180, height: 20)),
            (.sponsored, Rect(x: 60, y: 32, width: 60, height: 14)),
            (.media, Rect(x: 10, y: 60, width: 200, height: 110)),
            (.callToAction, Rect(x: 10, y: 180, width: 200, height: 44)),
        ]
        for (kind, frame) in frames {
            let node = try tree.makeNode(frame: frame)
            try tree.addChild(node, to: container)
            assets[kind] = node
        }
        return CardNodes(container: container, assets: assets, cta: assets[.callToAction] ?? container)
    }

    /// Binds a card's container with its nodes and its call-to-action as click view.
    @discardableResult
    func bind(_ state: NativeAdState, _ nodes: CardNodes) throws -> NativeAdContainer {
        let container = NativeAdContainer(state: state, node: nodes.container)
        try container.bind(assets: nodes.assets, clickViews: [nodes.cta])
        return container
    }

    /// Binds the slider container (with its sponsored label) and every card.
    @discardableResult
    func bindAll(_ state: SliderAdState, _ nodes: SliderNodes) throws -> [NativeAdContainer] {
        try SliderAdContainer(state: state, node: nodes.slider).bind(assets: [.sponsored: nodes.sponsored])
        let cards = state.layout?.ads ?? []
        return try zip(cards, nodes.cards).map { card, cardNodes in try bind(card, cardNodes) }
    }

    /// A loaded slider rendered with `cards` cards, the block and every card bound, its events and its cards' logged.
    func boundSlider(cards: Int, options: NativeAdOptions = NativeAdOptions()) async throws -> BoundSlider {
        let state = try await loadedSlider(options: options)
        let log = SliderEventLog(state)
        log.watchCards(state)
        let nodes = try addSlider(cards: cards)
        let containers = try bindAll(state, nodes)
        return BoundSlider(state: state, log: log, nodes: nodes, containers: containers)
    }

    /// What ``boundSlider(cards:options:)`` returns.
    struct BoundSlider {
        let state: SliderAdState
        let log: SliderEventLog
        let nodes: SliderNodes
        let containers: [NativeAdContainer]
    }

    /// Diagnostics at warning level or above, as text.
    var warnings: [String] {
        host.diagnostics.entries.filter { $0.level >= .warning }.map(\.description)
    }

    func beacons(_ kind: Beacon.Kind) -> [String] { beacons.sent.filter { $0.kind == kind }.map(\.url) }
}

/// Records the events of a slider state and its cards.
@MainActor
final class SliderEventLog {
    var events: [String] = []

    init(_ state: SliderAdState) {
        state.onAdLoad { [unowned self] info in events.append("load(\(info.creativeIDs.count))") }
            .onAdFailure { [unowned self] error in events.append("failure(\(error.code))") }
            .onAdBindingFailure { [unowned self] error in events.append("bindingFailure(\(error.code))") }
            .onAdImpression { [unowned self] _ in events.append("impression(block)") }
    }

    func watchCards(_ state: SliderAdState) {
        for card in state.layout?.ads ?? [] {
            let id = card.id
            card.onAdImpression { [unowned self] _ in events.append("impression(\(id))") }
                .onAdClick { [unowned self] in events.append("click(\(id))") }
                .onAdBindingFailure { [unowned self] error in events.append("bindingFailure(\(id) \(error.code))") }
        }
    }

    func count(_ event: String) -> Int { events.filter { $0 == event }.count }
}

extension SliderAd {
    /// Checks a block binding against the provider's own rules, outside the unified layer (to probe them).
    func attachForTest(_ binding: AdBinding, host: AdHost) throws(AdError) {
        let sink = AdEventSink(mailbox: host.scheduler.mailbox) { _ in }
        let context = host.makeProviderContext(
            adID: AdID(rawValue: 999), providerID: YandexProvider.id, events: sink,
            nodes: Set([binding.container] + binding.clickViews))
        try checkAttach(binding, part: .main, context: context)
    }
}

/// A flag set from an observation's `onChange` (which may run on any thread).
final class ChangeFlag: Sendable {
    private let state = Mutex(false)

    /// Whether it was set.
    var isSet: Bool { state.withLock { $0 } }

    /// Sets it.
    func set() { state.withLock { $0 = true } }
}
