import AdCore
import AdEmbedded
import AdMediation
import Foundation
import GoogleProvider
import IFLYProvider
import Testing
import YandexProvider

/// Test mode and the no-repeat rule through mediation with the real providers (issue 36, points 4 and 5): test mode
/// per placement fills each placement as production would (H17), a release build refuses a known test ad unit
/// (H10), and the no-repeat exclusion has one name for every provider (Y18).
@MainActor
@Suite("Test mode per placement and one name for the no-repeat exclusion, with the real providers")
struct TestModeMediationTests {
    /// A host of the three real providers in virtual time, its transport serving each unit a fixture after 100 ms,
    /// and a mediator over one waterfall placement per `(placement, provider, ad unit)`.
    @MainActor
    private struct World {
        let driver: VirtualTimeDriver
        let transport: InMemoryTransport
        let host: AdHost
        let mediator: Mediator

        init(
            _ placements: [(id: String, provider: ProviderID, unit: String)], format: AdFormat = .native,
            serving: [String: String], build: AdBuildConfiguration = .debug
        ) throws {
            driver = VirtualTimeDriver(seed: 5)
            transport = InMemoryTransport(clock: driver.clock)
            for (unit, fixture) in serving {
                let body = try Data(contentsOf: DemoDocumentationTests.root.appending(path: "Fixtures/\(fixture)"))
                transport.respond(to: unit, with: .delayed(.milliseconds(100), .body(Array(body))))
            }
            host = AdHost(
                registry: try ProviderRegistry([YandexProvider(), GoogleProvider(), IFLYProvider()]),
                scheduler: driver, transport: transport, beacons: RecordingBeaconSender(),
                diagnostics: AdDiagnostics(isEnabled: true), buildConfiguration: build)
            let configured = placements.map { placement in
                PlacementConfiguration(
                    id: placement.id, format: format, strategy: .waterfall,
                    lineItems: [
                        LineItemConfiguration(
                            id: "\(placement.provider)-\(placement.id)", providerID: placement.provider,
                            adUnitID: placement.unit, mode: .waterfall(pricing: .fixed, priceMicros: 2_000, priority: 0)
                        )
                    ], retry: RetryPolicy(maxAttempts: 0))
            }
            mediator = try Mediator(
                configuration: MediationConfiguration(placements: configured), host: host,
                random: SeededRandom(seed: 5))
        }

        /// Loads each placement in turn (the first fills before the second asks) and keeps the first's ad shown.
        func loadInTurn(_ ids: [String]) async throws -> [MediationReport] {
            var reports: [MediationReport] = []
            for id in ids {
                try mediator.load(id)
                await driver.run(for: .seconds(1))
                reports.append(try #require(mediator.lastReport(for: id)))
            }
            return reports
        }
    }

    @Test("H17: two IFLY placements in test mode, each with its own test placement, both fill and are test")
    func h17_eachPlacementItsOwnTestUnit() async throws {
        let world = try World(
            [("feed-top", "ifly", "ifly-top"), ("feed-bottom", "ifly", "ifly-bottom")],
            serving: [
                "ifly-test-top": "ifly/multi-image-three.xml", "ifly-test-bottom": "ifly/single-image-redirect.xml",
            ])
        try world.host.setTestMode(true, for: "ifly", placement: "feed-top", units: [.native: "ifly-test-top"])
        try world.host.setTestMode(true, for: "ifly", placement: "feed-bottom", units: [.native: "ifly-test-bottom"])
        #expect(world.host.testAdUnits(of: "ifly", placement: "feed-bottom") == [.native: "ifly-test-bottom"])
        #expect(world.host.testAdUnits(of: "ifly").isEmpty)  // no provider-wide setting
        let reports = try await world.loadInTurn(["feed-top", "feed-bottom"])
        #expect(reports.map { $0.items.map(\.state) } == [[.filled], [.filled]])
        #expect(reports.allSatisfy { $0.isTest && $0.items.allSatisfy(\.isTest) })
        #expect(world.transport.requests.map(\.adUnitID) == ["ifly-test-top", "ifly-test-bottom"])
    }

