public import Foundation

/// Wrapper resolution without I/O: a value type fed with what happened (a body arrived, a fetch failed) and the
/// time elapsed since resolution began, answering with what to do next (fetch a URL within a timeout, or
/// finish). AdCore's `WrapperResolver` drives it over a transport and a scheduler; tests drive it by hand.
///
/// Rules: `VASTAdTagURI` is resolved against the URL of the document it came from; at most
/// ``WrapperResolutionPolicy/maxDepth`` wrappers per chain (else 302); a URL seen twice in one chain is a loop
/// (302); a hop past its timeout or the total timeout fails with 301; a hop returning no ad fails with 303 and,
/// when a wrapper of the chain says `fallbackOnNoAd`, the next stand-alone ad of the first document is tried;
/// `followAdditionalWrappers="false"` makes a further wrapper fail with 302; without `allowMultipleAds` only one
/// stand-alone ad of a response is used. A response without a playable ad (no `<Ad>`, or only inline ads without a
/// `<Creative>`) is no ad (303, R17). One resolution makes at most ``WrapperResolutionPolicy/maxFetches`` fetches,
/// reads at most ``WrapperResolutionPolicy/maxTotalBytes`` and resolves at most
/// ``WrapperResolutionPolicy/maxResolvedAds`` ads; reaching one of these caps stops it with 302 (R8).
///
/// ```swift
/// var machine = WrapperResolutionStateMachine(url: tagURL)
/// var action = machine.start()
/// while case .fetch(let url, let timeout) = action {
///     action = machine.received(body(of: url), elapsed: .seconds(1))
/// }
/// ```
public struct WrapperResolutionStateMachine: Sendable {
    /// What the driver must do next.
    public enum Action: Sendable, Equatable {
        /// Fetch `url`, giving up after `timeout`; then call ``received(_:elapsed:)`` or ``failed(_:elapsed:)``.
        case fetch(URL, timeout: Duration)
        /// Resolution is over.
        case finished(VASTResolution)
    }

    private struct Slot: Sendable {
        var ad: VASTAd
        var wrappers: [VASTWrapper] = []
        /// The URLs fetched for this ad so far, the root's first, as written.
        private(set) var chain: [String] = []
        /// The chain's URLs under ``WrapperResolutionStateMachine/loopKey(_:)``, each computed once when its hop
        /// joins the chain (a loop check is one look-up, not a re-parse of every earlier hop).
        private(set) var loopKeys: Set<String> = []
        var baseURL: URL?

        /// A slot whose chain begins at `root` (the document the ad came from), if it was fetched.
        init(ad: VASTAd, root: URL?) {
            self.ad = ad
            baseURL = root
            if let root { extend(root) }
        }

        /// A slot for an ad found at the end of `parent`'s chain, in the document fetched from `url`.
        init(ad: VASTAd, following parent: Slot, at url: URL) {
            self.ad = ad
            wrappers = parent.wrappers
            chain = parent.chain
            loopKeys = parent.loopKeys
            baseURL = url
        }

        /// Adds a fetched URL to the chain.
        mutating func extend(_ url: URL) {
            chain.append(url.absoluteString)
            loopKeys.insert(WrapperResolutionStateMachine.loopKey(url))
        }
    }

    /// The resolution policy.
    public let policy: WrapperResolutionPolicy
    /// The parser used for every fetched document.
    public let parser: VASTParser
    private var rootURL: URL?
    private var rootDocument: VASTDocument?
    private var awaitingRoot = false
    private var slots: [Slot] = []
    private var current: Slot?
    private var pendingURL: URL?
    private var buffet: [VASTAd] = []
    private var resolution = VASTResolution()
    private var done = false
    /// What this resolution has used of its caps (R8).
    private var fetches = 0
    private var bytes = 0

    /// Resolution starting by fetching the document at `url`.
    public init(
        url: URL, policy: WrapperResolutionPolicy = WrapperResolutionPolicy(), parser: VASTParser = VASTParser()
    ) {
        self.rootURL = url
        self.policy = policy
        self.parser = parser
    }

    /// Resolution of a document already parsed (fetched from `url`, when known, for relative wrapper URIs).
    public init(
        document: VASTDocument,
        url: URL? = nil,
        policy: WrapperResolutionPolicy = WrapperResolutionPolicy(),
        parser: VASTParser = VASTParser()
    ) {
        self.rootURL = url
        self.rootDocument = document
        self.policy = policy
        self.parser = parser
    }

