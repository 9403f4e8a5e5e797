/// The bounds the parser enforces, safe by default. Exceeding one fails the parse with
/// `AdError.Code.limitExceeded` naming the limit, never unbounded memory or time.
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

}
