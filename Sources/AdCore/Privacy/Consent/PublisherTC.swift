/// The publisher purposes segment of a TC string (segment type 3): the user's choices for the publisher's own
/// purposes and its custom purposes. Read when present; AdBridge enforces vendors' choices, not these.
///
/// ```swift
/// if let publisher = tc.publisherTC, publisher.purposeConsents.contains(1) { print("publisher may store") }
/// ```
public struct PublisherTC: Sendable, Hashable {
    /// The purposes (1-24) the user consented to for the publisher (`PubPurposesConsent`).
    public let purposeConsents: Set<Int>
    /// The purposes (1-24) the publisher may pursue by legitimate interest (`PubPurposesLITransparency`).
    public let purposeLegitimateInterests: Set<Int>
    /// How many custom purposes the publisher declared (`NumCustomPurposes`, 0-63).
    public let customPurposeCount: Int
    /// The custom purposes (1-based) consented to.
    public let customPurposeConsents: Set<Int>
    /// The custom purposes (1-based) pursued by legitimate interest.
    public let customPurposeLegitimateInterests: Set<Int>

    /// Reads the segment after its 3-bit type.
    init(reading bits: inout ConsentBits) throws(ConsentStringError) {
        purposeConsents = try bits.bitField(24, "PubPurposesConsent")
        purposeLegitimateInterests = try bits.bitField(24, "PubPurposesLITransparency")
        customPurposeCount = try bits.integer(6, "NumCustomPurposes")
        customPurposeConsents = try bits.bitField(customPurposeCount, "CustomPurposesConsent")
        customPurposeLegitimateInterests = try bits.bitField(customPurposeCount, "CustomPurposesLITransparency")
    }
}