    /// The first action.
    public mutating func start() -> Action {
        if let rootDocument {
            // A no-ad response handed in already parsed fails like a fetched one: its error URLs fire with 303.
            if let noAd = rootDocument.noAdFailure { return finishWithoutAd(noAd, url: rootURL) }
            plan(rootDocument, baseURL: rootURL)
            return advance(elapsed: .zero)
        }
        guard let rootURL else { return finish() }
        do throws(VASTError) {
            try VASTURLPolicy.validate(rootURL)
        } catch {
            resolution.failures.append(VASTResolutionFailure(error: withCode(error, 301), errorURLs: [], chain: []))
            return finish()
        }
        awaitingRoot = true
        pendingURL = rootURL
        fetches = 1
        return .fetch(rootURL, timeout: min(policy.hopTimeout, policy.totalTimeout))
    }

    /// The body of the URL last asked for arrived, `elapsed` after resolution began.
    public mutating func received(_ data: Data, elapsed: Duration) -> Action {
        guard !done else { return .finished(resolution) }
        if elapsed > policy.totalTimeout {
            return failed(
                VASTError(.timeout, "Wrapper resolution took longer than \(policy.totalTimeout)."), elapsed: elapsed)
        }
        // R8: the bodies of one resolution add up to at most maxTotalBytes (checked before parsing this one).
        bytes += data.count
        if bytes > policy.maxTotalBytes {
            return stop(.totalBytes, "\(bytes) bytes fetched in one resolution", policy.maxTotalBytes)
        }
        let document: VASTDocument
        do throws(VASTError) {
            document = try parser.parse(data, allowNoAd: true)
        } catch {
            return failed(withCode(error, error.vastCode ?? 100), elapsed: elapsed)
        }
        if awaitingRoot {
            awaitingRoot = false
            let url = pendingURL
            pendingURL = nil
            if let noAd = document.noAdFailure { return finishWithoutAd(noAd, url: url) }
            plan(document, baseURL: url)
            return advance(elapsed: elapsed)
        }
        guard let slot = current, let url = pendingURL else { return advance(elapsed: elapsed) }
        pendingURL = nil
        if let noAd = document.noAdFailure {
            failSlot(
                VASTError(.noFill, "\(url.absoluteString) returned \(document.noAdSummary).", vastCode: 303),
                extraErrorURLs: noAd.errorURLs
            )
            return advance(elapsed: elapsed)
        }
        let last = slot.wrappers.last
        var candidates: [VASTAd]
        let pod = document.podAds
        if last?.allowMultipleAds == true, !pod.isEmpty {
            candidates = pod
        } else if let first = document.standAloneAds.first {
            candidates = [first]
        } else if document.ads.count == 1 {
            candidates = document.ads  // a lone ad with sequence="1" is common (IAB samples); accept it
        } else {
            failSlot(
                VASTError(
                    .invalidResponse,
                    "\(url.absoluteString) returned a pod, but the wrapper does not allow multiple ads.",
                    vastCode: 200
                )
            )
            return advance(elapsed: elapsed)
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
            failSlot(
                VASTError(
                    .invalidResponse,
                    "\(url.absoluteString) returned another wrapper, but followAdditionalWrappers is false.",
                    vastCode: 302
                )
            )
            return advance(elapsed: elapsed)
        }
        current = nil
        let next = candidates.map { Slot(ad: $0, following: slot, at: url) }
        slots.insert(contentsOf: next, at: 0)
        return advance(elapsed: elapsed)
    }

    /// The fetch of the URL last asked for failed (or timed out), `elapsed` after resolution began.
    public mutating func failed(_ error: VASTError, elapsed: Duration) -> Action {
        guard !done else { return .finished(resolution) }
        let code = error.vastCode ?? 301
        if awaitingRoot {
            awaitingRoot = false
            resolution.failures.append(
                VASTResolutionFailure(
                    error: withCode(error, code),
                    errorURLs: [],
                    chain: pendingURL.map { [$0.absoluteString] } ?? []
                )
            )
            return finish()
        }
        pendingURL = nil
        failSlot(withCode(error, code))
        return advance(elapsed: elapsed)
    }

    // MARK: - Internals

    /// The root response has no playable ad: resolution ends with 303, firing the response's error URLs.
    private mutating func finishWithoutAd(_ noAd: VASTResolutionFailure, url: URL?) -> Action {
        var failure = noAd
        failure.chain = url.map { [$0.absoluteString] } ?? []
        resolution.failures.append(failure)
        return finish()
    }

