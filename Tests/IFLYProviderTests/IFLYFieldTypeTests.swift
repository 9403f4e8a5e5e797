import AdCore
import AdCreative
import IFLYProvider
import Testing

/// Rule R18: the IFLY dialect decoder refuses a field of the wrong type with a typed error naming the field.
@MainActor
@Suite("R18: IFLY fields of the wrong type")
struct IFLYFieldTypeTests {
    private func decodeError(_ fields: String) throws -> AdError? {
        let document = try VASTParser().parse(IFLYWorld.xml("<materialType>singleImage</materialType>" + fields))
        return #expect(throws: AdError.self) { try IFLYFeedResponse(document: document, providerID: "ifly") }
    }

    @Test(
        "R18: IFLY a number holding text and a boolean holding \"maybe\" are refused naming the field",
        arguments: [
            ("<isMaterialComplete>maybe</isMaterialComplete>", "<isMaterialComplete> 'maybe'"),
            ("<interactType>redirect</interactType>", "<interactType> 'redirect'"),
            ("<interactType>1.5</interactType>", "<interactType> '1.5'"),
            ("<ttl>tomorrow</ttl>", "<ttl> 'tomorrow'"),
            ("<videoDuration>long</videoDuration>", "<videoDuration> 'long'"),
            // R1: Swift's Double(_:) reads hexadecimal and `nan`; a duration is a plain decimal or nothing.
            ("<videoDuration>0x10</videoDuration>", "<videoDuration> '0x10'"),
            ("<videoDuration>0x1p4</videoDuration>", "<videoDuration> '0x1p4'"),
            ("<videoDuration>nan</videoDuration>", "<videoDuration> 'nan'"),
            (#"<mainImage url="https://img.test/a.jpg" width="wide"/>"#, "image width wide"),
        ])
    func r18_iflyWrongTypes(fields: String, field: String) throws {
        let error = try #require(try decodeError(fields))
        #expect(error.code == .invalidResponse)
        #expect(error.providerID == "ifly")
        #expect(error.message.contains(field), "\(error.message)")
        #expect(error.hint?.isEmpty == false)
    }

    @Test("R18: IFLY right types still decode: isMaterialComplete in every spelling, interactType a number")
    func r18_iflyRightTypes() throws {
        for (text, value) in [("true", true), ("1", true), ("FALSE", false), ("0", false)] {
            let document = try VASTParser().parse(
                IFLYWorld.xml(
                    "<materialType>singleImage</materialType><isMaterialComplete>\(text)</isMaterialComplete>"
                        + "<interactType>2</interactType>"))
            let response = try IFLYFeedResponse(document: document, providerID: "ifly")
            #expect(response.adData.isMaterialComplete == value, "\(text)")
            #expect(response.adData.interactType == 2)
        }
    }

    @Test("R18: IFLY <isMaterialComplete>maybe</isMaterialComplete> fails the load naming the field")
    func r18_iflyMaterialCompleteMaybeFailsLoad() async throws {
        let ifly = try IFLYWorld()
        let ad = try await ifly.loadedAd(
            xml: IFLYWorld.xml(
                "<materialType>singleImage</materialType><isMaterialComplete>maybe</isMaterialComplete>"))
        guard case .failed(let error) = ad.unified.phase else {
            Issue.record("loaded: \(ad.unified.phase)")
            return
        }
        #expect(error.code == .invalidResponse)
        #expect(error.message.contains("<isMaterialComplete> 'maybe'"))
    }
}
