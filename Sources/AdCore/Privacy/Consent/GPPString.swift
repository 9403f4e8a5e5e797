/// An IAB Global Privacy Platform (GPP) string, decoded by AdBridge itself: the header (type 3, version 1, the IDs
/// of the sections that follow as Fibonacci-coded ranges) and each `~`-separated section in the header's order.
///
/// Sections 2 (EU TCF v2), 6 (US privacy) and 7 (US national) are decoded; any other ID is kept as written
/// (``GPPSection/undecoded(id:text:)``), so a string with a section AdBridge does not know still decodes.
///
/// ```swift
/// let gpp = try GPPString("DBABMA~CQdWToAQdWToAEsACBENBkEgAP_gAEPgAAYgH0QAYAAgfQB9EAGAAIH0AAA")
/// gpp.sectionIDs                                  // [2]
/// gpp.tcfEU?.vendorConsents.contains(42)         // true
/// ```
public struct GPPString: Sendable, Hashable {
    /// The string as given.
    public let rawValue: String
    /// The header's version (1).
    public let version: Int
    /// The section IDs the header lists, ascending.
    public let sectionIDs: [Int]
    /// The sections, in the header's order.
    public let sections: [GPPSection]

    /// The header's name in errors.
    static let header = "GPP header"

    /// Decodes `text`.
    ///
    /// - Throws: ``ConsentStringError``: `unsupportedVersion` when the header's type is not 3 or its version not 1,
    ///   `truncated` (a section ID list that ends early), `sectionCountMismatch` when the header lists more or fewer
    ///   sections than follow it, or a section's own error.
    public init(_ text: String) throws(ConsentStringError) {
        rawValue = text
        let parts = text.split(separator: "~", omittingEmptySubsequences: false)
        var bits = try ConsentBits(base64URL: parts.first ?? "", segment: Self.header)
        let type = try bits.integer(6, "Type")
        guard type == 3 else {
            throw ConsentStringError(.unsupportedVersion(segment: Self.header + " type", found: type, supported: [3]))
        }
        version = try bits.integer(6, "Version")
        guard version == 1 else {
            throw ConsentStringError(.unsupportedVersion(segment: Self.header, found: version, supported: [1]))
        }
        let ranges = try Self.sectionRanges(from: &bits)
        // Counted before any range is expanded, so a header listing a billion sections costs nothing.
        let declared = ranges.reduce(0) { $0 + ($1.upperBound - $1.lowerBound + 1) }
        guard declared == parts.count - 1 else {
            throw ConsentStringError(.sectionCountMismatch(declared: declared, found: parts.count - 1))
        }
        sectionIDs = ranges.flatMap { Array($0) }
        var sections: [GPPSection] = []
        for (id, part) in zip(sectionIDs, parts.dropFirst()) { sections.append(try GPPSection(id: id, text: part)) }
        self.sections = sections
    }

    /// The EU TCF v2 section's TC string, when the string carries it.
    public var tcfEU: TCString? {
        sections.lazy.compactMap { if case .tcfEU(let tc) = $0 { tc } else { nil } }.first
    }

    /// The US national section, when the string carries it.
    public var usNational: USNationalSection? {
        sections.lazy.compactMap { if case .usNational(let section) = $0 { section } else { nil } }.first
    }

    /// The US privacy section's string (`1YNN`), when the string carries it.
    public var usPrivacy: String? {
        sections.lazy.compactMap { if case .usPrivacy(let text) = $0 { text } else { nil } }.first
    }

    /// The largest section ID read: the registry's IDs are small, so a range beyond it is a broken string.
    static let largestSectionID = 4_095

    /// Reads `SectionIds`: a 12-bit count of entries, each a single ID or a range, every value Fibonacci-coded as
    /// an offset from the previous one (IDs ascend strictly).
    private static func sectionRanges(from bits: inout ConsentBits) throws(ConsentStringError) -> [ClosedRange<Int>] {
        let count = try bits.integer(12, "SectionIds count")
        var ranges: [ClosedRange<Int>] = []
        var last = 0
        for index in 0..<count {
            let field = "SectionIds entry \(index + 1)"
            let isRange = try bits.flag(field + " IsARange")
            let start = last + (try bits.fibonacci(field + (isRange ? " start" : "")))
            let end = isRange ? start + (try bits.fibonacci(field + " end")) : start
            guard end <= largestSectionID else {
                throw ConsentStringError(.invalidValue(segment: header, field: field, value: end))
            }
            ranges.append(start...end)
            last = end
        }
        return ranges
    }
}