    /// R8: a cap of the whole resolution is reached. Nothing more is fetched: the ads resolved so far stay, the slot
    /// at hand fails with VAST 302 (its chain's error URLs fire with it) and the slots still waiting are dropped, their
    /// number in the message (pinging every one of them would be an amplification of its own).
    private mutating func stop(
        _ limit: VASTLimit, _ detail: String, _ value: Int, including wrapper: VASTWrapper? = nil
    ) -> Action {
        let waiting = slots.count
        var error = limit.error(detail, limit: value, vastCode: 302)
        if waiting > 0 { error.message += " \(waiting) more ad slot\(waiting == 1 ? " was" : "s were") not resolved." }
        if current != nil {
            failSlot(error, including: wrapper)
        } else {
            resolution.failures.append(VASTResolutionFailure(error: error, errorURLs: [], chain: []))
        }
        slots = []
        buffet = []
        pendingURL = nil
        resolution.stopError = error
        return finish()
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

    private mutating func plan(_ document: VASTDocument, baseURL: URL?) {
        let pod = document.podAds
        let standAlone = document.standAloneAds
        if !pod.isEmpty {
            slots = pod.map { Slot(ad: $0, root: baseURL) }
            buffet = standAlone
        } else if let first = standAlone.first {
            slots = [Slot(ad: first, root: baseURL)]
            buffet = Array(standAlone.dropFirst())
        }
        for index in buffet.indices { buffet[index].sequence = nil }
        rootURL = baseURL
    }

    private mutating func advance(elapsed: Duration) -> Action {
        while true {
            if current == nil {
                guard !slots.isEmpty else { return finish() }
                current = slots.removeFirst()
            }
            guard let slot = current else { continue }
            if slot.ad.inLine != nil {
                // R17: an inline ad without a <Creative> is no ad.
                guard slot.ad.isPlayable else {
                    failSlot(
                        VASTError(.noFill, "The inline ad has no <Creative>: no playable ad.", vastCode: 303),
                        extraErrorURLs: slot.ad.errorURLs)
                    continue
                }
                if resolution.ads.count >= policy.maxResolvedAds {
                    return stop(.resolvedAds, "More than \(policy.maxResolvedAds) resolved ads", policy.maxResolvedAds)
                }
                resolution.ads.append(VASTChainMerger.merge(slot.ad, wrappers: slot.wrappers, chain: slot.chain))
                current = nil
                continue
            }
            guard let wrapper = slot.ad.wrapper else {
                current = nil
                continue
            }
            if slot.wrappers.count >= policy.maxDepth {
                failSlot(
                    VASTError(
                        .limitExceeded,
                        "The wrapper chain is deeper than \(policy.maxDepth) (the \(VASTLimit.wrapperDepth.rawValue) limit).",
                        vastCode: 302
                    ),
                    including: wrapper
                )
                continue
            }
            let uri = (wrapper.vastAdTagURI ?? "").trimmingASCIIWhitespace()
            guard let url = URL(string: uri, relativeTo: slot.baseURL)?.absoluteURL else {
                failSlot(
                    VASTError(.invalidResponse, "VASTAdTagURI '\(uri.prefix(120))' is not a URL.", vastCode: 301),
                    including: wrapper)
                continue
            }
            do throws(VASTError) {
                try VASTURLPolicy.validate(url)
                // R9: a hop written in a server response may not reach the device or its networks (by default).
                try policy.addresses.check(url)
            } catch {
                failSlot(withCode(error, 301), including: wrapper)
                continue
            }
            // The same resource under another spelling (scheme or host case, a default port, dot segments) is a
            // loop too.
            if slot.loopKeys.contains(Self.loopKey(url)) {
                failSlot(
                    VASTError(
                        .invalidResponse, "Wrapper loop: \(url.absoluteString) was already fetched in this chain.",
                        vastCode: 302),
                    including: wrapper
                )
                continue
            }
            let remaining = policy.totalTimeout - elapsed
            guard remaining > .zero else {
                failSlot(
                    VASTError(.timeout, "Wrapper resolution took longer than \(policy.totalTimeout).", vastCode: 301),
                    including: wrapper
                )
                continue
            }
            if fetches >= policy.maxFetches {
                return stop(
                    .fetches, "More than \(policy.maxFetches) fetches in one resolution", policy.maxFetches,
                    including: wrapper)
            }
            var next = slot
            next.wrappers.append(wrapper)
            next.extend(url)
            current = next
            pendingURL = url
            fetches += 1
            return .fetch(url, timeout: min(policy.hopTimeout, remaining))
        }
    }

    private mutating func failSlot(
        _ error: VASTError, extraErrorURLs: [String] = [], including wrapper: VASTWrapper? = nil
    ) {
        guard let slot = current else { return }
        current = nil
        var wrappers = slot.wrappers
        if let wrapper { wrappers.append(wrapper) }
        resolution.failures.append(
            VASTResolutionFailure(
                error: error,
                errorURLs: wrappers.flatMap(\.errorURLs) + extraErrorURLs,
                chain: slot.chain
            )
        )
        if error.vastCode == 303, wrappers.contains(where: \.fallbackOnNoAd), !buffet.isEmpty {
            slots.insert(
                Slot(ad: buffet.removeFirst(), root: rootURL),
                at: 0
            )
        }
    }

    private mutating func finish() -> Action {
        done = true
        return .finished(resolution)
    }

    private func withCode(_ error: VASTError, _ code: Int) -> VASTError {
        var error = error
        if error.vastCode == nil { error.vastCode = code }
        return error
    }
}
