import AdCore
import AdTestSupport
import ExampleProvider
import Foundation
import Testing

@MainActor
@Suite("A third-party provider built on AdCore and AdCreative only")
struct ExampleProviderTests {
    /// A house ad in the example network's VAST dialect.
    static func houseAd(extra: String = "") -> String {
        """
        <VAST version="4.2"><Ad id="house-42"><InLine>
          <AdSystem>Example House Ads</AdSystem><AdTitle>Winter sale</AdTitle>
          <Impression><![CDATA[https://t.example/imp?c=ex-42]]></Impression>
          <Creatives><Creative id="ex-42"></Creative></Creatives>
          <Extensions><Extension type="house-ads">
            <Title>Winter sale</Title>
            <Image width="1200" height="628">https://img.example/winter.png</Image>
            <CallToAction>Shop now</CallToAction>
            <ClickThrough>https://shop.example/winter</ClickThrough>
            <ClickTracking><![CDATA[https://t.example/click?c=ex-42]]></ClickTracking>
            <Required>title, callToAction</Required>
            <TimeToLive>3600</TimeToLive>
            <PriceMicros>1500000</PriceMicros>
            \(extra)
          </Extension></Extensions>
        </InLine></Ad></VAST>
        """
    }

    private let response = Self.houseAd()

    @Test("It registers, loads through the host's transport and fires its tracking through the beacon sender")
    func loadsBindsAndTracks() async throws {
        let world = try TestHost(providers: [ExampleProvider()])
        world.transport.respond(to: "unit-1", with: .body(Array(response.utf8)))
        let card = try world.addCard(y: 100)
        let ad = try world.makeAd(
            AdRequest(adUnitID: "unit-1", format: .native, placementID: "feed"), provider: "example")
        await ad.load().value
        #expect(ad.info?.creativeIDs == ["ex-42"])
        #expect(ad.info?.revenue?.micros == 1_500_000)
        #expect(ad.info?.expiresAt == AdInstant(sinceEpoch: .seconds(3600)))
        try ad.bind(
            AdBinding(
                container: card.container, assets: [.title: card.title, .callToAction: card.cta],
                clickViews: [card.cta]))
        world.driver.advance(by: .seconds(1))
        #expect(ad.click(on: card.cta) == .counted)
        #expect(world.beacons.sent.map(\.url) == ["https://t.example/imp?c=ex-42", "https://t.example/click?c=ex-42"])
        #expect(world.events(of: ad).suffix(3) == ["impression(unit-1)", "click(ad)", "jumped(true)"])
        #expect(world.landings.opened == ["https://shop.example/winter"])
    }

    @Test("N1: its content is the house ad's title, image and call to action, read without a cast")
    func n1_contentWithoutCast() async throws {
        let world = try TestHost(providers: [ExampleProvider()])
        world.transport.respond(to: "unit-1", with: .body(Array(response.utf8)))
        let ad = try await world.loadedAd(adUnit: "unit-1", creative: response, provider: "example")
        let content = try #require(ad.content)
        #expect(content.kinds == [.title, .media, .callToAction])
        #expect(content[.title]?.text == "Winter sale")
        #expect(content[.media] == .image(NativeImage(url: "https://img.example/winter.png", width: 1200, height: 628)))
        #expect(content.requiredAssets == [.title, .callToAction])
    }

    @Test("The impression event carries provider, placement, ad unit, creative ID and revenue with its precision")
    func impressionEventCarriesItsData() async throws {
        let world = try TestHost(providers: [ExampleProvider()])
        world.transport.respond(to: "unit-1", with: .body(Array(response.utf8)))
        let card = try world.addCard(y: 100)
        let ad = try world.makeAd(
            AdRequest(adUnitID: "unit-1", format: .native, placementID: "feed"), provider: "example")
        var impressions: [ImpressionData] = []
        ad.onEvent { event in
            if case .impression(let data) = event { impressions.append(data) }
        }
        await ad.load().value
        try ad.bind(
            AdBinding(
                container: card.container, assets: [.title: card.title, .callToAction: card.cta],
                clickViews: [card.cta]))
        world.driver.advance(by: .milliseconds(999))
        #expect(impressions.isEmpty)
        world.driver.advance(by: .milliseconds(1))
        #expect(
            impressions == [
                ImpressionData(
                    providerID: "example", placementID: "feed", adUnitID: "unit-1", creativeID: "ex-42",
                    revenue: Revenue(micros: 1_500_000, currency: "USD", precision: .estimated))
            ])
        world.driver.advance(by: .seconds(5))
        #expect(impressions.count == 1)
    }

    @Test("Y9: a required asset the host did not render fails the binding, naming it")
    func y9_missingRequiredAssetFailsBinding() async throws {
        let world = try TestHost(providers: [ExampleProvider()])
        world.transport.respond(to: "unit-1", with: .body(Array(response.utf8)))
        let card = try world.addCard(y: 100)
        let ad = try world.makeAd(AdRequest(adUnitID: "unit-1", format: .native), provider: "example")
        await ad.load().value
        let error = thrownError { try ad.bind(AdBinding(container: card.container, assets: [.title: card.title])) }
        #expect(error?.code == .bindingFailed)
        #expect(error?.message == "Required assets missing: callToAction (not rendered).")
        #expect(ad.phase == .loaded)
        #expect(world.events(of: ad).last == "bindingFailed(bindingFailed)")
    }

    @Test("Bad responses are typed errors: no ad is noFill; garbage, a missing extension, a bad number are invalid")
    func badResponsesAreTyped() async throws {
        let world = try TestHost(providers: [ExampleProvider()])
        world.transport.respond(to: "empty", with: .body(Array(#"<VAST version="4.2"/>"#.utf8)))
        world.transport.respond(to: "garbage", with: .body(Array("creative ex-1\nttl: soon".utf8)))
        let plain = Self.houseAd().replacingOccurrences(of: "type=\"house-ads\"", with: "type=\"other\"")
        world.transport.respond(to: "unknown", with: .body(Array(plain.utf8)))
        let soon = Self.houseAd().replacingOccurrences(of: "<TimeToLive>3600", with: "<TimeToLive>soon")
        world.transport.respond(to: "soon", with: .body(Array(soon.utf8)))
        for (unit, code) in [
            ("empty", AdError.Code.noFill), ("garbage", .invalidResponse), ("unknown", .invalidResponse),
            ("soon", .invalidResponse),
        ] {
            let ad = try world.makeAd(AdRequest(adUnitID: unit, format: .native), provider: "example")
            await ad.load().value
            guard case .failed(let error) = ad.phase else {
                Issue.record("\(unit): expected a failure, got \(ad.phase)")
                continue
            }
            #expect(error.code == code, "\(unit)")
            #expect(error.providerID == "example")
        }
    }

    @Test("A build for another contract version is refused at registration")
    func otherContractRefused() {
        var registry = ProviderRegistry()
        let error = thrownError {
            try registry.register(ExampleProvider(contractVersion: AdBridgeContract.version + 1))
        }
        #expect(error?.code == .registrationFailed)
        #expect(error?.hint?.contains("adapter") == true)
    }
}
