import AdCore
import AdTestSupport
import Foundation
import Testing

/// H14-H16: the consent rule (Docs/Privacy.md) on the decoded strings: what a personalised request needs, when a
/// request goes out without personalisation, when it is excluded, and the US opt-outs of the GPP string.
@Suite("H14-H16: what a request to one vendor may carry, from the decoded consent strings")
struct ConsentRuleTests {
    /// A string with consent to purposes 1-4, purpose 2 by legitimate interest too, and vendor 755's consent and
    /// legitimate interest; each test changes what it checks.
    static func builder() -> TCStringBuilder {
        var builder = TCStringBuilder()
        builder.purposeConsents = [1, 2, 3, 4]
        builder.purposeLegitimateInterests = [2]
        builder.vendorConsents = .ranges(max: 755, [(755, 755)])
        builder.vendorLegitimateInterests = .ranges(max: 755, [(755, 755)])
        return builder
    }

    static func decision(_ builder: TCStringBuilder, vendor: Int? = 755) -> ConsentDecision {
        PrivacySignals(gdprApplies: true, tcfConsent: builder.encoded).consent(forVendor: vendor)
    }

    @Test("H14: consent to purposes 1, 3 and 4 and to the vendor: personalised; the example string too")
    func h14_fullConsentIsPersonalised() {
        #expect(Self.decision(Self.builder()) == .personalised)
        let example = PrivacySignals(gdprApplies: true, tcfConsent: PrivacyExamples.acceptAll)
        #expect(example.consent(forVendor: 755) == .personalised && example.allowsPersonalisedAds)
        #expect(example.consent(forVendor: 1_000).allowsPersonalisation)
    }

    @Test("H14: a missing purpose 1, 3 or 4 makes every vendor non-personalised; purpose one treatment spares 1")
    func h14_missingPurposes() {
        for missing in [1, 3, 4] {
            var builder = Self.builder()
            builder.purposeConsents.remove(missing)
            let decision = Self.decision(builder)
            #expect(decision.outcome == .nonPersonalised)
            #expect(decision.reasons == ["the TC string gives no consent to purpose(s) \(missing)"])
            #expect(!PrivacySignals(gdprApplies: true, tcfConsent: builder.encoded).allowsPersonalisedAds)
        }
        var treated = Self.builder()
        treated.purposeConsents = [2]
        treated.purposeOneTreatment = true
        #expect(Self.decision(treated).reasons == ["the TC string gives no consent to purpose(s) 3, 4"])
        treated.purposeConsents = [2, 3, 4]
        #expect(Self.decision(treated) == .personalised)
    }

    @Test("H14: a user who refuses the vendor but leaves its legitimate interest: sent, not personalised")
    func h14_vendorRefusedIsNonPersonalised() {
        var builder = Self.builder()
        builder.vendorConsents = .bitField(max: 755, [754])
        let decision = Self.decision(builder)
        #expect(decision.outcome == .nonPersonalised)
        #expect(decision.reasons == ["the user did not consent to vendor 755"])
        #expect(Self.decision(builder, vendor: 754) == .personalised)
    }

