import AdCore
import AdEmbedded
import AdTestSupport
import Foundation
import GoogleProvider

/// A test host with the Google provider (and a scripted native provider for ads beneath), the Google fixtures
/// served by ad unit, and a zero-size host context provider in the main window's feed.
@MainActor
final class GoogleTestWorld {
    let world: TestHost
    let context: HostContextProvider

    var host: AdHost { world.host }
    var driver: VirtualTimeDriver { world.driver }
    var tree: HostTree { world.tree }
    var beacons: RecordingBeaconSender { world.beacons }
    var transport: InMemoryTransport { world.transport }

    init(seed: UInt64 = 1) throws {
        world = try TestHost(providers: [GoogleProvider(), ScriptedProvider(formats: [.native])], seed: seed)
        context = try HostContextProvider(tree: world.tree)
        try world.tree.addChild(context.node, to: world.feed)
        for name in Self.fixtureNames { try serve(fixture: name, as: name) }
        world.transport.respond(
            to: "https://ads.google.test/vast/video-interstitial.xml",
            with: .body(try Self.fixture("video-interstitial")))
    }

    static let fixtureNames = [
        "video-interstitial", "image-interstitial", "rewarded", "rewarded-interstitial", "skippable", "wrapper",
        "no-fill", "malformed",
    ]

    static func fixtureURL(_ name: String) -> URL {
        FixturePaths.fixtures.appendingPathComponent("google").appendingPathComponent(name + ".xml")
    }

    static func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: fixtureURL(name)))
    }

    func serve(fixture name: String, as adUnit: String) throws {
        world.transport.respond(to: adUnit, with: .body(try Self.fixture(name)))
    }

    func serve(xml: String, as adUnit: String) {
        world.transport.respond(to: adUnit, with: .body(Array(xml.utf8)))
    }

    /// Beacon URLs sent so far, of kinds starting with `prefix` (`tracking:`, `impression`, `click`, `error`).
    func urls(_ prefix: String) -> [String] {
        beacons.sent.filter { $0.kind.rawValue.hasPrefix(prefix) }.map(\.url)
    }

    /// Tracking event names sent so far, in order (`start`, `firstQuartile`, ...).
    var trackingEvents: [String] {
        beacons.sent.compactMap { beacon in
            beacon.kind.rawValue.hasPrefix("tracking:") ? String(beacon.kind.rawValue.dropFirst(9)) : nil
        }
    }

    /// Every beacon kind in order (`impression`, `tracking:start`, ...).
    var beaconKinds: [String] { beacons.sent.map(\.kind.rawValue) }

    /// The overlay nodes currently in `window` (opaque children of its root that cover it).
    func rootChildren(of window: HostWindowID) throws -> [HostNodeID] {
        try tree.children(of: tree.rootNode(of: window))
    }

    /// Records content events of an ad as strings.
    @MainActor
    final class ContentLog {
        var events: [String] = []
    }

    func contentLog(_ register: (@escaping @MainActor (FullScreenContentEvent) -> Void) -> Void) -> ContentLog {
        let log = ContentLog()
        register { log.events.append($0.description) }
        return log
    }

    /// Records the unified events of an ad as strings.
    func unifiedLog(of ad: UnifiedAd) -> ContentLog {
        let log = ContentLog()
        ad.onEvent { log.events.append($0.description) }
        return log
    }

    /// A native card beneath, bound with the scripted provider, in `parent` (the feed by default).
    func boundNative(in parent: HostNodeID? = nil, y: Double = 100) async throws -> (UnifiedAd, HostNodeID) {
        let card = try tree.makeNode(frame: Rect(x: 0, y: y, width: 400, height: 200))
        try tree.addChild(card, to: parent ?? world.feed)
        world.transport.respond(to: "native-\(y)-\(card)", with: .body(Array("native-cr".utf8)))
        let native = try world.makeAd(AdRequest(adUnitID: "native-\(y)-\(card)", format: .native), provider: "scripted")
        await native.load().value
        try native.bind(AdBinding(container: card))
        return (native, card)
    }
}
