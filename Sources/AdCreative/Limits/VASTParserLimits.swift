/// The bounds the parser enforces, safe by default. Exceeding one fails the parse with
/// `VASTError.Kind.limitExceeded` naming the limit, never unbounded memory or time.
///
/// ```swift
/// var limits = VASTParserLimits()
/// limits.maxInputBytes = 256 * 1024
/// let parser = VASTParser(limits: limits)
/// ```
public struct VASTParserLimits: Sendable, Equatable {
    /// The largest document accepted, in bytes (default 1 MiB).
    public var maxInputBytes: Int = 1 << 20
    /// The deepest element nesting accepted (default 64).
    public var maxDepth: Int = 64
    /// The most `<Ad>` elements in one document (default 32).
    public var maxAds: Int = 32
    /// The most `<Creative>` elements in one ad (default 32).
    public var maxCreativesPerAd: Int = 32
    /// The most `<MediaFile>` elements in one creative (default 64).
    public var maxMediaFilesPerCreative: Int = 64
    /// The most tracking entries (`<Tracking>`) in one creative (default 512).
    public var maxTrackingEventsPerCreative: Int = 512
    /// The longest URL accepted, in bytes (default 8 KiB).
    public var maxURLLength: Int = 8 * 1024
    /// The longest text of one element, in bytes (default 256 KiB, for `<HTMLResource>` and `<AdParameters>`).
    public var maxTextLength: Int = 256 * 1024
    /// The most attributes of one element, namespace declarations included (default 256; a VAST element has at
    /// most 14). Checked on the document's bytes before libxml2 reads them (R10: libxml2 spends quadratic time on an
    /// element's attributes before anything can count them) and again as each element starts.
    public var maxAttributesPerElement: Int = 256

    /// The default limits.
    public init() {}

    /// The largest ``maxTextLength`` and ``maxURLLength`` the parser can honour. libxml2 refuses to hold more than
    /// 10,000,000 bytes of one unfinished construct (`XML_MAX_LOOKUP_LIMIT`, "Huge input lookup") unless its safety
    /// limits are switched off, which AdCreative never does; what it holds counts the text itself and what precedes
    /// it since libxml2 last discarded parsed input (a few kilobytes and the element's start tag), so 9,000,000
    /// leaves that room.
    public static let textLengthCeiling = 9_000_000

    /// The deepest ``maxDepth`` the parser can honour: libxml2 refuses elements nested deeper than 256.
    public static let depthCeiling = 256

    /// The largest ``maxInputBytes`` the parser can honour: libxml2 counts a document's lines and columns in 32-bit
    /// integers. Documents over libxml2's 10,000,000-byte look-up limit are fed to it in pieces, so that limit does
    /// not apply.
    public static let inputBytesCeiling = Int(Int32.max)

    /// The first limit set above what the parser can honour, as the error a parse with these limits throws before
    /// reading anything; `nil` when every limit can be honoured.
    ///
    /// ```swift
    /// var limits = VASTParserLimits()
    /// limits.maxTextLength = 64 << 20
    /// limits.refusal  // invalidRequest: The maxTextLength limit 67108864 is above 9000000, ...
    /// ```
    public var refusal: VASTError? {
        let ceilings: [(VASTLimit, Int, Int, String)] = [
            (.inputBytes, maxInputBytes, Self.inputBytesCeiling, "libxml2 counts positions in 32-bit integers"),
            (.depth, maxDepth, Self.depthCeiling, "libxml2 refuses deeper nesting"),
            (.textLength, maxTextLength, Self.textLengthCeiling, "libxml2 refuses one longer text"),
            (.urlLength, maxURLLength, Self.textLengthCeiling, "libxml2 refuses one longer text or attribute value"),
        ]
        guard let (limit, value, ceiling, reason) = ceilings.first(where: { $0.1 > $0.2 }) else { return nil }
        return VASTError(
            .invalidRequest,
            "The \(limit.rawValue) limit \(value) is above \(ceiling), the most the parser can honour (\(reason)).",
            hint: "Set \(limit.rawValue) to \(ceiling) or less; a document that needs more cannot be parsed safely."
        )
    }
}
