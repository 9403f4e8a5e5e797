import AdCore
import AdEmbedded
import AdMediation
import AdTestSupport
import BuiltInProviders
import Foundation
import IFLYProvider
import Testing
import YandexProvider

@testable import AdSimulator
@testable import adsim

/// The demo host app's one native rendering path (`NativeLayout.bind`) and the content under mediation.
@MainActor
@Suite("One rendering path for every provider's native ads (N1-N3)")
struct NativeContentPathTests {
    /// A host with the built-in providers and the demo app, serving fixtures under their file names.
    @MainActor
    final class World {
        let driver = VirtualTimeDriver(seed: 7)
        let transport: InMemoryTransport
        let host: AdHost
        let app: DemoHostApp

        init(serving fixtures: [String]) throws {
            transport = InMemoryTransport(clock: driver.clock)
            host = AdHost(
                registry: try BuiltInRegistry.registry(), scheduler: driver, transport: transport,
                beacons: RecordingBeaconSender(), wallClock: BuiltInRegistry.wallClock,
                landingOpener: RecordingLandingOpener())
            app = try DemoHostApp(tree: host.tree)
            for fixture in fixtures {
                let body = try Data(contentsOf: DemoDocumentationTests.root.appending(path: "Fixtures/\(fixture)"))
                transport.respond(to: fixture, with: .body(Array(body)))
            }
        }

        func loaded(_ fixture: String, _ provider: ProviderID, format: AdFormat = .native) async throws -> UnifiedAd {
            let ad = try host.makeAd(AdRequest(adUnitID: fixture, format: format), provider: provider)
            ad.load()
            await driver.run(for: .seconds(2))
            return ad
        }
    }

    @Test("N1: the same feed cell renders an IFLY ad and a Yandex ad through one function, both count and click")
    func n1_oneCellBothProviders() async throws {
        let world = try World(serving: ["ifly/multi-image-three.xml", "yandex/native-all-assets.xml"])
        let ifly = try await world.loaded("ifly/multi-image-three.xml", IFLYProvider.id)
        let yandex = try await world.loaded("yandex/native-all-assets.xml", YandexProvider.id)
        var layouts = [world.app.firstCell, world.app.secondCell]
        let sponsored = try world.host.tree.makeNode(frame: Rect(x: 10, y: 40, width: 80, height: 10))
        try world.host.tree.addChild(sponsored, to: layouts[1].container)
        layouts[1].nodes[.sponsored] = sponsored
        try layouts[0].bind(ifly)
        try layouts[1].bind(yandex)
        try world.app.scrollFeed(to: 0)
        await world.driver.run(for: .seconds(2))
        try world.app.scrollFeed(to: 1_600)
        await world.driver.run(for: .seconds(2))
        for (ad, layout) in zip([ifly, yandex], layouts) {
            #expect(ad.phase == .bound, "\(ad.providerID)")
            #expect(ad.binding(of: .main)?.assets[.title] == layout.nodes[.title])
        }
        #expect(yandex.click(on: try #require(layouts[1].callToAction)) == .counted)
    }

    @Test("N2: a Yandex ad in a cell without a sponsored label is refused before binding, naming the kind")
    func n2_demoCellLacksSponsored() async throws {
        let world = try World(serving: ["yandex/native-all-assets.xml"])
        let yandex = try await world.loaded("yandex/native-all-assets.xml", YandexProvider.id)
        let error = try #require(thrownError { try world.app.firstCell.bind(yandex) })
        #expect(error.code == .bindingFailed)
        #expect(error.message.contains("sponsored"))
        #expect(yandex.phase == .loaded)
    }

    @Test("N1: an exposure-only IFLY ad is bound without click views; a full-screen ad has no content to render")
    func n1_exposureOnlyAndFullScreen() async throws {
        let world = try World(serving: ["ifly/exposure-only.xml", "google/rewarded.xml"])
        let ifly = try await world.loaded("ifly/exposure-only.xml", IFLYProvider.id)
        try world.app.firstCell.bind(ifly)
        #expect(ifly.binding(of: .main)?.clickViews == [])
        let google = try await world.loaded("google/rewarded.xml", "google", format: .rewarded)
        #expect(google.content == nil)
        #expect(thrownError { try world.app.secondCell.bind(google) }?.code == .notReady)
    }

    @Test("N3: content is the same mediated or loaded directly, and survives a JSON round trip")
    func n3_stableUnderMediation() async throws {
        let fixture = "ifly/single-image-redirect.xml"
        let world = try World(serving: [fixture])
        let direct = try #require(try await world.loaded(fixture, IFLYProvider.id).content)
        let placement = PlacementConfiguration(
            id: "feed", format: .native, strategy: .waterfall,
            lineItems: [
                LineItemConfiguration(
                    id: "ifly", providerID: IFLYProvider.id, adUnitID: fixture,
                    mode: .waterfall(pricing: .fixed, priceMicros: 1_000, priority: 0))
            ], retry: RetryPolicy(maxAttempts: 0))
        let mediator = try Mediator(
            configuration: MediationConfiguration(placements: [placement]), host: world.host,
            random: SeededRandom(seed: 1))
        try mediator.load("feed")
        await world.driver.run(for: .seconds(2))
        let mediated = try mediator.takeAd(for: "feed")
        #expect(mediated.ad.content == direct)
        let decoded = try JSONDecoder().decode(NativeAdContent.self, from: JSONEncoder().encode(direct))
        #expect(decoded == direct)
    }
}
