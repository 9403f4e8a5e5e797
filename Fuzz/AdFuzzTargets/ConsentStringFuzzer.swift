import AdCore

/// The consent string target: one input is one string, decoded as a TC string and as a GPP string
/// (`TCString(_:)`, `GPPString(_:)`), and the consent rule run on it for Google's vendor and for none. The same
/// text must decode the same way twice; what decodes must hold (vendor ranges ascending, within 1...65535 and the
/// field's maximum; as many GPP sections as IDs); every error must say what went wrong and how to fix it; and a
/// request is excluded only under GDPR with a readable TC string and a vendor ID.
enum ConsentStringFuzzer {
    static func run(_ input: [UInt8]) -> [String] {
        let text = String(decoding: input, as: UTF8.self)
        var problems: [String] = []
        let tc = decodeTC(text)
        if tc != decodeTC(text) { problems.append("consent: two decodes of the same TC string differ") }
        switch tc {
        case .success(let tc): problems += check(tc, "consent TC")
        case .failure(let error): problems += check(error, "consent TC")
        }
        let gpp = decodeGPP(text)
        if gpp != decodeGPP(text) { problems.append("consent: two decodes of the same GPP string differ") }
        switch gpp {
        case .success(let gpp):
            if gpp.sections.count != gpp.sectionIDs.count || gpp.sections.map(\.id) != gpp.sectionIDs {
                problems.append("consent GPP: \(gpp.sectionIDs.count) IDs and \(gpp.sections.count) sections")
            }
            if gpp.sectionIDs != gpp.sectionIDs.sorted() || Set(gpp.sectionIDs).count != gpp.sectionIDs.count {
                problems.append("consent GPP: section IDs \(gpp.sectionIDs) do not ascend strictly")
            }
            if let section = gpp.tcfEU { problems += check(section, "consent GPP TC section") }
        case .failure(let error):
            problems += check(error, "consent GPP")
        }
        for signals in [
            PrivacySignals(gdprApplies: true, tcfConsent: text), PrivacySignals(gdprApplies: true, gpp: text),
        ] {
            for vendor in [755, nil] {
                let decision = signals.consent(forVendor: vendor)
                let readable = if case .success? = signals.tcString { true } else { false }
                if decision.outcome == .excluded, vendor == nil || !readable {
                    problems.append("consent: excluded without a readable TC string and a vendor ID")
                }
                if decision.outcome != .personalised, decision.reasons.isEmpty {
                    problems.append("consent: \(decision.outcome) without a reason")
                }
            }
        }
        return problems
    }

    private static func decodeTC(_ text: String) -> Result<TCString, ConsentStringError> {
        Result { () throws(ConsentStringError) in try TCString(text) }
    }

    private static func decodeGPP(_ text: String) -> Result<GPPString, ConsentStringError> {
        Result { () throws(ConsentStringError) in try GPPString(text) }
    }

    /// The promises of a decoded TC string: every vendor set well formed.
    private static func check(_ tc: TCString, _ what: String) -> [String] {
        var sets: [(String, VendorSet)] = [
            ("vendor consents", tc.vendorConsents), ("vendor legitimate interests", tc.vendorLegitimateInterests),
        ]
        if let disclosed = tc.disclosedVendors { sets.append(("disclosed vendors", disclosed)) }
        if let allowed = tc.allowedVendors { sets.append(("allowed vendors", allowed)) }
        var problems: [String] = []
        for (name, set) in sets {
            if let last = set.ranges.last, last.upperBound > set.maxVendorID {
                problems.append("\(what): \(name) end at \(last.upperBound), beyond their maximum \(set.maxVendorID)")
            }
            problems += checkRanges(set, "\(what): \(name)")
        }
        for restriction in tc.publisherRestrictions {
            problems += checkRanges(restriction.vendors, "\(what): restriction on purpose \(restriction.purposeID)")
        }
        if tc.consentLanguage.count != 2 || tc.publisherCountryCode.count != 2 {
            problems.append("\(what): a language or country code of other than two letters")
        }
        return problems
    }

    private static func checkRanges(_ set: VendorSet, _ what: String) -> [String] {
        var previous = 0
        for range in set.ranges {
            guard range.lowerBound > previous + 1 || (previous == 0 && range.lowerBound >= 1),
                range.upperBound <= 65_535
            else { return ["\(what): ranges \(set) are not ascending, apart and within 1...65535"] }
            previous = range.upperBound
        }
        return []
    }

    /// An error must say what went wrong and how to fix it.
    private static func check(_ error: ConsentStringError, _ what: String) -> [String] {
        error.message.isEmpty || error.hint.isEmpty ? ["\(what): an error without a message or a hint"] : []
    }
}
