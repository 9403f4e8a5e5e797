import AdCore
import AdCreative
import AdTestSupport
import AdVAST
import Testing

/// H4-H8: one privacy value, carried by every request to every provider; child-directed requests skip providers
/// that cannot honour it; without consent no personalising parameter leaves the app; the privacy macros expand
/// from the same value; a change applies to the next request, never to a loaded ad.
@MainActor
@Suite("Privacy signals: one value on every request, enforced at the edge")
struct PrivacySignalsTests {
    /// The documented example: consent to purposes 1-11 and to vendors 1-1000, the probe's vendor 7 among them.
    static let consent = PrivacyExamples.acceptAll
    static let gdprWithConsent = PrivacySignals(
        gdprApplies: true, tcfConsent: consent, trackingAuthorization: .authorized)
    static let gdprWithoutConsent = PrivacySignals(gdprApplies: true)

    private static func world() throws -> (TestHost, StartLog) {
        let log = StartLog()
        let world = try TestHost(providers: [
            PrivacyProbeProvider(),
            StartingProvider(id: "child-safe", requirements: .none, honouredPrivacySignals: [.childDirected], log: log),
            StartingProvider(id: "adult-only", requirements: .none, honouredPrivacySignals: [.gdpr], log: log),
        ])
        for unit in ["unit-1", "unit-2"] { world.transport.respond(to: unit, with: .body(Array("cr-1".utf8))) }
        return (world, log)
    }

    @Test("H4: every request a host makes carries the host's privacy signals to its provider")
    func h4_everyRequestCarriesTheSignals() async throws {
        let (world, log) = try Self.world()
        world.host.privacy = Self.gdprWithConsent
        let ad = try world.makeAd(AdRequest(adUnitID: "unit-1", format: .native), provider: "child-safe")
        #expect(ad.request.privacy == Self.gdprWithConsent)
        await ad.load().value
        #expect(log.loads.map(\.request.privacy) == [Self.gdprWithConsent])
        #expect(world.host.environment(for: "adult-only").privacy == Self.gdprWithConsent)
    }

    @Test("H4: what each signal means for consent, regulations and limited ad tracking")
    func h4_derivedValues() {
        #expect(PrivacySignals().allowsPersonalisedAds)  // nothing known: nothing forbidden
        #expect(PrivacySignals().regulations == nil && PrivacySignals().limitsAdTracking == nil)
        #expect(Self.gdprWithConsent.allowsPersonalisedAds && Self.gdprWithConsent.limitsAdTracking == false)
        #expect(!Self.gdprWithoutConsent.allowsPersonalisedAds)
        #expect(!PrivacySignals(gdprApplies: true, tcfConsent: "  ").allowsPersonalisedAds)
        #expect(PrivacySignals(gdprApplies: false).allowsPersonalisedAds)
        #expect(!PrivacySignals(usPrivacy: "1YYN").allowsPersonalisedAds)
        #expect(PrivacySignals(usPrivacy: "1YNN").allowsPersonalisedAds)
        #expect(!PrivacySignals(isChildDirected: true).allowsPersonalisedAds)
        #expect(!PrivacySignals(isUnderAgeOfConsent: true).allowsPersonalisedAds)
        #expect(!PrivacySignals(trackingAuthorization: .denied).allowsPersonalisedAds)
        #expect(!PrivacySignals(trackingAuthorization: .restricted).allowsPersonalisedAds)
        #expect(PrivacySignals(trackingAuthorization: .notDetermined).allowsPersonalisedAds)
        #expect(PrivacySignals(gdprApplies: true, isChildDirected: true).regulations == ["coppa", "gdpr"])
        #expect(PrivacySignals(gdprApplies: false, isChildDirected: false).regulations == [])
    }

