import AdCore
import AdCreative
import Testing
import YandexProvider

/// Rule R18: the Yandex dialect decoder refuses a field of the wrong type with a typed error naming the field.
@Suite("R18: Yandex fields of the wrong type")
struct YandexFieldTypeTests {
    private func card(_ asset: String) -> [UInt8] {
        let xml = """
            <VAST version="4.2"><Ad id="c1"><InLine><AdSystem>Yandex</AdSystem><AdTitle>t</AdTitle>
            <Creatives><Creative id="cr"><CreativeExtensions><CreativeExtension type="yandex-native">
            \(asset)
            </CreativeExtension></CreativeExtensions></Creative></Creatives></InLine></Ad></VAST>
            """
        return Array(xml.utf8)
    }

    private func refusal(_ asset: String) -> AdError? {
        #expect(throws: AdError.self) { try YandexResponse(bytes: card(asset), providerID: "yandex") }
    }

    @Test(
        "R18: Yandex required=\"maybe\", a <Video duration> that is no time and a width that is no number are refused",
        arguments: [
            (
                #"<Asset kind="title" required="maybe"><Text>t</Text></Asset>"#,
                #"<Asset kind="title"> required 'maybe'"#
            ),
            (
                #"<Asset kind="media"><Video url="https://v.test/v.mp4" duration="long"/></Asset>"#,
                "<Video> duration 'long'"
            ),
            (#"<Asset kind="icon"><Image url="https://i.test/i.png" width="wide"/></Asset>"#, "<Image> width 'wide'"),
            (#"<Asset kind="icon"><Image url="https://i.test/i.png" height="auto"/></Asset>"#, "<Image> height 'auto'"),
            (#"<Asset kind="media"><Video url="https://v.test/v.mp4" width="10px"/></Asset>"#, "<Video> width '10px'"),
        ])
    func r18_yandexWrongTypes(asset: String, field: String) throws {
        let error = try #require(refusal(asset))
        #expect(error.code == .invalidResponse)
        #expect(error.vastCode == 101)
        #expect(error.providerID == "yandex")
        #expect(error.message.contains("card c1"), "\(error.message)")
        #expect(error.message.contains(field), "\(error.message)")
        #expect(error.hint?.isEmpty == false)
    }

    @Test("R18: Yandex right types still decode: booleans in every spelling, a time, sizes; range stays a warning")
    func r18_yandexRightTypes() throws {
        for spelling in ["true", "TRUE", "1", "yes", "false", "0", "no"] {
            let response = try YandexResponse(
                bytes: card(#"<Asset kind="title" required="\#(spelling)"><Text>t</Text></Asset>"#),
                providerID: "yandex")
            #expect(response.cards.first?.assets.count == 1, "\(spelling)")
        }
        let video = try YandexResponse(
            bytes: card(
                #"<Asset kind="media"><Video url="https://v.test/v.mp4" width=" 320 " height="180" duration="00:00:15"/></Asset>"#
            ), providerID: "yandex")
        #expect(
            video.cards.first?.assets.first?.content
                == .video(url: "https://v.test/v.mp4", width: 320, height: 180, duration: .seconds(15)))
        let huge = try YandexResponse(
            bytes: card(#"<Asset kind="icon"><Image url="https://i.test/i.png" width="1e9"/></Asset>"#),
            providerID: "yandex")
        #expect(huge.warnings.count == 1)
    }

    @Test("R18: Yandex a block asset of the wrong type fails the provider's load naming the field")
    func r18_yandexBlockFailsLoad() throws {
        let xml = """
            <VAST version="4.2"><Ad id="blk"><InLine><AdSystem>Yandex</AdSystem><AdTitle>b</AdTitle>
            <Creatives><Creative id="blk"/></Creatives><Extensions><Extension type="yandex-slider">
            <Asset kind="sponsored" required="sometimes"><Text>Ad</Text></Asset>
            </Extension></Extensions></InLine></Ad></VAST>
            """
        let error = try #require(
            #expect(throws: AdError.self) { try YandexResponse(bytes: Array(xml.utf8), providerID: "yandex") })
        #expect(error.message.contains(#"block blk <Asset kind="sponsored"> required 'sometimes'"#))
    }
}
