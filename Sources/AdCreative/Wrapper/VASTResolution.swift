public import Foundation

/// The outcome of wrapper resolution: the playable ads in play order and the slots that failed.
///
/// ```swift
/// let resolution = await resolver.resolve(url: tagURL)
/// if let error = resolution.error { print(error.vastCode ?? 0) }  // 303 when no ad came back
/// ```
public struct VASTResolution: Sendable, Equatable {
    /// The resolved inline ads, in play order (a pod by sequence).
    public var ads: [VASTResolvedAd] = []
    /// The slots that failed, in the order they failed.
    public var failures: [VASTResolutionFailure] = []
    /// The error that stopped resolution at one of its caps (R8: ``WrapperResolutionPolicy/maxFetches``,
    /// ``WrapperResolutionPolicy/maxResolvedAds``, ``WrapperResolutionPolicy/maxTotalBytes``; `limitExceeded`,
    /// VAST 302), or `nil`. ``ads`` keeps what was resolved before it; ``failures`` lists it too.
    public var stopError: VASTError?

    /// Creates an empty resolution.
    public init() {}

    /// The ``stopError`` when a cap stopped resolution; else `nil` when at least one ad resolved; otherwise the
    /// first failure's error, or VAST 303 (no ad).
    public var error: VASTError? {
        if let stopError { return stopError }
        guard ads.isEmpty else { return nil }
        return failures.first?.error
            ?? VASTError(.noFill, "The wrapper chain ended with no ad.", vastCode: 303)
    }

    /// Every error URL to ping for the failures, each with its code (`[ERRORCODE]` expanded).
    public func errorPings(values: VASTMacroValues = VASTMacroValues()) -> [URL] {
        failures.flatMap { VASTMacroExpander.errorPings(for: $0.errorURLs, code: $0.vastCode, values: values) }
    }
}
