/// An IAB TCF v2 (v2.2) TC string, decoded by AdBridge itself: the core segment and the optional disclosed vendors,
/// allowed vendors and publisher purposes segments.
///
/// Every field of the core segment is read in the specification's order and width; vendor consents and legitimate
/// interests in either encoding (bit field or ranges); publisher restrictions. A segment of another type is skipped
/// (its type kept in ``skippedSegmentTypes``). A string that cannot be read throws a ``ConsentStringError`` naming
/// the segment, the field and the bit.
///
/// ```swift
/// let tc = try TCString("CQdWToAQdWToAEsACBENBkEgAP_gAEPgAAYgH0QAYAAgfQB9EAGAAIH0AAA")
/// tc.cmpID                        // 300
/// tc.purposeConsents.contains(1)  // true
/// tc.vendorConsents.contains(42) // true
/// ```
public struct TCString: Sendable, Hashable {
    /// The string as given.
    public let rawValue: String
    /// The TCF version of the core segment (always 2).
    public let version: Int
    /// When the string was created, in deciseconds since 1970-01-01T00:00:00Z (`Created`, 36 bits).
    public let created: Int
    /// When it was last updated, in deciseconds since 1970-01-01T00:00:00Z (`LastUpdated`, 36 bits).
    public let lastUpdated: Int
    /// The consent management platform's ID (`CmpId`).
    public let cmpID: Int
    /// The CMP's version (`CmpVersion`).
    public let cmpVersion: Int
    /// The CMP screen where consent was given (`ConsentScreen`).
    public let consentScreen: Int
    /// The two-letter language of the consent screen, upper case (`ConsentLanguage`).
    public let consentLanguage: String
    /// The Global Vendor List version used (`VendorListVersion`).
    public let vendorListVersion: Int
    /// The TCF policy version (`TcfPolicyVersion`; 4 for TCF v2.2).
    public let policyVersion: Int
    /// Whether the string is specific to one service (`IsServiceSpecific`).
    public let isServiceSpecific: Bool
    /// Whether the CMP used non-standard texts (`UseNonStandardTexts`).
    public let usesNonStandardTexts: Bool
    /// The special features (1-12) the user opted into (`SpecialFeatureOptIns`).
    public let specialFeatureOptIns: Set<Int>
    /// The purposes (1-24) the user consented to (`PurposesConsent`).
    public let purposeConsents: Set<Int>
    /// The purposes (1-24) whose legitimate interest was disclosed and not objected to (`PurposesLITransparency`).
    public let purposeLegitimateInterests: Set<Int>
    /// Whether purpose 1 was not disclosed, the publisher being in a country where it does not apply
    /// (`PurposeOneTreatment`).
    public let purposeOneTreatment: Bool
    /// The publisher's two-letter country code, upper case (`PublisherCC`).
    public let publisherCountryCode: String
    /// The vendors the user consented to.
    public let vendorConsents: VendorSet
    /// The vendors whose legitimate interest was disclosed and not objected to.
    public let vendorLegitimateInterests: VendorSet
    /// The publisher's restrictions, in the string's order.
    public let publisherRestrictions: [PublisherRestriction]
    /// The vendors the CMP disclosed (segment type 1), when the string carries the segment.
    public let disclosedVendors: VendorSet?
    /// The vendors the publisher allowed (segment type 2), when the string carries the segment.
    public let allowedVendors: VendorSet?
    /// The publisher purposes segment (type 3), when the string carries it.
    public let publisherTC: PublisherTC?
    /// The types of the segments skipped (any other than 1, 2 and 3), in order.
    public let skippedSegmentTypes: [Int]

    /// The name of the core segment in errors.
    static let core = "TC core segment"

