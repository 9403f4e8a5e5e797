/// One publisher restriction of a TC string: for one purpose, what the publisher allows the listed vendors
/// (`PubRestrictionEntry` in the TCF v2 core segment).
///
/// ```swift
/// let strictest = tc.restriction(forPurpose: 3, vendor: 42)   // .notAllowed: no profile for vendor 42
/// ```
public struct PublisherRestriction: Sendable, Hashable {
    /// What the publisher allows (`RestrictionType`, 2 bits).
    public enum Kind: Int, Sendable, Hashable, Comparable {
        /// Purpose flatly not allowed for the vendors (0).
        case notAllowed = 0
        /// Only consent may be the legal basis (1).
        case requireConsent = 1
        /// Only legitimate interest may be the legal basis (2).
        case requireLegitimateInterest = 2
        /// The value the specification leaves undefined (3): read, never enforced.
        case undefined = 3

        /// How strict the restriction is: not allowed, then require legitimate interest, then require consent.
        private var strictness: Int { [.notAllowed: 3, .requireLegitimateInterest: 2, .requireConsent: 1][self] ?? 0 }

        /// Orders restrictions from the least to the most strict.
        public static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.strictness < rhs.strictness }
    }

    /// The purpose restricted (1-24).
    public let purposeID: Int
    /// What the publisher allows.
    public let kind: Kind
    /// The vendors it applies to.
    public let vendors: VendorSet

    /// Creates a restriction.
    public init(purposeID: Int, kind: Kind, vendors: VendorSet) {
        self.purposeID = purposeID
        self.kind = kind
        self.vendors = vendors
    }

    /// Reads `NumPubRestrictions` (12 bits) of entries: `PurposeId` (6), `RestrictionType` (2), then a range list
    /// of vendors (no maximum vendor ID: a restriction may name vendors beyond the consent fields').
    static func readAll(from bits: inout ConsentBits) throws(ConsentStringError) -> [PublisherRestriction] {
        let count = try bits.integer(12, "NumPubRestrictions")
        var restrictions: [PublisherRestriction] = []
        for index in 0..<count {
            let field = "PubRestrictionEntry \(index + 1)"
            let purpose = try bits.integer(6, field + " PurposeId")
            let type = try bits.integer(2, field + " RestrictionType")
            let ranges = try VendorSet.readRanges(from: &bits, field, maxVendorID: nil)
            restrictions.append(
                PublisherRestriction(
                    purposeID: purpose, kind: Kind(rawValue: type) ?? .undefined, vendors: VendorSet(ranges: ranges)))
        }
        return restrictions
    }
}
