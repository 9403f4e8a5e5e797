/// The consent rule (Docs/Privacy.md, rules H13-H16): what a request to one vendor may carry.
extension PrivacySignals {
    /// The TCF purposes a personalised request needs consent to: 1 (store and access information on a device),
    /// 3 (create profiles for personalised advertising), 4 (use profiles to select personalised advertising).
    public static let personalisationPurposes = [1, 3, 4]
    /// The TCF purpose every request needs a legal basis for, consent or legitimate interest: 2 (basic ads).
    public static let basicAdsPurpose = 2

    /// How a request to the vendor with IAB Global Vendor List ID `vendorID` (`nil`: the provider has none) may go
    /// out, by the rule of Docs/Privacy.md:
    ///
    /// - **Non-personalised** when anything in ``generalConsent`` forbids personalisation; when GDPR applies and the
    ///   vendor has no GVL ID (a TC string cannot record consent for it); or when GDPR applies and the TC string
    ///   gives the vendor no consent, or the publisher restricts purpose 1, 3 or 4 for it (not allowed, or
    ///   legitimate interest only).
    /// - **Excluded** when GDPR applies, the TC string is readable and gives the vendor no legal basis for purpose 2
    ///   (basic ads): neither consent (purpose and vendor) nor legitimate interest (purpose and vendor), within the
    ///   publisher's restrictions.
    /// - **Personalised** otherwise.
    ///
    /// ```swift
    /// switch host.privacy.consent(forVendor: 42).outcome {
    /// case .personalised: print("vendor 42 may personalise")
    /// case .nonPersonalised, .excluded: print(host.privacy.consent(forVendor: 42).reasons)
    /// }
    /// ```
    public func consent(forVendor vendorID: Int?) -> ConsentDecision {
        var decision = generalConsent
        guard gdprApplies == true, case .success(let tc)? = tcString else { return decision }
        guard let vendorID else {
            decision.outcome = .nonPersonalised
            decision.reasons.append(
                "GDPR applies and the provider has no IAB Global Vendor List ID, so no TC string can record consent "
                    + "for it")
            return decision
        }
        if let refusal = Self.basicAdsRefusal(tc, vendorID) {
            decision.outcome = .excluded
            decision.reasons.append(refusal)
            return decision
        }
        let refusals = Self.personalisationRefusals(tc, vendorID)
        if !refusals.isEmpty {
            decision.outcome = .nonPersonalised
            decision.reasons += refusals
        }
        return decision
    }

    /// What the signals decide for every vendor alike: non-personalised when the request is child-directed, the
    /// user is under the age of consent, tracking is restricted or denied, the US privacy string (`1YY-`) or the GPP
    /// string's US sections say the user opted out (sale, sharing, targeted advertising, GPC), the GPP string
    /// cannot be decoded, or GDPR applies and there is no TC string, it cannot be decoded, or it gives no consent to
    /// purposes 1 (unless purpose one treatment applies), 3 and 4. Never excluded.
    public var generalConsent: ConsentDecision {
        var reasons: [String] = []
        var problems: [ConsentStringError] = []
        if isChildDirected == true { reasons.append("the request is child-directed") }
        if isUnderAgeOfConsent == true { reasons.append("the user is under the age of consent") }
        if let tracking = trackingAuthorization, tracking.forbidsTracking {
            reasons.append("tracking is \(tracking.rawValue)")
        }
        if let usPrivacy, Self.optsOutOfSale(usPrivacy) {
            reasons.append("the US privacy string '\(usPrivacy)' says the user opted out of sale")
        }
        switch gppString {
        case .failure(let error)?:
            problems.append(error)
            reasons.append("the GPP string cannot be decoded (\(error.message))")
        case .success(let gpp)?:
            if let usnat = gpp.usNational, usnat.optsOutOfPersonalisation {
                let list = usnat.optOuts.joined(separator: ", ")
                reasons.append("the GPP string's US national section says the user opted out (\(list))")
            }
            if let text = gpp.usPrivacy, Self.optsOutOfSale(text) {
                reasons.append("the GPP string's US privacy section '\(text)' says the user opted out of sale")
            }
        case nil:
            break
        }
        if gdprApplies == true {
            switch tcString {
            case nil:
                reasons.append("GDPR applies and there is no TC string")
            case .failure(let error)?:
                problems.append(error)
                reasons.append("GDPR applies and the TC string cannot be decoded (\(error.message))")
            case .success(let tc)?:
                let purposes = Self.personalisationPurposes.filter { purpose in
                    !(tc.purposeConsents.contains(purpose) || (purpose == 1 && tc.purposeOneTreatment))
                }
                if !purposes.isEmpty {
                    let list = purposes.map(String.init).joined(separator: ", ")
                    reasons.append("the TC string gives no consent to purpose(s) \(list)")
                }
            }
        }
        return ConsentDecision(
            outcome: reasons.isEmpty ? .personalised : .nonPersonalised, reasons: reasons,
            problems: problems)
    }

    /// Whether a US privacy string (`1YY-`) says the user opted out of sale: its third character is `Y`.
    static func optsOutOfSale(_ text: String) -> Bool {
        text.count >= 3 && text.dropFirst(2).first.map { $0 == "Y" || $0 == "y" } == true
    }

    /// Why the TC string gives `vendor` no legal basis for basic ads (purpose 2), or `nil` when it gives one.
    static func basicAdsRefusal(_ tc: TCString, _ vendor: Int) -> String? {
        let purpose = basicAdsPurpose
        let restriction = tc.restriction(forPurpose: purpose, vendor: vendor)
        if restriction == .notAllowed {
            return "the publisher does not allow purpose 2 (basic ads) for vendor \(vendor)"
        }
        let byConsent =
            restriction != .requireLegitimateInterest && tc.purposeConsents.contains(purpose)
            && tc.vendorConsents.contains(vendor)
        let byInterest =
            restriction != .requireConsent && tc.purposeLegitimateInterests.contains(purpose)
            && tc.vendorLegitimateInterests.contains(vendor)
        guard !byConsent, !byInterest else { return nil }
        let vendorBasis =
            tc.vendorConsents.contains(vendor) || tc.vendorLegitimateInterests.contains(vendor)
            ? "" : ": the user gave vendor \(vendor) neither consent nor legitimate interest"
        return "the TC string gives vendor \(vendor) no legal basis for purpose 2 (basic ads)" + vendorBasis
    }

    /// Why the TC string does not let `vendor` personalise: no vendor consent, or a publisher restriction on
    /// purpose 1, 3 or 4 (not allowed, or legitimate interest only, which cannot personalise).
    static func personalisationRefusals(_ tc: TCString, _ vendor: Int) -> [String] {
        var reasons: [String] = []
        if !tc.vendorConsents.contains(vendor) { reasons.append("the user did not consent to vendor \(vendor)") }
        for purpose in personalisationPurposes where !(purpose == 1 && tc.purposeOneTreatment) {
            switch tc.restriction(forPurpose: purpose, vendor: vendor) {
            case .notAllowed?:
                reasons.append("the publisher does not allow purpose \(purpose) for vendor \(vendor)")
            case .requireLegitimateInterest?:
                reasons.append(
                    "the publisher allows purpose \(purpose) for vendor \(vendor) only by legitimate interest")
            default:
                break
            }
        }
        return reasons
    }
}