    /// Decodes `text`: the core segment, then each `.`-separated segment by its 3-bit type.
    ///
    /// - Throws: ``ConsentStringError``: `empty`, `badBase64URL`, `truncated` (which field, at which bit),
    ///   `unsupportedVersion` (a TCF v1 string), `absurdVendorRange`, `invalidValue` (a language letter beyond
    ///   `Z`), `duplicateSegment`.
    public init(_ text: String) throws(ConsentStringError) {
        rawValue = text
        let segments = text.split(separator: ".", omittingEmptySubsequences: false)
        var bits = try ConsentBits(base64URL: segments.first ?? "", segment: Self.core)
        version = try bits.integer(6, "Version")
        guard version == 2 else {
            throw ConsentStringError(.unsupportedVersion(segment: Self.core, found: version, supported: [2]))
        }
        created = try bits.integer(36, "Created")
        lastUpdated = try bits.integer(36, "LastUpdated")
        cmpID = try bits.integer(12, "CmpId")
        cmpVersion = try bits.integer(12, "CmpVersion")
        consentScreen = try bits.integer(6, "ConsentScreen")
        consentLanguage = try Self.letters(from: &bits, "ConsentLanguage")
        vendorListVersion = try bits.integer(12, "VendorListVersion")
        policyVersion = try bits.integer(6, "TcfPolicyVersion")
        isServiceSpecific = try bits.flag("IsServiceSpecific")
        usesNonStandardTexts = try bits.flag("UseNonStandardTexts")
        specialFeatureOptIns = try bits.bitField(12, "SpecialFeatureOptIns")
        purposeConsents = try bits.bitField(24, "PurposesConsent")
        purposeLegitimateInterests = try bits.bitField(24, "PurposesLITransparency")
        purposeOneTreatment = try bits.flag("PurposeOneTreatment")
        publisherCountryCode = try Self.letters(from: &bits, "PublisherCC")
        vendorConsents = try VendorSet.read(from: &bits, "VendorConsents")
        vendorLegitimateInterests = try VendorSet.read(from: &bits, "VendorLegitimateInterests")
        publisherRestrictions = try PublisherRestriction.readAll(from: &bits)

        var disclosed: VendorSet?
        var allowed: VendorSet?
        var publisher: PublisherTC?
        var skipped: [Int] = []
        for (index, segment) in segments.dropFirst().enumerated() {
            var bits = try ConsentBits(base64URL: segment, segment: "TC segment \(index + 2)")
            switch try bits.integer(3, "SegmentType") {
            case 1:
                guard disclosed == nil else { throw ConsentStringError(.duplicateSegment(segment: "DisclosedVendors")) }
                disclosed = try VendorSet.read(from: &bits, "DisclosedVendors")
            case 2:
                guard allowed == nil else { throw ConsentStringError(.duplicateSegment(segment: "AllowedVendors")) }
                allowed = try VendorSet.read(from: &bits, "AllowedVendors")
            case 3:
                guard publisher == nil else { throw ConsentStringError(.duplicateSegment(segment: "PublisherTC")) }
                publisher = try PublisherTC(reading: &bits)
            case let type:
                skipped.append(type)
            }
        }
        disclosedVendors = disclosed
        allowedVendors = allowed
        publisherTC = publisher
        skippedSegmentTypes = skipped
    }

    /// The strictest restriction the publisher puts on `purpose` for `vendor`, if any (``PublisherRestriction/Kind``
    /// `undefined` is never returned: it restricts nothing).
    public func restriction(forPurpose purpose: Int, vendor: Int) -> PublisherRestriction.Kind? {
        publisherRestrictions
            .filter { $0.purposeID == purpose && $0.kind != .undefined && $0.vendors.contains(vendor) }
            .map(\.kind).max()
    }

    /// The vendors a restriction of `kind` on `purpose` names, across every entry that restricts it.
    public func vendors(restrictedFor purpose: Int, kind: PublisherRestriction.Kind) -> VendorSet {
        publisherRestrictions.filter { $0.purposeID == purpose && $0.kind == kind }
            .reduce(VendorSet.empty) { $0.union($1.vendors) }
    }

    /// Two 6-bit letters, 0 = `A` ... 25 = `Z`.
    private static func letters(from bits: inout ConsentBits, _ field: String) throws(ConsentStringError) -> String {
        var text = ""
        for _ in 0..<2 {
            let letter = try bits.integer(6, field)
            guard letter < 26 else {
                throw ConsentStringError(.invalidValue(segment: Self.core, field: field, value: letter))
            }
            text.unicodeScalars.append(Unicode.Scalar(UInt8(ascii: "A") + UInt8(letter)))
        }
        return text
    }
}
