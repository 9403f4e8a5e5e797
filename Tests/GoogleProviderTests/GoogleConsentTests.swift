import AdCore
import AdTestSupport
import GoogleProvider
import Testing

/// H14 and H15 for Google (IAB vendor 755): an EU user whose TC string refuses Google's vendor gets no
/// personalising parameter in Google's request, and diagnostics say why; the same string consenting to it carries
/// them; a string that gives Google no legal basis for basic ads keeps Google's request in the app.
@MainActor
@Suite("Google and the user's consent string: vendor 755 decides personalisation")
struct GoogleConsentTests {
    /// What the app asks Google for: a publisher-provided ID (personalising) and keywords (not).
    static let request = GoogleAdRequest(keywords: ["games"], extras: ["ppid": "player-42", "npa": "0"])

    /// An EU user's string: consent to purposes 1-4, legitimate interest for purpose 2 and vendor 755; consent to
    /// vendor 755 or to another vendor only.
    static func string(consentsToGoogle: Bool, legitimateInterest: Bool = true) -> String {
        var builder = TCStringBuilder()
        builder.purposeConsents = [1, 2, 3, 4]
        builder.purposeLegitimateInterests = [2]
        builder.vendorConsents = .ranges(max: 800, [consentsToGoogle ? (755, 755) : (1, 754)])
        builder.vendorLegitimateInterests = .ranges(max: 800, legitimateInterest ? [(755, 755)] : [])
        return builder.encoded
    }

    /// Loads a rewarded ad for an EU user consenting to Google's vendor or not: the world, the ad and the request
    /// that left for Google.
    static func loadRewarded(
        consentsToGoogle: Bool
    ) async throws -> (GoogleTestWorld, RewardedAd, TransportRequest) {
        let world = try GoogleTestWorld()
        world.host.privacy = PrivacySignals(gdprApplies: true, tcfConsent: string(consentsToGoogle: consentsToGoogle))
        let ad = try await RewardedAd.load(adUnitID: "rewarded", request: request, host: world.host)
        let sent = try #require(world.transport.requests.first { $0.adUnitID == "rewarded" })
        return (world, ad, sent)
    }

    @Test("H14: Google declares IAB vendor 755; Yandex and IFLY, which have none, declare none")
    func h14_googleDeclaresItsVendorID() {
        #expect(GoogleProvider().descriptor.globalVendorListID == 755)
        #expect(GoogleProvider.globalVendorListID == 755)
    }

    @Test("H14: an EU user refusing Google's vendor: no personalising parameter in Google's request, and why")
    func h14_refusedGoogleIsNotPersonalised() async throws {
        let (world, ad, sent) = try await Self.loadRewarded(consentsToGoogle: false)
        #expect(sent.parameters == ["keywords": "games", "npa": "0"])
        #expect(ad.ad.consent.outcome == .nonPersonalised)
        #expect(
            world.host.diagnostics.entries.contains {
                $0.providerID == "google"
                    && $0.message == "Provider 'google' is asked without personalisation: the user did not consent "
                        + "to vendor 755."
            })
    }

    @Test("H14: the same EU user consenting to Google's vendor: the personalising parameter travels")
    func h14_consentedGoogleIsPersonalised() async throws {
        let (world, ad, sent) = try await Self.loadRewarded(consentsToGoogle: true)
        #expect(sent.parameters == ["keywords": "games", "npa": "0", "ppid": "player-42"])
        #expect(ad.ad.consent == .personalised)
        #expect(!world.host.diagnostics.entries.contains { $0.message.contains("without personalisation") })
    }

    @Test("H15: a string giving Google's vendor neither consent nor legitimate interest: Google is not asked")
    func h15_googleWithoutBasisIsExcluded() async throws {
        let world = try GoogleTestWorld()
        world.host.privacy = PrivacySignals(
            gdprApplies: true, tcfConsent: Self.string(consentsToGoogle: false, legitimateInterest: false))
        do {
            _ = try await RewardedAd.load(adUnitID: "rewarded", request: Self.request, host: world.host)
            Issue.record("Google was asked")
        } catch {
            #expect(error.code == .excludedByPrivacy)
            #expect(error.message.hasPrefix("Provider 'google' (IAB vendor 755) is not asked"))
        }
        #expect(!world.transport.requests.contains { $0.adUnitID == "rewarded" })
    }
}
