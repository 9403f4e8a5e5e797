/// One section of a GPP string, decoded where AdBridge reads it and kept as written otherwise.
///
/// AdBridge decodes the EU TCF v2 section (ID 2), the US privacy section (ID 6, `uspv1`, the four-character
/// CCPA string) and the US national section (ID 7). Every other ID, known to the GPP registry (the Canadian TCF,
/// the US state sections) or not, is ``undecoded(id:text:)``: carried, not read, and never an error.
///
/// ```swift
/// for section in gpp.sections {
///     if case .usNational(let usnat) = section, usnat.optsOutOfPersonalisation { print("opted out") }
/// }
/// ```
public enum GPPSection: Sendable, Hashable {
    /// The EU TCF v2 section (ID 2): a TC string.
    case tcfEU(TCString)
    /// The US privacy section (ID 6): the IAB US privacy string, such as `1YNN`.
    case usPrivacy(String)
    /// The US national section (ID 7).
    case usNational(USNationalSection)
    /// A section AdBridge does not decode, as written.
    case undecoded(id: Int, text: String)

    /// The EU TCF v2 section's ID.
    public static let tcfEUID = 2
    /// The US privacy section's ID.
    public static let usPrivacyID = 6

    /// The section's ID.
    public var id: Int {
        switch self {
        case .tcfEU: Self.tcfEUID
        case .usPrivacy: Self.usPrivacyID
        case .usNational: USNationalSection.id
        case .undecoded(let id, _): id
        }
    }

    /// Decodes the section `text` listed under `id` in the header.
    ///
    /// - Throws: the section's ``ConsentStringError``; for ID 6, `invalidText` unless the text is `1` followed by
    ///   three of `Y`, `N` and `-`.
    init(id: Int, text: Substring) throws(ConsentStringError) {
        switch id {
        case Self.tcfEUID:
            self = .tcfEU(try TCString(String(text)))
        case Self.usPrivacyID:
            let characters = Array(text)
            guard characters.count == 4, characters[0] == "1", characters.dropFirst().allSatisfy({ "YN-".contains($0) })
            else {
                throw ConsentStringError(
                    .invalidText(
                        segment: "GPP section 6 (uspv1)", text: String(text),
                        expected: "a US privacy string ('1' then three of 'Y', 'N', '-')"))
            }
            self = .usPrivacy(String(text))
        case USNationalSection.id:
            self = .usNational(try USNationalSection(text))
        default:
            self = .undecoded(id: id, text: String(text))
        }
    }
}