    @Test("H5: a child-directed request skips a provider that cannot honour it, with excludedByPrivacy")
    func h5_childDirectedSkipsProviders() throws {
        let (world, _) = try Self.world()
        world.host.privacy = PrivacySignals(isChildDirected: true)
        #expect(throws: AdError.self) {
            try world.makeAd(AdRequest(adUnitID: "unit-1", format: .native), provider: "adult-only")
        }
        do {
            _ = try world.makeAd(AdRequest(adUnitID: "unit-1", format: .native), provider: "adult-only")
        } catch {
            #expect(error.code == .excludedByPrivacy)
            #expect(error.providerID == "adult-only")
        }
        #expect(try world.makeAd(AdRequest(adUnitID: "unit-1", format: .native), provider: "child-safe").phase == .idle)
        world.host.privacy = PrivacySignals(isChildDirected: false)
        #expect(try world.makeAd(AdRequest(adUnitID: "unit-1", format: .native), provider: "adult-only").phase == .idle)
    }

    @Test("H6: without consent no personalising parameter leaves the app; with it they do; others always do")
    func h6_noPersonalisingParameterWithoutConsent() async throws {
        let (world, _) = try Self.world()
        let parameters = ["idfa": "AAAA-1111", "User_ID": "u-7", "lat": "55.75", "adf_ownerid": "1234"]
        world.host.privacy = Self.gdprWithoutConsent
        let refused = try world.makeAd(
            AdRequest(adUnitID: "unit-1", format: .native, parameters: parameters), provider: "probe")
        await refused.load().value
        #expect(world.transport.requests.last?.parameters == ["adf_ownerid": "1234"])
        #expect(refused.phase == .loaded)
        world.host.privacy = Self.gdprWithConsent
        let allowed = try world.makeAd(
            AdRequest(adUnitID: "unit-2", format: .native, parameters: parameters), provider: "probe")
        await allowed.load().value
        #expect(world.transport.requests.last?.parameters == parameters)
    }

    @Test("H6: a URL the provider builds itself loses its personalising query items too (wrapper hops, images)")
    func h6_personalisingQueryItemsAreStripped() async throws {
        let (world, _) = try Self.world()
        world.host.privacy = PrivacySignals(trackingAuthorization: .denied)
        let url = "https://ads.example.test/vast?unit=1&IDFA=AAAA&%67aid=g&keep=yes#frag"
        world.transport.respond(to: "unit-1", with: .body(Array("cr-1".utf8)))
        let ad = try world.makeAd(
            AdRequest(adUnitID: "unit-1", format: .native, parameters: ["wrapper": url]), provider: "probe")
        await ad.load().value
        #expect(world.transport.requests.last?.url == "https://ads.example.test/vast?unit=1&keep=yes#frag")
        let only = TransportRequest(providerID: "p", adUnitID: "u", url: "https://a.test/x?idfa=1")
        #expect(PrivacySignals(isChildDirected: true).sanitize(only).url == "https://a.test/x")
        #expect(PrivacySignals().sanitize(only) == only)
    }

    @Test("H7: [GDPRCONSENT], [REGULATIONS] and [LIMITADTRACKING] expand from the request's signals")
    func h7_macrosExpandFromTheSignals() async throws {
        let (world, _) = try Self.world()
        world.host.privacy = PrivacySignals(gdprApplies: true, tcfConsent: "CP+x/1", isChildDirected: true)
        let card = try world.addCard(y: 100)
        let ad = try world.makeAd(AdRequest(adUnitID: "unit-1", format: .native), provider: "probe")
        await ad.load().value
        try ad.bind(AdBinding(container: card.container))
        await world.run(for: .seconds(1))
        #expect(
            world.beacons.sent.map(\.url) == [
                "https://t.example.test/imp?gdpr_consent=CP%2Bx%2F1&regs=coppa%2Cgdpr&lat=1"
            ])
        let unknown = world.host.environment(for: "probe", privacy: PrivacySignals()).stamps.next().macroValues
        #expect(
            VASTMacroExpander.expand("[GDPRCONSENT]|[REGULATIONS]|[LIMITADTRACKING]", with: unknown) == "-1|-1|-1")
    }

    @Test("H8: changing the signals applies to the next request, never to an ad already loaded")
    func h8_changesApplyToTheNextRequestOnly() async throws {
        let (world, _) = try Self.world()
        world.host.privacy = Self.gdprWithConsent
        let first = try world.makeAd(
            AdRequest(adUnitID: "unit-1", format: .native, parameters: ["idfa": "AAAA"]), provider: "probe")
        await first.load().value
        world.host.privacy = PrivacySignals(gdprApplies: true, isChildDirected: true)
        #expect(first.request.privacy == Self.gdprWithConsent)
        let card = try world.addCard(y: 100)
        try first.bind(AdBinding(container: card.container))
        await world.run(for: .seconds(1))
        // The loaded ad's beacon carries the consent it was requested with.
        #expect(world.beacons.sent.last?.url.contains("gdpr_consent=\(Self.consent)&regs=gdpr&lat=0") == true)
        let second = try world.makeAd(
            AdRequest(adUnitID: "unit-2", format: .native, parameters: ["idfa": "AAAA"]), provider: "probe")
        #expect(second.request.privacy.isChildDirected == true)
        await second.load().value
        #expect(world.transport.requests.map(\.parameters) == [["idfa": "AAAA"], [:]])
    }
}
