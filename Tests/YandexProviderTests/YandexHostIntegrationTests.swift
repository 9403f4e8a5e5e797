import AdCore
import AdTestSupport
import Testing
import YandexProvider

/// H1 and H6 for Yandex: the seed's prerequisite "initialise the ad SDK in advance" is a declared start step, and
/// the slider's targeting parameters (Y21) travel while an advertising ID stays in the app without consent.
@MainActor
@Suite("Yandex and the host: start-up and privacy signals")
struct YandexHostIntegrationTests {
    @Test("H1: Yandex declares that it must be initialised; a slider loaded first starts it and warns")
    func h1_yandexMustBeInitialisedFirst() async throws {
        let world = try YandexWorld()
        let requirements = world.provider.descriptor.startRequirements
        #expect(requirements.needsStart && requirements.reason?.contains("initialised") == true)
        try world.serve("slider-three-cards-sponsored.xml", as: "R-M-1")
        let state = SliderAdState(
            request: AdRequest(adUnitID: "R-M-1", format: .nativeSlider), host: world.host, provider: world.provider)
        #expect(world.host.startup.state(of: "yandex") == .notStarted)
        await state.loadAd().value
        #expect(state.phase.slider != nil)
        #expect(world.host.startup.state(of: "yandex") == .ready(at: .zero))
        #expect(world.warnings.contains { $0.contains("before it was started") })
    }

    @Test("H6: without consent the slider's Adfox parameters travel (Y21) but the advertising ID stays in the app")
    func h6_yandexKeepsPersonalisingParametersInTheApp() async throws {
        let world = try YandexWorld()
        world.host.privacy = PrivacySignals(gdprApplies: true)
        let state = try await world.loadedSlider(parameters: ["adf_ownerid": "1234", "idfa": "AAAA-1111"])
        #expect(state.phase.slider != nil)
        #expect(world.transport.requests.first?.parameters == ["adf_ownerid": "1234"])
        #expect(world.provider.descriptor.honouredPrivacySignals == [.gdpr, .childDirected, .trackingAuthorization])
    }

    @Test("H9: in test mode a slider request goes to the seed's demo unit and is marked test")
    func h9_yandexTestModeUsesTheDemoUnit() async throws {
        let world = try YandexWorld()
        try world.host.setTestMode(true, for: "yandex")
        try world.serve("slider-three-cards-sponsored.xml", as: YandexProvider.demoSliderAdUnitID)
        let state = try await world.loadedSlider(adUnit: "R-M-LIVE")
        #expect(state.phase.slider != nil)
        #expect(world.transport.requests.map(\.adUnitID) == [YandexProvider.demoSliderAdUnitID])
    }

    @Test("H9: Yandex test mode without units covers every format Yandex serves: native ads go to a demo unit too")
    func h9_yandexTestModeCoversEveryFormat() throws {
        let world = try YandexWorld()
        try world.host.setTestMode(true, for: "yandex")
        let units = world.host.testAdUnits(of: "yandex")
        #expect(Set(units.keys) == world.provider.descriptor.supportedFormats)
        let native = try world.host.makeAd(AdRequest(adUnitID: "R-M-NATIVE", format: .native), provider: "yandex")
        #expect(native.request.adUnitID == YandexProvider.demoNativeAdUnitID && native.request.isTest)
        let slider = try world.host.makeAd(AdRequest(adUnitID: "R-M-LIVE", format: .nativeSlider), provider: "yandex")
        #expect(slider.request.adUnitID == YandexProvider.demoSliderAdUnitID && slider.request.isTest)
    }

    @Test("Y16: every demo unit Yandex publishes is known as a test unit; its ads are test ads in a debug build")
    func y16_everyDemoUnitIsATestUnit() throws {
        let descriptor = YandexProvider().descriptor
        for unit in ["demo-native-slider-yandex", "demo-native-app-yandex", "demo-native-content-yandex"] {
            #expect(descriptor.isTestAdUnit(unit), "\(unit)")
        }
        #expect(!descriptor.isTestAdUnit("R-M-123456-7"))
        #expect(!descriptor.isTestAdUnit("my-demo-native"))  // "demo-" must begin the unit
        let world = try YandexWorld()
        let ad = try world.host.makeAd(
            AdRequest(adUnitID: "demo-native-content-yandex", format: .native), provider: "yandex")
        #expect(ad.request.isTest && ad.request.adUnitID == "demo-native-content-yandex")
    }
}
