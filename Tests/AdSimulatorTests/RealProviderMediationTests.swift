import AdCore
import AdEmbedded
import AdMediation
import AdTestSupport
import Foundation
import GoogleProvider
import IFLYProvider
import Testing
import YandexProvider

/// Mediation end to end with the real providers (not scripted ones): the `Mediator` loads the providers' fixtures
/// through `GoogleProvider`, `YandexProvider` and `IFLYProvider` on an `AdHost`, in virtual time.
@MainActor
@Suite("Mediation with the real providers, in virtual time")
struct RealProviderMediationTests {
    @Test(
        "G10: a mediated Google rewarded ad is ready for one hour after its fill, then expires and is never handed out")
    func g10_mediatedGoogleRewardedAdExpiresAfterOneHour() async throws {
        let placement = PlacementConfiguration(
            id: "rewarded", format: .rewarded, strategy: .waterfall,
            lineItems: [
                LineItemConfiguration(
                    id: "google-rewarded", providerID: "google", adUnitID: "ca-app-pub-test/rewarded",
                    mode: .waterfall(pricing: .fixed, priceMicros: 5_000, priority: 0))
            ], retry: RetryPolicy(maxAttempts: 0))
        let (driver, _, mediator) = try world(
            GoogleProvider(), serving: "google/rewarded.xml", at: "ca-app-pub-test/rewarded",
            after: .milliseconds(200), placements: [placement], seed: 7)
        var expired: [String] = []
        mediator.onEvent { event in
            if case .expired(let placementID, let lineItemID, let at) = event {
                expired.append("\(placementID) \(lineItemID) \(at)")
            }
        }

        try mediator.load("rewarded")
        await driver.run(for: .seconds(1))
        #expect(mediator.isReady("rewarded"), "\(String(describing: mediator.lastReport(for: "rewarded")))")
        #expect(mediator.lastReport(for: "rewarded")?.winner == "google-rewarded")
        let loadedAt = AdInstant(sinceEpoch: .milliseconds(200))
        await driver.run(for: .seconds(3_599.199))  // t = 3 600.199 s: 1 ms before the hour since the fill
        #expect(mediator.isReady("rewarded"))
        #expect(expired.isEmpty)
        await driver.run(for: .milliseconds(1))
        #expect(!mediator.isReady("rewarded"))
        #expect(expired == ["rewarded google-rewarded \(loadedAt.advanced(by: .seconds(3_600)))"])
        do {
            _ = try mediator.takeAd(for: "rewarded")
            Issue.record("an expired ad was handed out")
        } catch {
            #expect(error.code == .notReady)
        }
    }

    @Test("Y18: a Yandex slider shown in one placement is not repeated in another until the app releases it")
    func y18_mediatedYandexSliderIsNotRepeatedAcrossPlacements() async throws {
        let placements = ["top", "bottom"].map { id in
            PlacementConfiguration(
                id: id, format: .nativeSlider, strategy: .waterfall,
                lineItems: [
                    LineItemConfiguration(
                        id: "yandex-slider-\(id)", providerID: "yandex", adUnitID: "R-M-SLIDER",
                        mode: .waterfall(pricing: .fixed, priceMicros: 1_800, priority: 0))
                ], retry: RetryPolicy(maxAttempts: 0))
        }
        let (driver, _, mediator) = try world(
            YandexProvider(), serving: "yandex/slider-three-cards-sponsored.xml", at: "R-M-SLIDER",
            after: .milliseconds(150), placements: placements, seed: 11)

        try mediator.load("top")
        await driver.run(for: .seconds(1))
        let top = try mediator.takeAd(for: "top")
        #expect(top.lineItemID == "yandex-slider-top")
        #expect(top.ad.info?.creativeIDs.isEmpty == false)

        // The same slider for the second placement: every card is already placed in the first one.
        try mediator.load("bottom")
        await driver.run(for: .seconds(1))
        #expect(!mediator.isReady("bottom"))
        let refused = try #require(mediator.lastReport(for: "bottom"))
        #expect(refused.winner == nil)
        #expect(refused.items.map(\.state) == [.excludedCreative])  // the one name of the exclusion, as for IFLY
        #expect(refused.error?.code == .noFill)  // the request: no line item filled

        // Once the app releases the first slider its cards may be placed again.
        mediator.release(top)
        try mediator.load("bottom")
        await driver.run(for: .seconds(1))
        #expect(mediator.isReady("bottom"))
        #expect(mediator.lastReport(for: "bottom")?.winner == "yandex-slider-bottom")
    }

    @Test("I23: IFLY load failures are retried a bounded number of times through mediation, then nothing more")
    func i23_mediatedIFLYRetriesAreBounded() async throws {
        let placement = PlacementConfiguration(
            id: "feed", format: .native, strategy: .waterfall,
            lineItems: [
                LineItemConfiguration(
                    id: "ifly-feed", providerID: "ifly", adUnitID: "ifly-feed",
                    mode: .waterfall(pricing: .fixed, priceMicros: 3_000, priority: 0))
            ], retry: RetryPolicy(maxAttempts: 2, baseDelay: .seconds(1), maximumDelay: .seconds(4)))
        let (driver, transport, mediator) = try world(
            IFLYProvider(), serving: "ifly/malformed.xml", at: "ifly-feed", after: .milliseconds(100),
            placements: [placement], seed: 13)

        try mediator.load("feed")
        await driver.run(for: .seconds(60))
        // The first load and two retries, each refused by IFLY's parser (malformed XML, VAST 100); then nothing.
        #expect(transport.requests.count == 3)
        #expect(!mediator.isReady("feed"))
        let report = try #require(mediator.lastReport(for: "feed"))
        #expect(report.items.map(\.state) == [.error])
        #expect(report.retryAttempt == 2)
        #expect(report.nextRetryAt == nil)
        await driver.run(for: .seconds(600))
        #expect(transport.requests.count == 3)
    }

    /// One provider on an `AdHost` in virtual time, whose transport answers `adUnit` with the fixture at
    /// `fixture` (under `Fixtures/`) after `delay`, and a `Mediator` over `placements`.
    private func world(
        _ provider: any AdProvider,
        serving fixture: String,
        at adUnit: String,
        after delay: Duration,
        placements: [PlacementConfiguration],
        seed: UInt64
    ) throws -> (VirtualTimeDriver, InMemoryTransport, Mediator) {
        let driver = VirtualTimeDriver(seed: seed)
        let transport = InMemoryTransport(clock: driver.clock)
        let body = try Data(contentsOf: DemoDocumentationTests.root.appending(path: "Fixtures/\(fixture)"))
        transport.respond(to: adUnit, with: .delayed(delay, .body(Array(body))))
        let host = AdHost(
            registry: try ProviderRegistry([provider]), scheduler: driver, transport: transport,
            beacons: RecordingBeaconSender())
        let mediator = try Mediator(
            configuration: MediationConfiguration(placements: placements), host: host,
            random: SeededRandom(seed: seed))
        return (driver, transport, mediator)
    }
}
