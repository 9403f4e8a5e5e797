/// The GPP US national privacy section (`usnat`, section ID 7), versions 1 and 2, with its optional GPC
/// sub-section.
///
/// Version 1 carries 12 sensitive data categories and 2 known-child consents; version 2 carries 16 and 3. Every
/// two-bit field is a ``Value``; 3 is refused (`invalidValue`).
///
/// ```swift
/// let gpp = try GPPString("DBABLA~BVVVkkkklWA.YA")
/// gpp.usNational?.saleOptOut          // .yes: the user opted out of sale
/// gpp.usNational?.optsOutOfPersonalisation   // true
/// ```
public struct USNationalSection: Sendable, Hashable {
    /// A two-bit field: a notice given, an opt-out made, a consent given.
    public enum Value: Int, Sendable, Hashable {
        /// Not applicable (0).
        case notApplicable = 0
        /// Yes: the notice was given, the user opted out, the consent was given (1).
        case yes = 1
        /// No (2).
        case no = 2
    }

    /// The section's ID in a GPP string.
    public static let id = 7

    /// The section's version (1 or 2).
    public let version: Int
    /// Notice of sharing personal data with third parties.
    public let sharingNotice: Value
    /// Notice of the opportunity to opt out of sale.
    public let saleOptOutNotice: Value
    /// Notice of the opportunity to opt out of sharing.
    public let sharingOptOutNotice: Value
    /// Notice of the opportunity to opt out of targeted advertising.
    public let targetedAdvertisingOptOutNotice: Value
    /// Notice of the opportunity to opt out of processing sensitive data.
    public let sensitiveDataProcessingOptOutNotice: Value
    /// Notice of the opportunity to limit the use of sensitive data.
    public let sensitiveDataLimitUseNotice: Value
    /// Whether the user opted out of the sale of personal data (`yes`: opted out).
    public let saleOptOut: Value
    /// Whether the user opted out of sharing personal data (`yes`: opted out).
    public let sharingOptOut: Value
    /// Whether the user opted out of targeted advertising (`yes`: opted out).
    public let targetedAdvertisingOptOut: Value
    /// Opt-outs or consents per sensitive data category: 12 in version 1, 16 in version 2.
    public let sensitiveDataProcessing: [Value]
    /// Consents for known children's data: 2 in version 1, 3 in version 2.
    public let knownChildSensitiveDataConsents: [Value]
    /// Consent to collect, use or share personal data.
    public let personalDataConsents: Value
    /// Whether the transaction is covered by the MSPA.
    public let mspaCoveredTransaction: Value
    /// Whether the MSPA opt-out option mode applies.
    public let mspaOptOutOptionMode: Value
    /// Whether the MSPA service provider mode applies.
    public let mspaServiceProviderMode: Value
    /// The Global Privacy Control signal, when the GPC sub-section is present.
    public let gpc: Bool?

    /// Whether the section forbids personalised ads: the user opted out of sale, sharing or targeted advertising,
    /// or the GPC signal is set.
    public var optsOutOfPersonalisation: Bool { !optOuts.isEmpty }

    /// The opt-outs that forbid personalised ads, named (`sale`, `sharing`, `targeted advertising`, `GPC`).
    public var optOuts: [String] {
        [
            (saleOptOut == .yes, "sale"), (sharingOptOut == .yes, "sharing"),
            (targetedAdvertisingOptOut == .yes, "targeted advertising"), (gpc == true, "GPC"),
        ].filter(\.0).map(\.1)
    }

    /// Decodes the section as it appears in a GPP string: the core segment, then the GPC sub-section after a `.`.
    ///
    /// - Throws: ``ConsentStringError``: `unsupportedVersion` for a version other than 1 and 2, `truncated`,
    ///   `invalidValue` (a field set to 3, a sub-section of another type), `badBase64URL`, `empty`.
    public init(_ text: Substring) throws(ConsentStringError) {
        let segment = "GPP section 7 (usnat)"
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        var bits = try ConsentBits(base64URL: parts.first ?? "", segment: segment)
        version = try bits.integer(6, "Version")
        guard version == 1 || version == 2 else {
            throw ConsentStringError(.unsupportedVersion(segment: segment, found: version, supported: [1, 2]))
        }
        func value(_ field: String) throws(ConsentStringError) -> Value {
            let raw = try bits.integer(2, field)
            guard let value = Value(rawValue: raw) else {
                throw ConsentStringError(.invalidValue(segment: segment, field: field, value: raw))
            }
            return value
        }
        func values(_ count: Int, _ field: String) throws(ConsentStringError) -> [Value] {
            var list: [Value] = []
            for index in 0..<count { list.append(try value("\(field) \(index + 1)")) }
            return list
        }
        sharingNotice = try value("SharingNotice")
        saleOptOutNotice = try value("SaleOptOutNotice")
        sharingOptOutNotice = try value("SharingOptOutNotice")
        targetedAdvertisingOptOutNotice = try value("TargetedAdvertisingOptOutNotice")
        sensitiveDataProcessingOptOutNotice = try value("SensitiveDataProcessingOptOutNotice")
        sensitiveDataLimitUseNotice = try value("SensitiveDataLimitUseNotice")
        saleOptOut = try value("SaleOptOut")
        sharingOptOut = try value("SharingOptOut")
        targetedAdvertisingOptOut = try value("TargetedAdvertisingOptOut")
        sensitiveDataProcessing = try values(version == 1 ? 12 : 16, "SensitiveDataProcessing")
        knownChildSensitiveDataConsents = try values(version == 1 ? 2 : 3, "KnownChildSensitiveDataConsents")
        personalDataConsents = try value("PersonalDataConsents")
        mspaCoveredTransaction = try value("MspaCoveredTransaction")
        mspaOptOutOptionMode = try value("MspaOptOutOptionMode")
        mspaServiceProviderMode = try value("MspaServiceProviderMode")
        guard parts.count > 1 else {
            gpc = nil
            return
        }
        guard parts.count == 2 else { throw ConsentStringError(.duplicateSegment(segment: "usnat GPC sub-section")) }
        var gpcBits = try ConsentBits(base64URL: parts[1], segment: segment + " GPC sub-section")
        let type = try gpcBits.integer(2, "SubsectionType")
        guard type == 1 else {
            throw ConsentStringError(
                .invalidValue(segment: segment + " GPC sub-section", field: "SubsectionType", value: type))
        }
        gpc = try gpcBits.flag("Gpc")
    }
}
