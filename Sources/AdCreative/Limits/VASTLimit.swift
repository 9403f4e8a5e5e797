/// Which ``VASTParserLimits`` bound a document exceeded; its raw value is the name used in error messages.
///
/// ```swift
/// catch let error { if error.message.contains(VASTLimit.depth.rawValue) { ... } }
/// ```
public enum VASTLimit: String, Sendable, Equatable, CaseIterable {
    /// ``VASTParserLimits/maxInputBytes``.
    case inputBytes = "maxInputBytes"
    /// ``VASTParserLimits/maxDepth``.
    case depth = "maxDepth"
    /// ``VASTParserLimits/maxAds``.
    case ads = "maxAds"
    /// ``VASTParserLimits/maxCreativesPerAd``.
    case creativesPerAd = "maxCreativesPerAd"
    /// ``VASTParserLimits/maxMediaFilesPerCreative``.
    case mediaFilesPerCreative = "maxMediaFilesPerCreative"
    /// ``VASTParserLimits/maxTrackingEventsPerCreative``.
    case trackingEventsPerCreative = "maxTrackingEventsPerCreative"
    /// ``VASTParserLimits/maxURLLength``.
    case urlLength = "maxURLLength"
    /// ``VASTParserLimits/maxTextLength``.
    case textLength = "maxTextLength"
    /// ``VASTParserLimits/maxAttributesPerElement``.
    case attributesPerElement = "maxAttributesPerElement"
    /// The wrapper chain's depth (``WrapperResolutionPolicy/maxDepth``).
    case wrapperDepth = "maxWrapperDepth"
    /// A fetched body's size (a fetch layer's cap, `HTTPFetcher.maxBodyBytes` in AdRuntime).
    case bodyBytes = "maxBodyBytes"
    /// The fetches of one wrapper resolution (``WrapperResolutionPolicy/maxFetches``).
    case fetches = "maxFetches"
    /// The ads one wrapper resolution returns (``WrapperResolutionPolicy/maxResolvedAds``).
    case resolvedAds = "maxResolvedAds"
    /// The bytes one wrapper resolution fetches (``WrapperResolutionPolicy/maxTotalBytes``).
    case totalBytes = "maxTotalBytes"

    /// The error raised when `detail` exceeds `limit`: `limitExceeded`, message naming the limit, hint.
    ///
    /// ```swift
    /// throw VASTLimit.bodyBytes.error("The body of https://a.example.test/x", limit: 1 << 20)
    /// ```
    public func error(_ detail: String, limit: Int, vastCode: Int? = nil) -> VASTError {
        VASTError(
            .limitExceeded,
            "\(detail) exceeds the \(rawValue) limit (\(limit)).",
            vastCode: vastCode,
            hint: "Raise \(rawValue) if the source is trusted; otherwise the response is hostile or broken."
        )
    }
}
