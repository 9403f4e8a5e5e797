import Foundation

// The rules of one hop, as pure functions of the policy: which ads of a response continue a chain, whether the URL
// a wrapper points at may be fetched, and when two URLs are the same resource (a loop).
extension WrapperResolutionStateMachine {
    /// The ads of `document` (fetched from `url` for `slot`) that continue `slot`'s chain, or why there are none.
    func candidates(
        in document: VASTDocument, from url: URL, for slot: Slot
    ) -> Result<[VASTAd], VASTError> {
        var candidates: [VASTAd]
        let pod = document.podAds
        if slot.wrappers.last?.allowMultipleAds == true, !pod.isEmpty {
            candidates = pod
        } else if let first = document.standAloneAds.first {
            candidates = [first]
        } else if document.ads.count == 1 {
            candidates = document.ads  // a lone ad with sequence="1" is common (IAB samples); accept it
        } else {
            return .failure(
                VASTError(
                    .invalidResponse,
                    "\(url.absoluteString) returned a pod, but the wrapper does not allow multiple ads.",
                    vastCode: 200
                )
            )
        }
        // followAdditionalWrappers="false": further wrappers are ignored (VAST 3/4); inline ads in the same
        // response still play. Only a response with nothing but wrappers fails.
        if slot.wrappers.contains(where: { !$0.followAdditionalWrappers }) {
            let inLines = candidates.filter { $0.wrapper == nil }
            if !inLines.isEmpty { candidates = inLines }
        }
        if slot.wrappers.contains(where: { !$0.followAdditionalWrappers }),
            candidates.contains(where: { $0.wrapper != nil })
        {
            return .failure(
                VASTError(
                    .invalidResponse,
                    "\(url.absoluteString) returned another wrapper, but followAdditionalWrappers is false.",
                    vastCode: 302
                )
            )
        }
        return .success(candidates)
    }

    /// The URL `wrapper` (the ad of `slot`) points at, or why it may not be fetched: too deep a chain, not a URL,
    /// refused (R9), a loop, or no time left.
    func nextURL(of wrapper: VASTWrapper, in slot: Slot, elapsed: Duration) -> Result<URL, VASTError> {
        if slot.wrappers.count >= policy.maxDepth {
            return .failure(
                VASTError(
                    .limitExceeded,
                    "The wrapper chain is deeper than \(policy.maxDepth) (the \(VASTLimit.wrapperDepth.rawValue) limit).",
                    vastCode: 302
                )
            )
        }
        let uri = (wrapper.vastAdTagURI ?? "").trimmingASCIIWhitespace()
        guard let url = URL(string: uri, relativeTo: slot.baseURL)?.absoluteURL else {
            return .failure(
                VASTError(.invalidResponse, "VASTAdTagURI '\(uri.prefix(120))' is not a URL.", vastCode: 301))
        }
        do throws(VASTError) {
            try VASTURLPolicy.validate(url)
            // R9: a hop written in a server response may not reach the device or its networks (by default).
            try policy.addresses.check(url)
        } catch {
            return .failure(withCode(error, 301))
        }
        // The same resource under another spelling (scheme or host case, a default port, dot segments) is a
        // loop too.
        if slot.loopKeys.contains(Self.loopKey(url)) {
            return .failure(
                VASTError(
                    .invalidResponse, "Wrapper loop: \(url.absoluteString) was already fetched in this chain.",
                    vastCode: 302)
            )
        }
        guard policy.totalTimeout - elapsed > .zero else {
            return .failure(
                VASTError(.timeout, "Wrapper resolution took longer than \(policy.totalTimeout).", vastCode: 301))
        }
        return .success(url)
    }

    /// A URL as loop detection compares it: scheme and host lowercased, the default port dropped, dot segments
    /// removed.
    static func loopKey(_ url: URL) -> String {
        let standardized = url.standardized
        guard var components = URLComponents(url: standardized, resolvingAgainstBaseURL: false) else {
            return standardized.absoluteString
        }
        components.scheme = components.scheme?.lowercased()
        components.host = components.host?.lowercased()
        let defaultPort = components.scheme == "https" ? 443 : components.scheme == "http" ? 80 : nil
        if let port = components.port, port == defaultPort { components.port = nil }
        return components.string ?? standardized.absoluteString
    }

    /// `error`, with `code` as its VAST code unless it has one.
    func withCode(_ error: VASTError, _ code: Int) -> VASTError {
        var error = error
        if error.vastCode == nil { error.vastCode = code }
        return error
    }
}
