import AdCore
import AdCreative
import GoogleProvider
import Testing

/// Rule R18: the Google dialect decoder refuses a field of the wrong type with a typed error naming the field.
@MainActor
@Suite("R18: Google fields of the wrong type")
struct GoogleFieldTypeTests {
    private func extensionError(_ body: String) throws -> AdError? {
        let xml = """
            <VAST version="4.2"><Ad id="a"><InLine><AdSystem>Google</AdSystem><AdTitle>t</AdTitle>
            <Creatives><Creative/></Creatives>
            <Extensions><Extension type="google-fullscreen">\(body)</Extension></Extensions></InLine></Ad></VAST>
            """
        let document = try VASTParser().parse(xml)
        let element = try #require(document.ads.first?.inLine?.extensions.first(type: GoogleFullScreenExtension.type))
        return #expect(throws: AdError.self) { try GoogleFullScreenExtension(element, providerID: "google") }
    }

    @Test(
        "R18: Google a number holding text, a boolean holding \"maybe\" and an offset holding text are refused",
        arguments: [
            (#"<Reward type="coins" amount="x"/>"#, "<Reward> amount 'x'"),
            (#"<Reward type="coins" amount="1.5"/>"#, "<Reward> amount '1.5'"),
            ("<Skippable>maybe</Skippable>", "<Skippable> 'maybe'"),
            ("<TimeToLive>soon</TimeToLive>", "<TimeToLive> 'soon'"),
            ("<DisplayTime>five</DisplayTime>", "<DisplayTime> 'five'"),
            ("<RewardAfter>halfway</RewardAfter>", "<RewardAfter> 'halfway'"),
            (#"<NoFill code="none">No ad</NoFill>"#, "<NoFill> code 'none'"),
        ])
    func r18_googleWrongTypes(body: String, field: String) throws {
        let error = try #require(try extensionError("<Format>rewarded</Format>" + body))
        #expect(error.code == .invalidResponse)
        #expect(error.vastCode == 101)
        #expect(error.providerCode == GoogleErrorCode.receivedInvalidResponse)
        #expect(error.message.contains(field), "\(error.message)")
    }

    @Test("R18: Google <Reward amount=\"x\"> fails the load with invalidResponse naming the field")
    func r18_googleRewardAmountNotANumber() async throws {
        let world = try GoogleTestWorld()
        world.serve(
            xml: GoogleXML.video(extensionBody: #"<Format>rewarded</Format><Reward type="coins" amount="x"/>"#),
            as: "unit")
        let unified = try world.host.makeAd(AdRequest(adUnitID: "unit", format: .rewarded), provider: "google")
        await unified.load().value
        guard case .failed(let error) = unified.phase else {
            Issue.record("loaded: \(unified.phase)")
            return
        }
        #expect(error.code == .invalidResponse)
        #expect(error.message.contains("<Reward> amount 'x'"))
    }

    @Test("R18: Google <NoFill code> that is a whole number is kept; without a code it is Google's no-fill code")
    func r18_googleNoFillCode() throws {
        let xml = { (attributes: String) in
            """
            <VAST version="4.2"><Ad id="a"><InLine><AdSystem>Google</AdSystem><AdTitle>t</AdTitle>
            <Creatives><Creative/></Creatives><Extensions><Extension type="google-fullscreen">
            <NoFill \(attributes)>none</NoFill></Extension></Extensions></InLine></Ad></VAST>
            """
        }
        for (attributes, code) in [(#"code="3""#, 3), ("", GoogleErrorCode.noFill)] {
            let document = try VASTParser().parse(xml(attributes))
            let element = try #require(document.ads.first?.inLine?.extensions.first(type: "google-fullscreen"))
            #expect(try GoogleFullScreenExtension(element, providerID: "google").noFill?.code == code)
        }
    }
}
