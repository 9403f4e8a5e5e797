import AdCore
import AdEmbedded
import AdMediation
import AdRuntime
import Foundation
import HostApp
import Testing

/// Plays the user and the device for Docs/Integration.md's `AppAds`: launch, two mediated native placements, a
/// scroll, an impression, a click, a rewarded video, its reward and its close, in virtual time on the built-in
/// fixtures. Every expectation is something the app's user or its analytics would notice.
@MainActor
@Suite("Docs/Integration.md's whole flow, from a host app's own package")
struct HostFlowTests {
    /// The configuration the app ships: two feed placements mediated between IFLY and Yandex, a rewarded placement.
    static let configuration = """
        {
          "currency": "USD",
          "placements": [
            { "id": "feed-1", "format": "native", "strategy": "waterfall", "lineItems": [
                { "id": "ifly-1", "provider": "ifly", "adUnit": "ifly-feed", "mode": "waterfall",
                  "priceMicros": 3000, "timeoutSeconds": 2 },
                { "id": "yandex-1", "provider": "yandex", "adUnit": "R-M-NATIVE", "mode": "waterfall",
                  "priceMicros": 2000, "timeoutSeconds": 2 } ] },
            { "id": "feed-2", "format": "native", "strategy": "waterfall", "lineItems": [
                { "id": "ifly-2", "provider": "ifly", "adUnit": "ifly-feed", "mode": "waterfall",
                  "priceMicros": 3000, "timeoutSeconds": 2 },
                { "id": "yandex-2", "provider": "yandex", "adUnit": "R-M-NATIVE", "mode": "waterfall",
                  "priceMicros": 2000, "timeoutSeconds": 2 } ] },
            { "id": "rewarded", "format": "rewarded", "strategy": "waterfall", "lineItems": [
                { "id": "google-rewarded", "provider": "google", "adUnit": "app-rewarded", "mode": "waterfall",
                  "priceMicros": 5000, "timeoutSeconds": 5 } ] }
          ]
        }
        """

    /// The built-in fixtures of the AdBridge checkout this package sits in (Tests/Packages/HostIntegration).
    static let adBridgeFixtures: URL = {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<6 { root.deleteLastPathComponent() }  // Tests/Packages/HostIntegration/Tests/<target>/<file>
        return root.appendingPathComponent("Fixtures")
    }()

    /// A feed cell at `y` in the feed: a node for every asset kind, stacked, the call to action among them.
    static func cell(at y: Double, in feed: HostNodeID, tree: HostTree) throws -> FeedCell {
        let container = try tree.makeNode(frame: Rect(x: 0, y: y, width: 390, height: 400))
        try tree.addChild(container, to: feed)
        var nodes: [AssetKind: HostNodeID] = [:]
        for (index, kind) in AssetKind.allCases.enumerated() {
            let height: Double = kind == .media ? 120 : 20
            let top: Double = kind == .media ? 260 : Double(index) * 20
            let node = try tree.makeNode(frame: Rect(x: 10, y: top, width: 370, height: height))
            try tree.addChild(node, to: container)
            nodes[kind] = node
        }
        let callToAction = try #require(nodes[.callToAction])
        return FeedCell(container: container, nodes: nodes, callToAction: callToAction)
    }

    @Test("The whole flow: launch, two native placements, a scroll, an impression, a click, a reward, a close")
    func wholeFlow() async throws {
        let driver = VirtualTimeDriver(seed: 1)
        let fixtures = Self.adBridgeFixtures
        let transport = FixtureDirectoryTransport(
            directory: fixtures,
            mapping: [
                "ifly-feed": "ifly/multi-image-three.xml", "R-M-NATIVE": "yandex/native-all-assets.xml",
                "app-rewarded": "google/rewarded.xml",
            ])
        var drawn: [HostNodeID] = []
        let ads = try await AppAds(
            scheduler: driver, transport: transport, beacons: RecordingBeaconSender(),
            configuration: Data(Self.configuration.utf8),
            privacy: PrivacySignals(gdprApplies: false, trackingAuthorization: .authorized),
            draw: { _, node in drawn.append(node) })
        await driver.run(for: .seconds(3))
        for placement in ["feed-1", "feed-2", "rewarded"] {
            #expect(ads.mediator.isReady(placement), "\(placement) is ready after launch")
        }

        // The feed: one cell on screen, one below it.
        let tree = ads.host.tree
        let window = tree.addWindow(scene: "main", frame: Rect(x: 0, y: 0, width: 390, height: 844), isKey: true)
        let feed = try tree.makeNode(frame: Rect(x: 0, y: 0, width: 390, height: 844), clipsToBounds: true)
        try tree.addChild(feed, to: tree.rootNode(of: window))
        let top = try Self.cell(at: 100, in: feed, tree: tree)
        let below = try Self.cell(at: 1_200, in: feed, tree: tree)
        let first = try #require(try ads.fill(top, placement: "feed-1"))
        let second = try #require(try ads.fill(below, placement: "feed-2"))
        #expect(!drawn.isEmpty, "render drew the ads' assets")

        // On screen for two seconds: the first counts, the second (below the fold) does not.
        await driver.run(for: .seconds(2))
        #expect(ads.revenue.map(\.placementID) == ["feed-1"])

        // The user scrolls the second cell into view: it counts too, and a tap on its button is a valid click.
        try tree.setBoundsOrigin(feed, Point(x: 0, y: 1_100))
        await driver.run(for: .seconds(2))
        #expect(ads.revenue.map(\.placementID) == ["feed-1", "feed-2"])
        #expect(ads.userTapped(below.callToAction, on: second) == .counted)
        #expect(ads.userTapped(top.callToAction, on: first) != .counted, "the first cell is off screen now")

        // The rewarded video: presented from the app's own context, watched to the end, reward then close.
        let context = try HostContextProvider(tree: tree)
        try tree.addChild(context.node, to: tree.rootNode(of: window))
        try ads.showRewarded(placement: "rewarded", from: context)
        await driver.run(for: .seconds(25))
        #expect(ads.coins == 10)
        try ads.playerClosed(from: context)
        #expect(ads.revenue.map(\.placementID) == ["feed-1", "feed-2", "rewarded"])
        #expect(ads.revenue.allSatisfy { !$0.isTest })
        // The feed's two placements were mediated at once: IFLY's one creative won the first to ask, and since it may
        // not repeat on screen, Yandex won the other (which is first depends on the order the files were read).
        let feedWinners = Set(ads.revenue.prefix(2).map(\.lineItemID))
        let expected: Set<Set<String>> = [["ifly-1", "yandex-2"], ["yandex-1", "ifly-2"]]
        #expect(expected.contains(feedWinners))
        let paid: Int64 = ads.revenue.map(\.revenue.micros).reduce(0, +)
        #expect(paid == 10_000, "3,000 + 2,000 micros for the feed, 5,000 for the video")

        // A recycled cell's placement loads its next ad.
        try ads.recycle(first)
        await driver.run(for: .seconds(3))
        #expect(ads.mediator.isReady("feed-1"))
    }
}