    @Test("H17: placements sharing one test unit all fill in test mode; live, the same creative is excludedCreative")
    func h17_sharedTestUnitFillsEveryPlacement() async throws {
        let test = try World(
            [("feed-top", "ifly", "ifly-top"), ("feed-bottom", "ifly", "ifly-bottom")],
            serving: ["ifly-test": "ifly/multi-image-three.xml"])
        try test.host.setTestMode(true, for: "ifly", units: [.native: "ifly-test"])
        let top = try test.mediator.takeAdAfter(await test.loadInTurn(["feed-top"]))
        let reports = try await test.loadInTurn(["feed-bottom"])
        #expect(reports.first?.items.map(\.state) == [.filled])  // before H17: excludedCreative, always
        #expect(test.host.ledger.placements(holding: "cr-multi-3").isEmpty)  // test ads hold nothing
        test.mediator.release(top)

        let live = try World(
            [("feed-top", "ifly", "ifly-live"), ("feed-bottom", "ifly", "ifly-live")],
            serving: ["ifly-live": "ifly/multi-image-three.xml"])
        let liveTop = try live.mediator.takeAdAfter(await live.loadInTurn(["feed-top"]))
        let liveReports = try await live.loadInTurn(["feed-bottom"])
        #expect(liveReports.first?.items.map(\.state) == [.excludedCreative])
        #expect(!(liveReports.first?.isTest ?? true))
        live.mediator.release(liveTop)
    }

    @Test("H17: Yandex in test mode: two slider placements on the one demo unit each fill with its cards")
    func h17_yandexSlidersShareTheDemoUnit() async throws {
        let world = try World(
            [("top", "yandex", "R-M-1"), ("bottom", "yandex", "R-M-2")], format: .nativeSlider,
            serving: [YandexProvider.demoSliderAdUnitID: "yandex/demo-native-slider-yandex.xml"])
        try world.host.setTestMode(true, for: "yandex")
        let top = try world.mediator.takeAdAfter(await world.loadInTurn(["top"]))
        let bottom = try #require(try await world.loadInTurn(["bottom"]).first)
        // Live, the provider itself would leave every card out (Y18): excludedCreative. A test ad holds nothing.
        #expect(bottom.items.map(\.state) == [.filled])
        #expect(bottom.isTest)
        #expect(world.host.ledger.placements(holding: "demo-cr-1").isEmpty)
        let second = try world.mediator.takeAd(for: "bottom")
        #expect(second.ad.info?.creativeIDs == top.ad.info?.creativeIDs)
        world.mediator.release(top)
        world.mediator.release(second)
    }

    @Test("H17: a placement switched off stays live while its provider is in test mode elsewhere")
    func h17_placementOffWhileProviderOn() throws {
        let world = try World([("feed-top", "ifly", "ifly-top")], serving: [:])
        try world.host.setTestMode(true, for: "ifly", units: [.native: "ifly-test"])
        try world.host.setTestMode(false, for: "ifly", placement: "feed-top")
        let kept = try world.host.makeAd(
            AdRequest(adUnitID: "ifly-top", format: .native, placementID: "feed-top"), provider: "ifly")
        #expect(!kept.request.isTest && kept.request.adUnitID == "ifly-top")
        let other = try world.host.makeAd(
            AdRequest(adUnitID: "ifly-side", format: .native, placementID: "feed-side"), provider: "ifly")
        #expect(other.request.isTest && other.request.adUnitID == "ifly-test")
        #expect(throws: AdError.self) { try world.host.setTestMode(true, for: "ifly", placement: " ") }
        // Off for every placement forgets the placements' settings too.
        try world.host.setTestMode(true, for: "ifly", placement: "feed-top", units: [.native: "ifly-test-top"])
        try world.host.setTestMode(false, for: "ifly")
        #expect(world.host.testModeProviders.isEmpty)
        #expect(world.host.testAdUnits(of: "ifly", placement: "feed-top").isEmpty)
    }

