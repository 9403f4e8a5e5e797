/// Builds a TC string (IAB TCF v2 core segment, then optional segments) field by field with ``ConsentBitWriter``:
/// the defaults are a valid TCF v2.2 string giving consent to nothing, and each test sets what it checks.
///
/// ```swift
/// var tc = TCStringBuilder()
/// tc.purposeConsents = [1, 2, 3, 4]
/// tc.vendorConsents = .ranges(max: 755, [(755, 755)])
/// let string = tc.encoded   // decodes with TCString(_:)
/// ```
public struct TCStringBuilder: Sendable {
    /// A vendor section as the string encodes it.
    public enum Vendors: Sendable {
        /// `MaxVendorId`, then one bit per vendor up to it.
        case bitField(max: Int, Set<Int>)
        /// `MaxVendorId`, then `NumEntries` ranges (a single vendor when the range has one ID). Ranges are written
        /// as given, so a test can write an absurd one (`(start, end)` pairs).
        case ranges(max: Int, [(start: Int, end: Int)])

        /// No vendor (`MaxVendorId` 0, bit field).
        public static let none = Vendors.bitField(max: 0, [])
    }

    /// One publisher restriction: purpose, type (0-3) and vendor ranges.
    public struct Restriction: Sendable {
        /// The purpose.
        public var purpose: Int
        /// The restriction type: 0 not allowed, 1 require consent, 2 require legitimate interest.
        public var type: Int
        /// The vendors, as `(start, end)` ranges.
        public var vendors: [(start: Int, end: Int)]

        /// Creates a restriction.
        public init(purpose: Int, type: Int, vendors: [(start: Int, end: Int)]) {
            self.purpose = purpose
            self.type = type
            self.vendors = vendors
        }
    }

    /// `Version`.
    public var version = 2
    /// `Created`, deciseconds since 1970.
    public var created = 17_672_256_000
    /// `LastUpdated`, deciseconds since 1970.
    public var lastUpdated = 17_672_256_000
    /// `CmpId`.
    public var cmpID = 300
    /// `CmpVersion`.
    public var cmpVersion = 2
    /// `ConsentScreen`.
    public var consentScreen = 1
    /// `ConsentLanguage`.
    public var consentLanguage = "EN"
    /// `VendorListVersion`.
    public var vendorListVersion = 100
    /// `TcfPolicyVersion` (4: TCF v2.2).
    public var policyVersion = 4
    /// `IsServiceSpecific`.
    public var isServiceSpecific = true
    /// `UseNonStandardTexts`.
    public var usesNonStandardTexts = false
    /// `SpecialFeatureOptIns`.
    public var specialFeatureOptIns: Set<Int> = []
    /// `PurposesConsent`.
    public var purposeConsents: Set<Int> = []
    /// `PurposesLITransparency`.
    public var purposeLegitimateInterests: Set<Int> = []
    /// `PurposeOneTreatment`.
    public var purposeOneTreatment = false
    /// `PublisherCC`.
    public var publisherCountryCode = "DE"
    /// The vendor consent section.
    public var vendorConsents = Vendors.none
    /// The vendor legitimate interest section.
    public var vendorLegitimateInterests = Vendors.none
    /// The publisher restrictions.
    public var restrictions: [Restriction] = []
    /// Segments after the core, already encoded (``segment(type:vendors:)``).
    public var segments: [String] = []

    /// The defaults.
    public init() {}

    /// The core segment's bits.
    public var coreBits: ConsentBitWriter {
        var bits = ConsentBitWriter()
        bits.write(version, width: 6)
        bits.write(created, width: 36)
        bits.write(lastUpdated, width: 36)
        bits.write(cmpID, width: 12)
        bits.write(cmpVersion, width: 12)
        bits.write(consentScreen, width: 6)
        bits.write(letters: consentLanguage)
        bits.write(vendorListVersion, width: 12)
        bits.write(policyVersion, width: 6)
        bits.write(isServiceSpecific)
        bits.write(usesNonStandardTexts)
        bits.write(field: specialFeatureOptIns, length: 12)
        bits.write(field: purposeConsents, length: 24)
        bits.write(field: purposeLegitimateInterests, length: 24)
        bits.write(purposeOneTreatment)
        bits.write(letters: publisherCountryCode)
        Self.write(vendorConsents, to: &bits)
        Self.write(vendorLegitimateInterests, to: &bits)
        bits.write(restrictions.count, width: 12)
        for restriction in restrictions {
            bits.write(restriction.purpose, width: 6)
            bits.write(restriction.type, width: 2)
            Self.write(ranges: restriction.vendors, to: &bits)
        }
        return bits
    }

    /// The string: the core segment, then ``segments``, joined by `.`.
    public var encoded: String { ([coreBits.base64URL] + segments).joined(separator: ".") }

    /// A disclosed (type 1) or allowed (type 2) vendors segment.
    public static func segment(type: Int, vendors: Vendors) -> String {
        var bits = ConsentBitWriter()
        bits.write(type, width: 3)
        write(vendors, to: &bits)
        return bits.base64URL
    }

    /// Writes a vendor section.
    public static func write(_ vendors: Vendors, to bits: inout ConsentBitWriter) {
        switch vendors {
        case .bitField(let max, let ids):
            bits.write(max, width: 16)
            bits.write(false)
            bits.write(field: ids, length: max)
        case .ranges(let max, let ranges):
            bits.write(max, width: 16)
            bits.write(true)
            write(ranges: ranges, to: &bits)
        }
    }

    /// Writes `NumEntries` and the ranges.
    public static func write(ranges: [(start: Int, end: Int)], to bits: inout ConsentBitWriter) {
        bits.write(ranges.count, width: 12)
        for range in ranges {
            bits.write(range.start != range.end)
            bits.write(range.start, width: 16)
            if range.start != range.end { bits.write(range.end, width: 16) }
        }
    }
}
