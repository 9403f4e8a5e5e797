import AdCore
import AdTestSupport
import GoogleProvider
import Testing

/// H1 and H4-H5 for Google: no start step (seed 002 names none), every privacy signal honoured (the vendor's public
/// documentation), so a child-directed request is still served.
@MainActor
@Suite("Google and the host: start-up and privacy signals")
struct GoogleHostIntegrationTests {
    @Test("H1: Google declares no start step: it is ready at once, and a load never waits")
    func h1_googleIsReadyAtOnce() async throws {
        let world = try GoogleTestWorld()
        #expect(GoogleProvider().descriptor.startRequirements == .none)
        let states = await world.host.startProviders()
        #expect(states["google"] == .ready(at: .zero))
    }

    @Test("H5: Google honours child-directed treatment, so a child-directed request is served")
    func h5_googleServesChildDirectedRequests() async throws {
        let world = try GoogleTestWorld()
        #expect(GoogleProvider().descriptor.honouredPrivacySignals == Set(PrivacySignal.allCases))
        world.host.privacy = PrivacySignals(isChildDirected: true, isUnderAgeOfConsent: true)
        let ad = try await RewardedAd.load(adUnitID: "rewarded", host: world.host)
        #expect(ad.ad.request.privacy.isChildDirected == true)
    }

    @Test("H9: Google declares a test ad unit for each of its formats; test mode loads it")
    func h9_googleTestUnits() async throws {
        let world = try GoogleTestWorld()
        #expect(Set(GoogleProvider.testAdUnits.keys) == GoogleProvider().descriptor.supportedFormats)
        try world.host.setTestMode(true, for: "google")
        let unit = try #require(GoogleProvider.testAdUnits[.rewarded])
        try world.serve(fixture: "rewarded", as: unit)
        let ad = try await RewardedAd.load(adUnitID: "ca-app-pub-live/1", host: world.host)
        #expect(ad.ad.request.isTest && ad.adUnitID == unit)
    }
}