    @Test("Y18: the no-repeat exclusion is excludedCreative for Yandex as for IFLY, never noFill")
    func y18_oneNameForTheNoRepeatExclusion() async throws {
        let yandex = try World(
            [("top", "yandex", "R-M-1"), ("bottom", "yandex", "R-M-2")], format: .nativeSlider,
            serving: [
                "R-M-1": "yandex/slider-three-cards-sponsored.xml", "R-M-2": "yandex/slider-three-cards-sponsored.xml",
            ])
        let slider = try yandex.mediator.takeAdAfter(await yandex.loadInTurn(["top"]))
        let refused = try #require(try await yandex.loadInTurn(["bottom"]).first)
        #expect(refused.items.map(\.state) == [.excludedCreative])
        #expect(refused.items.first?.error?.code == .excludedCreative)
        #expect(refused.items.first?.error?.message.contains("already placed") == true)
        yandex.mediator.release(slider)

        let ifly = try World(
            [("top", "ifly", "ifly-1"), ("bottom", "ifly", "ifly-2")],
            serving: ["ifly-1": "ifly/multi-image-three.xml", "ifly-2": "ifly/multi-image-three.xml"])
        let shown = try ifly.mediator.takeAdAfter(await ifly.loadInTurn(["top"]))
        let excluded = try #require(try await ifly.loadInTurn(["bottom"]).first)
        #expect(excluded.items.map(\.state) == [.excludedCreative])
        ifly.mediator.release(shown)
    }

    @Test("H10: a release build refuses a known test ad unit of Yandex and Google, naming the unit and the fix")
    func h10_releaseBuildRefusesKnownTestUnits() throws {
        let world = try World([("p", "yandex", "R-M-1")], serving: [:], build: .release)
        let units: [(ProviderID, String, AdFormat)] = [
            ("yandex", "demo-native-slider-yandex", .nativeSlider), ("yandex", "demo-native-content-yandex", .native),
            ("google", "ca-app-pub-3940256099942544/1712485313", .rewarded),
            ("google", "ca-app-pub-3940256099942544/5224354917", .rewarded),  // a test unit not in testAdUnits
        ]
        for (provider, unit, format) in units {
            var refusal: AdError?
            do {
                _ = try world.host.makeAd(
                    AdRequest(adUnitID: unit, format: format, placementID: "p"), provider: provider)
            } catch {
                refusal = error
            }
            #expect(refusal?.code == .testModeRefused, "\(unit)")
            #expect(refusal?.message.contains("'\(unit)' is a test ad unit of '\(provider)'") == true)
            #expect(refusal?.hint?.hasPrefix("Replace '\(unit)' with your live ad unit") == true)
            #expect(world.host.diagnostics.entries.last?.message == refusal?.message)
            #expect(world.host.diagnostics.entries.last?.recommendation == refusal?.hint)
        }
        // A live unit of the same providers loads.
        let live = try world.host.makeAd(AdRequest(adUnitID: "R-M-1", format: .native), provider: "yandex")
        #expect(!live.request.isTest)
        #expect(world.transport.requests.isEmpty)
    }

    @Test("H10: mediation in a release build asks no test unit; Y16: in a debug build its ad and revenue are test")
    func h10_mediatedTestUnitInReleaseAndDebug() async throws {
        let release = try World(
            [("slider", "yandex", YandexProvider.demoSliderAdUnitID)], format: .nativeSlider,
            serving: [YandexProvider.demoSliderAdUnitID: "yandex/demo-native-slider-yandex.xml"], build: .release)
        let refused = try #require(try await release.loadInTurn(["slider"]).first)
        #expect(refused.items.map(\.state) == [.error])
        #expect(refused.items.first?.error?.code == .testModeRefused)
        #expect(release.transport.requests.isEmpty)

        let debug = try World(
            [("slider", "yandex", YandexProvider.demoSliderAdUnitID)], format: .nativeSlider,
            serving: [YandexProvider.demoSliderAdUnitID: "yandex/demo-native-slider-yandex.xml"])
        let filled = try #require(try await debug.loadInTurn(["slider"]).first)
        #expect(filled.items.map(\.state) == [.filled])
        #expect(filled.isTest && filled.items.first?.isTest == true)  // a demo unit's ads are test ads (Y16)
        let mediated = try debug.mediator.takeAd(for: "slider")
        #expect(mediated.ad.request.isTest && mediated.report.isTest)
    }
}

extension Mediator {
    /// Takes the ready ad of the (one) placement the reports finished.
    fileprivate func takeAdAfter(_ reports: [MediationReport]) throws -> MediatedAd {
        try takeAd(for: try #require(reports.last?.placementID))
    }
}
