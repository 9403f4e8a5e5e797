import AdCore
import AdCreative
import GoogleProvider
import Testing

/// Rule R1: every number a Google response carries is range-checked where it is read; out of range is a typed
/// error naming the field (each case trapped the process before).
/// A Google interstitial whose `<Pricing model="CPM">` holds `value`.
private func priced(_ value: String) -> String {
    GoogleXML.video(extensionBody: "<Format>interstitial</Format>")
        .replacingOccurrences(
            of: "<Impression>", with: "<Pricing model=\"CPM\" currency=\"USD\">\(value)</Pricing><Impression>")
}

@MainActor
@Suite("R1: Google numbers out of range")
struct GoogleNumberRangeTests {
    private func loadError(_ xml: String, format: AdFormat) async throws -> AdError {
        let world = try GoogleTestWorld()
        world.serve(xml: xml, as: "unit")
        let unified = try world.host.makeAd(AdRequest(adUnitID: "unit", format: format), provider: "google")
        await unified.load().value
        guard case .failed(let error) = unified.phase else {
            Issue.record("loaded: \(unified.phase)")
            return AdError(.internal, "loaded")
        }
        return error
    }

    @Test("R1: <Pricing> 1e16 fails the load with invalidResponse naming <Pricing> and pings the error URL")
    func r1_hugePrice() async throws {
        let world = try GoogleTestWorld()
        world.serve(xml: priced("1e16"), as: "unit")
        let unified = try world.host.makeAd(AdRequest(adUnitID: "unit", format: .interstitial), provider: "google")
        await unified.load().value
        guard case .failed(let error) = unified.phase else {
            Issue.record("loaded: \(unified.phase)")
            return
        }
        #expect(error.code == .invalidResponse)
        #expect(error.message.contains("<Pricing> 1e+16 is out of range"))
        #expect(error.providerCode == GoogleErrorCode.receivedInvalidResponse)
        #expect(error.underlying is NumberOutOfRange)
        #expect(world.urls("error") == ["https://t.google.test/err?ad=custom&code=101"])
    }

    @Test("R1: the highest price converts (one million CPM), and a price just above it is refused")
    func r1_priceBoundary() async throws {
        let world = try GoogleTestWorld()
        world.serve(xml: priced("1000000"), as: "unit")
        let unified = try world.host.makeAd(AdRequest(adUnitID: "unit", format: .interstitial), provider: "google")
        await unified.load().value
        #expect(unified.info?.revenue?.micros == CheckedConversion.maximumMicros)
        let error = try await loadError(priced("1000000.5"), format: .interstitial)
        #expect(error.code == .invalidResponse)
    }

    @Test("R1: a reward amount too large for Int, and huge TimeToLive or DisplayTime, are typed errors")
    func r1_hugeExtensionNumbers() async throws {
        let cases: [(String, AdFormat, String)] = [
            (
                "<Format>rewarded</Format><Reward type=\"coins\" amount=\"99999999999999999999999\"/>", .rewarded,
                "<Reward> amount"
            ),
            ("<Format>rewarded</Format><Reward type=\"coins\" amount=\"1000000001\"/>", .rewarded, "<Reward> amount"),
            ("<Format>interstitial</Format><TimeToLive>1e300</TimeToLive>", .interstitial, "<TimeToLive> 1e+300"),
            ("<Format>interstitial</Format><TimeToLive>604800.001</TimeToLive>", .interstitial, "<TimeToLive>"),
            (
                "<Format>interstitial</Format><DisplayTime>inf</DisplayTime>", .interstitial,
                "<DisplayTime> 'inf' is not a number"
            ),
        ]
        for (body, format, fragment) in cases {
            let error = try await loadError(GoogleXML.video(extensionBody: body), format: format)
            #expect(error.code == .invalidResponse, "\(body)")
            #expect(error.message.contains(fragment), "\(body): \(error.message)")
        }
    }

    @Test("R1: a TimeToLive of exactly one week is accepted")
    func r1_timeToLiveAtLimit() async throws {
        let world = try GoogleTestWorld()
        world.serve(
            xml: GoogleXML.video(extensionBody: "<Format>interstitial</Format><TimeToLive>604800</TimeToLive>"),
            as: "unit")
        let unified = try world.host.makeAd(AdRequest(adUnitID: "unit", format: .interstitial), provider: "google")
        await unified.load().value
        #expect(unified.info?.expiresAt == AdInstant.zero.advanced(by: .seconds(604_800)))
    }
}

@MainActor
@Suite("R1: Google <Pricing> reads plain decimals only")
struct GooglePricingTextTests {
    @Test(
        "R1: a hexadecimal, infinite, NaN or empty <Pricing> fails the load with invalidResponse (0x10 booked 16 CPM)",
        arguments: ["0x10", "0x1p4", "inf", "nan", "infinity", "", "1e", "--1", "1.2.3"])
    func r1_nonDecimalPriceRefused(text: String) async throws {
        let world = try GoogleTestWorld()
        world.serve(xml: priced(text), as: "unit")
        let unified = try world.host.makeAd(AdRequest(adUnitID: "unit", format: .interstitial), provider: "google")
        await unified.load().value
        guard case .failed(let error) = unified.phase else {
            Issue.record("loaded with revenue \(String(describing: unified.info?.revenue))")
            return
        }
        #expect(error.code == .invalidResponse)
        #expect(error.message.contains("<Pricing>"))
        #expect(world.urls("error") == ["https://t.google.test/err?ad=custom&code=101"])
    }

    @Test("R1: plain decimals in every form read as CPM: 16, 16.0, 1.6e1, +16, .5, 5., with spaces around")
    func r1_decimalPriceForms() async throws {
        for (text, micros) in [
            ("16", 16_000), ("16.0", 16_000), ("1.6e1", 16_000), ("+16", 16_000), (".5", 500),
            ("5.", 5_000), (" 2.5 ", 2_500),
        ] as [(String, Int64)] {
            let world = try GoogleTestWorld()
            world.serve(xml: priced(text), as: "unit")
            let unified = try world.host.makeAd(
                AdRequest(adUnitID: "unit", format: .interstitial), provider: "google")
            await unified.load().value
            #expect(unified.info?.revenue?.micros == micros, "\(text)")
        }
    }
}

@MainActor
@Suite("G: a <Pricing> of another model than CPM is no CPM price")
struct GooglePricingModelTests {
    @Test(
        "R1: <Pricing> in CPM (any case, or no model) books the price; CPC, CPE and CPV book none",
        arguments: [
            (#"model="CPM""#, 2_500), (#"model="cpm""#, 2_500), ("", 2_500), (#"model="CPC""#, nil),
            (#"model="cpe""#, nil), (#"model="CPV""#, nil),
        ] as [(String, Int64?)])
    func r1_pricingModel(attribute: String, micros: Int64?) async throws {
        let xml = GoogleXML.video(extensionBody: "<Format>interstitial</Format>")
            .replacingOccurrences(
                of: "<Impression>", with: "<Pricing \(attribute) currency=\"USD\">2.50</Pricing><Impression>")
        let world = try GoogleTestWorld()
        world.serve(xml: xml, as: "unit")
        let unified = try world.host.makeAd(AdRequest(adUnitID: "unit", format: .interstitial), provider: "google")
        await unified.load().value
        #expect(unified.phase == .loaded)
        #expect(unified.info?.revenue?.micros == micros, "\(attribute)")
    }
}