    @Test("H14: a provider without a Global Vendor List ID is never personalised under GDPR, never excluded")
    func h14_noVendorIDIsNonPersonalised() {
        let decision = Self.decision(Self.builder(), vendor: nil)
        #expect(decision.outcome == .nonPersonalised)
        #expect(decision.reasons.first?.contains("has no IAB Global Vendor List ID") == true)
        var refusing = Self.builder()
        refusing.vendorConsents = .none
        refusing.vendorLegitimateInterests = .none
        #expect(Self.decision(refusing, vendor: nil).outcome == .nonPersonalised)
        #expect(
            PrivacySignals(gdprApplies: false, tcfConsent: refusing.encoded).consent(forVendor: nil) == .personalised)
    }

    @Test("H14: publisher restrictions on purposes 1, 3 and 4 for the vendor forbid personalisation")
    func h14_restrictionsOnPersonalisationPurposes() {
        for (purpose, type) in [(1, 0), (3, 0), (4, 2), (3, 2)] {
            var builder = Self.builder()
            builder.restrictions = [.init(purpose: purpose, type: type, vendors: [(700, 800)])]
            #expect(Self.decision(builder).outcome == .nonPersonalised, "purpose \(purpose) type \(type)")
            builder.restrictions = [.init(purpose: purpose, type: type, vendors: [(756, 800)])]  // not vendor 755
            #expect(Self.decision(builder) == .personalised)
        }
        var requireConsent = Self.builder()
        requireConsent.restrictions = [.init(purpose: 3, type: 1, vendors: [(755, 755)])]
        #expect(Self.decision(requireConsent) == .personalised)
        var notAllowed = Self.builder()
        notAllowed.restrictions = [.init(purpose: 4, type: 0, vendors: [(755, 755)])]
        #expect(Self.decision(notAllowed).reasons == ["the publisher does not allow purpose 4 for vendor 755"])
    }

    @Test("H15: no legal basis for basic ads (purpose 2): the vendor is excluded, and the reason says why")
    func h15_noBasicAdsBasisExcludes() {
        var refused = Self.builder()
        refused.vendorConsents = .none
        refused.vendorLegitimateInterests = .bitField(max: 10, [3])
        let decision = Self.decision(refused)
        #expect(decision.outcome == .excluded)
        #expect(
            decision.reasons == [
                "the TC string gives vendor 755 no legal basis for purpose 2 (basic ads): the user gave vendor 755 "
                    + "neither consent nor legitimate interest"
            ])
        var noPurpose = Self.builder()
        noPurpose.purposeConsents = [1, 3, 4]
        noPurpose.purposeLegitimateInterests = []
        #expect(Self.decision(noPurpose).outcome == .excluded)
        noPurpose.purposeLegitimateInterests = [2]  // legitimate interest for purpose 2 is a basis
        #expect(Self.decision(noPurpose) == .personalised)
    }

    @Test("H15: the publisher's restrictions on purpose 2 choose or forbid the legal basis")
    func h15_restrictionsOnBasicAds() {
        var notAllowed = Self.builder()
        notAllowed.restrictions = [.init(purpose: 2, type: 0, vendors: [(755, 755)])]
        #expect(Self.decision(notAllowed).outcome == .excluded)
        #expect(
            Self.decision(notAllowed).reasons == ["the publisher does not allow purpose 2 (basic ads) for vendor 755"])
        var onlyInterest = Self.builder()
        onlyInterest.purposeLegitimateInterests = []
        onlyInterest.restrictions = [.init(purpose: 2, type: 2, vendors: [(755, 755)])]
        #expect(Self.decision(onlyInterest).outcome == .excluded)  // consent given, but only interest may count
        onlyInterest.purposeLegitimateInterests = [2]
        #expect(Self.decision(onlyInterest) == .personalised)
        var onlyConsent = Self.builder()
        onlyConsent.purposeConsents = [1, 3, 4]
        onlyConsent.restrictions = [.init(purpose: 2, type: 1, vendors: [(755, 755)])]
        #expect(Self.decision(onlyConsent).outcome == .excluded)  // interest given, but only consent may count
        onlyConsent.purposeConsents = [1, 2, 3, 4]
        #expect(Self.decision(onlyConsent) == .personalised)
    }

    @Test("H13, H14: under GDPR no string or an invalid one is no consent: non-personalised, never excluded")
    func h14_missingOrInvalidString() throws {
        let missing = PrivacySignals(gdprApplies: true).consent(forVendor: 755)
        #expect(missing.outcome == .nonPersonalised && missing.reasons == ["GDPR applies and there is no TC string"])
        let invalid = PrivacySignals(gdprApplies: true, tcfConsent: "CP+x/1").consent(forVendor: 755)
        #expect(invalid.outcome == .nonPersonalised)
        #expect(
            invalid.problems == [
                ConsentStringError(.badBase64URL(segment: "TC core segment", character: "+", offset: 2))
            ])
        #expect(invalid.reasons.first?.hasPrefix("GDPR applies and the TC string cannot be decoded") == true)
        // Without GDPR (or when it is unknown) the TC string decides nothing.
        #expect(PrivacySignals(gdprApplies: false, tcfConsent: "CP+x/1").consent(forVendor: 755) == .personalised)
        #expect(PrivacySignals(tcfConsent: "CP+x/1").consent(forVendor: 755) == .personalised)
        if case .failure(let error)? = PrivacySignals(tcfConsent: "CP+x/1").tcString {
            #expect(error.kind == .badBase64URL(segment: "TC core segment", character: "+", offset: 2))
        } else {
            Issue.record("an invalid string decoded")
        }
    }

    @Test("H14: the GPP string's EU TCF v2 section speaks when there is no TC string; the TC string wins")
    func h14_gppTCFSection() {
        var refused = Self.builder()
        refused.vendorConsents = .none
        let viaGPP = PrivacySignals(gdprApplies: true, gpp: "DBABMA~" + Self.builder().encoded)
        #expect(viaGPP.consent(forVendor: 755) == .personalised)
        let both = PrivacySignals(
            gdprApplies: true, tcfConsent: refused.encoded, gpp: "DBABMA~" + Self.builder().encoded)
        #expect(both.consent(forVendor: 755).outcome == .nonPersonalised)
        let noSection = PrivacySignals(gdprApplies: true, gpp: "DBABzw~1NNN~" + GPPStringTests.usNational())
        #expect(noSection.consent(forVendor: 755).reasons == ["GDPR applies and there is no TC string"])
    }

    @Test("H16: the US national section's sale, sharing and targeted advertising opt-outs and GPC are opt-outs")
    func h16_usNationalOptOuts() {
        let cases: [([Int], Bool?, String?)] = [
            ([0, 1, 0, 0, 0, 0, 1, 2, 2], nil, "sale"), ([1, 0, 1, 0, 0, 0, 2, 1, 2], nil, "sharing"),
            ([0, 0, 0, 1, 0, 0, 2, 2, 1], nil, "targeted advertising"), ([0, 0, 0, 0, 0, 0, 2, 2, 2], true, "GPC"),
            ([1, 1, 1, 1, 0, 0, 2, 2, 2], false, nil), ([0, 0, 0, 0, 0, 0, 0, 0, 0], nil, nil),
        ]
        for (fields, gpc, optOut) in cases {
            let signals = PrivacySignals(gpp: "DBABLA~" + GPPStringTests.usNational(fields: fields, gpc: gpc))
            let decision = signals.consent(forVendor: 755)
            if let optOut {
                #expect(decision.outcome == .nonPersonalised && !signals.allowsPersonalisedAds, "\(optOut)")
                #expect(
                    decision.reasons == ["the GPP string's US national section says the user opted out (\(optOut))"])
            } else {
                #expect(decision == .personalised, "\(fields)")
            }
        }
    }

    @Test("H16: the GPP US privacy section and the US privacy string opt out of sale; an invalid GPP string forbids")
    func h16_usPrivacyAndInvalidGPP() {
        let section = PrivacySignals(gpp: "DBABzw~1YYN~" + GPPStringTests.usNational())
        #expect(
            section.consent(forVendor: nil).reasons == [
                "the GPP string's US privacy section '1YYN' says the user opted out of sale"
            ])
        #expect(
            PrivacySignals(gpp: "DBABzw~1YNN~" + GPPStringTests.usNational()).consent(forVendor: nil) == .personalised)
        #expect(PrivacySignals(usPrivacy: "1YYN").consent(forVendor: 755).outcome == .nonPersonalised)
        let invalid = PrivacySignals(gpp: "DBABMA").consent(forVendor: 755)
        #expect(invalid.outcome == .nonPersonalised)
        #expect(invalid.problems == [ConsentStringError(.sectionCountMismatch(declared: 1, found: 0))])
        #expect(PrivacySignals(gpp: "  ").consent(forVendor: 755) == .personalised)  // blank: absent
    }

    @Test("H14: the reasons add up in order, and the decision prints them")
    func h14_reasonsAddUp() {
        var builder = Self.builder()
        builder.vendorConsents = .none
        let signals = PrivacySignals(
            gdprApplies: true, tcfConsent: builder.encoded, usPrivacy: "1YYN", isChildDirected: true,
            isUnderAgeOfConsent: true, trackingAuthorization: .denied)
        let decision = signals.consent(forVendor: 755)
        #expect(
            decision.reasons == [
                "the request is child-directed", "the user is under the age of consent", "tracking is denied",
                "the US privacy string '1YYN' says the user opted out of sale",
                "the user did not consent to vendor 755",
            ])
        #expect(decision.description.hasPrefix("nonPersonalised: the request is child-directed; the user is under"))
        #expect(ConsentDecision.personalised.description == "personalised")
    }

    @Test("H13: the signals' strings are decoded when set, after a change and after JSON, and compare equal")
    func h13_decodedWhenSet() throws {
        var signals = PrivacySignals(gdprApplies: true)
        #expect(signals.tcString == nil)
        signals.tcfConsent = PrivacyExamples.acceptAll
        #expect(try signals.tcString?.get().cmpID == 300)
        signals.gpp = "DBAA"
        #expect(try signals.gppString?.get().sectionIDs == [])
        let json = try JSONEncoder().encode(signals)
        #expect(String(decoding: json, as: UTF8.self).contains("decoded") == false)
        let decoded = try JSONDecoder().decode(PrivacySignals.self, from: json)
        #expect(decoded == signals)
        #expect(try decoded.tcString?.get().vendorConsents.contains(755) == true)
        #expect(try JSONDecoder().decode(PrivacySignals.self, from: Data("{}".utf8)) == PrivacySignals())
    }
}
