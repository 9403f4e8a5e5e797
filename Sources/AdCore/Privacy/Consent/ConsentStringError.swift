/// Why a consent string (an IAB TCF v2 TC string, a GPP string or one of its sections) could not be decoded: what
/// is wrong, where (the segment, the field and the bit), and how to fix it.
///
/// ```swift
/// do {
///     _ = try TCString("BOhwdphOxFC7tAHABBFRC")
/// } catch {
///     print(error)   // TC core segment: version 1 is not supported (only 2) Fix: ...
/// }
/// ```
public struct ConsentStringError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// The segment is empty.
        case empty(segment: String)
        /// A character outside the base64url alphabet (`A-Z`, `a-z`, `0-9`, `-`, `_`) at `offset` in the segment.
        case badBase64URL(segment: String, character: Character, offset: Int)
        /// The segment ends inside `field`: it starts at bit `bit` and needs `needed` bits, `available` are left.
        case truncated(segment: String, field: String, bit: Int, needed: Int, available: Int)
        /// The segment's version (or type) is `found`; this decoder reads `supported`.
        case unsupportedVersion(segment: String, found: Int, supported: [Int])
        /// A vendor range in `field` that cannot be: its end before its start, a vendor 0, or beyond the field's
        /// declared maximum vendor ID (`maxVendorID`, when it declares one).
        case absurdVendorRange(field: String, start: Int, end: Int, maxVendorID: Int?)
        /// `field` holds `value`, which the specification does not allow.
        case invalidValue(segment: String, field: String, value: Int)
        /// A text section is not of the form the specification gives (`expected`).
        case invalidText(segment: String, text: String, expected: String)
        /// The segment appears twice.
        case duplicateSegment(segment: String)
        /// The GPP header lists `declared` sections and the string carries `found`.
        case sectionCountMismatch(declared: Int, found: Int)
    }

    /// What went wrong.
    public let kind: Kind

    /// Creates an error.
    public init(_ kind: Kind) { self.kind = kind }

    /// What went wrong, in a sentence.
    public var message: String {
        switch kind {
        case .empty(let segment):
            return "\(segment) is empty."
        case .badBase64URL(let segment, let character, let offset):
            let shown = character.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }
            return "\(segment): '\(character)' (\(shown.joined(separator: " "))) at character \(offset) is not "
                + "base64url."
        case .truncated(let segment, let field, let bit, let needed, let available):
            return "\(segment) is truncated in \(field): it starts at bit \(bit) and needs \(needed) bits, "
                + "\(available) are left."
        case .unsupportedVersion(let segment, let found, let supported):
            let list = supported.map(String.init).joined(separator: ", ")
            return "\(segment): version \(found) is not supported (only \(list))."
        case .absurdVendorRange(let field, let start, let end, let maxVendorID):
            if start < 1 { return "\(field): the vendor range \(start)-\(end) starts at vendor 0 (IDs start at 1)." }
            if end < start { return "\(field): the vendor range \(start)-\(end) ends before it starts." }
            return "\(field): the vendor range \(start)-\(end) goes beyond the maximum vendor ID "
                + "\(maxVendorID.map(String.init) ?? "?") the field declares."
        case .invalidValue(let segment, let field, let value):
            return "\(segment): \(field) is \(value), which the specification does not allow."
        case .invalidText(let segment, let text, let expected):
            return "\(segment): '\(text)' is not \(expected)."
        case .duplicateSegment(let segment):
            return "The string carries \(segment) twice."
        case .sectionCountMismatch(let declared, let found):
            return "The GPP header lists \(declared) section(s) and the string carries \(found)."
        }
    }

    /// How to fix it.
    public var hint: String {
        switch kind {
        case .empty, .truncated, .badBase64URL:
            return "Pass the string exactly as the consent management platform (CMP) stored it (IABTCF_TCString, "
                + "IABGPP_HDR_GppString): not cut, URL-decoded once, without quotes or spaces."
        case .unsupportedVersion:
            return "Use a CMP that writes IAB TCF v2.2 TC strings and GPP v1 strings; a TCF v1 string (starting "
                + "with 'B') is no longer valid."
        case .absurdVendorRange, .invalidValue, .invalidText, .duplicateSegment, .sectionCountMismatch:
            return "The CMP wrote an invalid string: report it to the CMP's vendor. Until then the user is asked "
                + "without personalisation (Docs/Privacy.md)."
        }
    }

    /// `message Fix: hint`.
    public var description: String { message + " Fix: " + hint }
}
