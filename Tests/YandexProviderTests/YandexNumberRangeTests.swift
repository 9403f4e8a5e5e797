import AdCore
import AdCreative
import Testing
import YandexProvider

/// Rule R1: image and video sizes in a Yandex response are range-checked where they are read.
@Suite("R1: Yandex numbers out of range")
struct YandexNumberRangeTests {
    private func card(image attributes: String) throws -> YandexResponse {
        let xml = """
            <VAST version="4.2"><Ad id="c1"><InLine><AdSystem>Yandex</AdSystem><AdTitle>t</AdTitle>
            <Creatives><Creative id="cr"><CreativeExtensions><CreativeExtension type="yandex-native">
            <Asset kind="media"><Image url="https://img.test/m.jpg" \(attributes)/></Asset>
            </CreativeExtension></CreativeExtensions></Creative></Creatives></InLine></Ad></VAST>
            """
        return try YandexResponse(bytes: Array(xml.utf8), providerID: "yandex")
    }

    @Test("R1: a size too large for Int or above 100,000 pixels is unknown (0) with a warning naming it")
    func r1_hugeSizes() throws {
        let response = try card(image: "width=\"99999999999999999999999\" height=\"100001\"")
        #expect(
            response.cards.first?.assets.first?.content == .image(url: "https://img.test/m.jpg", width: 0, height: 0))
        #expect(response.warnings.count == 2)
        #expect(response.warnings.first?.contains("width 99999999999999999999999 is out of range") == true)
        let atLimit = try card(image: "width=\"100000\" height=\"0\"")
        #expect(
            atLimit.cards.first?.assets.first?.content
                == .image(url: "https://img.test/m.jpg", width: 100_000, height: 0))
        #expect(atLimit.warnings.isEmpty)
    }
}
