import AdCore
import AdCreative
import AdTestSupport
import Foundation
import Testing
import YandexProvider

@Suite("Yandex dialect")
struct YandexDialectTests {
    @Test("Every fixture but the malformed one decodes; the malformed one fails with VAST 100")
    func everyFixtureDecodes() throws {
        let folder = FixturePaths.fixtures.appendingPathComponent("yandex")
        let files = FixturePaths.xmlFiles(under: folder)
        #expect(files.count >= 10)
        for file in files {
            let bytes = Array(try Data(contentsOf: file))
            if file.lastPathComponent == "malformed.xml" {
                let error = #expect(throws: AdError.self) { try YandexResponse(bytes: bytes, providerID: "yandex") }
                #expect(error?.code == .invalidResponse)
                #expect(error?.vastCode == 100)
                #expect(error?.providerID == "yandex")
                #expect(error?.hint != nil)
            } else {
                _ = try YandexResponse(bytes: bytes, providerID: "yandex")
            }
        }
    }

    @Test("The slider fixture decodes the block's assets and its three cards with every primitive")
    func sliderDecodes() throws {
        let response = try YandexResponse(
            bytes: try YandexWorld.fixture("slider-three-cards-sponsored.xml"), providerID: "yandex")
        #expect(response.blockID == "blk-100")
        #expect(response.blockAssets == [YandexAsset(kind: .sponsored, content: .text("Реклама"), isRequired: true)])
        #expect(response.blockImpressionURLs == ["https://an.yandex.example/count/block?b=blk-100"])
        #expect(response.cards.map(\.id) == ["card-101", "card-102", "card-103"])
        let card = try #require(response.cards.first)
        #expect(card.creativeID == "cr-101")
        #expect(card.requiredAssets == [.title, .sponsored, .media, .callToAction])
        #expect(
            card.asset(.media)?.content
                == .image(url: "https://img.yandex.example/card-101-media.jpg", width: 320, height: 180))
        #expect(card.clickThrough == "https://shop.example/card-101")
        #expect(card.clickTrackingURLs == ["https://an.yandex.example/count/click?c=card-101"])
        #expect(response.warnings.isEmpty)
    }

    @Test("An unknown asset kind is ignored with a warning, the rest of the card is kept")
    func unknownAssetKindIgnored() throws {
        let response = try YandexResponse(
            bytes: try YandexWorld.fixture("unknown-asset-kind.xml"), providerID: "yandex")
        #expect(response.cards.count == 1)
        #expect(response.cards[0].assets.count == 10)
        #expect(response.blockAssets.map(\.kind) == [.sponsored])
        #expect(response.warnings.count == 2)
        #expect(response.warnings.contains { $0.contains("'rating3d'") && $0.contains("card-501") })
        #expect(response.warnings.contains { $0.contains("'hologram'") && $0.contains("block") })
    }

    @Test("Unknown asset kinds reach the diagnostics at load, and the slider still loads")
    @MainActor
    func unknownAssetKindWarnsAtLoad() async throws {
        let world = try YandexWorld()
        let state = try await world.loadedSlider("unknown-asset-kind.xml")
        #expect(state.layout?.ads.count == 1)
        #expect(world.warnings.contains { $0.contains("rating3d") })
    }

    @Test("A card lacking a required field is marked invalid; the other cards are intact")
    func cardMissingRequiredMarked() throws {
        let response = try YandexResponse(
            bytes: try YandexWorld.fixture("card-missing-required.xml"), providerID: "yandex")
        #expect(response.cards.map(\.id) == ["card-601", "card-602"])
        #expect(response.cards[0].invalidReason == nil)
        #expect(response.cards[1].invalidReason?.contains("title") == true)
    }

    @Test("Malformed XML fails the load with a typed invalidResponse error, never a crash")
    @MainActor
    func malformedFailsLoad() async throws {
        let world = try YandexWorld()
        let state = try await world.loadedSlider("malformed.xml")
        let error = try #require(state.phase.error)
        #expect(error.code == .invalidResponse)
        #expect(error.vastCode == 100)
        #expect(error.providerID == "yandex")
    }

    @Test("A block without cards, an empty VAST and a non-VAST document fail with typed errors")
    func noFillAndNotVAST() throws {
        let noCards = try YandexResponse(bytes: try YandexWorld.fixture("no-fill.xml"), providerID: "yandex")
        #expect(noCards.cards.isEmpty)
        #expect(noCards.blockID == "blk-nofill")
        let empty = #expect(throws: AdError.self) {
            try YandexResponse(bytes: Array("<VAST version=\"4.2\"/>".utf8), providerID: "yandex")
        }
        #expect(empty?.code == .noFill)
        #expect(empty?.vastCode == 303)
        let html = #expect(throws: AdError.self) {
            try YandexResponse(bytes: Array("<html><body/></html>".utf8), providerID: "yandex")
        }
        #expect(html?.code == .invalidResponse)
        let nothing = #expect(throws: AdError.self) { try YandexResponse(bytes: [], providerID: "yandex") }
        #expect(nothing?.code == .invalidResponse)
    }

    @Test("A no-fill response fails the slider's load with noFill (VAST 303)")
    @MainActor
    func noFillFailsLoad() async throws {
        let world = try YandexWorld()
        let state = try await world.loadedSlider("no-fill.xml")
        #expect(state.phase.error?.code == .noFill)
        #expect(state.phase.error?.vastCode == 303)
        #expect(world.beacons(.error) == ["https://an.yandex.example/error?block=blk-nofill&code=303"])
    }

    @Test("Wrapper ads and ads of no known shape are skipped with a warning")
    func wrappersSkipped() throws {
        let xml = """
            <VAST version="4.2">
              <Ad id="w"><Wrapper><AdSystem>x</AdSystem><VASTAdTagURI>https://a.example/v</VASTAdTagURI></Wrapper></Ad>
              <Ad id="plain"><InLine><AdSystem>x</AdSystem><AdTitle>t</AdTitle>
                <Creatives><Creative id="c"/></Creatives></InLine></Ad>
            </VAST>
            """
        let response = try YandexResponse(bytes: Array(xml.utf8), providerID: "yandex")
        #expect(response.cards.isEmpty)
        #expect(response.warnings.count == 2)
    }
}
