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

    /// Where the machine is. Internal, not public like the project's other machines' states: its payloads are
    /// the resolution's working values (``Run``, ``Hop``, ``Slot``), which are not public API.
    enum State: Sendable {
        /// ``start()`` was not called yet.
        case idle
        /// The root document was asked for at `url` (that fetch counts against the fetch cap).
        case awaitingRoot(url: URL)
        /// Slots are being resolved; `hop` is the fetch in flight.
        case resolving(Run, hop: Hop)
        /// Resolution is over; every later input answers with this resolution again.
        case finished(VASTResolution)
    }

    /// The resolution policy.
    public let policy: WrapperResolutionPolicy
    /// The parser used for every fetched document.
    public let parser: VASTParser
    /// The URL of the root document: fetched first, or where the document handed in came from.
    private let rootURL: URL?
    /// The root document, when it was handed in already parsed.
    private let rootDocument: VASTDocument?
    /// The current state.
    private(set) var state: State = .idle

    /// Resolution starting by fetching the document at `url`.
    public init(
        url: URL, policy: WrapperResolutionPolicy = WrapperResolutionPolicy(), parser: VASTParser = VASTParser()
    ) {
        self.rootURL = url
        self.rootDocument = nil
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

    /// The first action. Called again, it changes nothing and repeats what the machine waits for: the fetch in
    /// flight, or the finished resolution.
    public mutating func start() -> Action {
        switch state {
        case .idle: break
        case .awaitingRoot(let url): return .fetch(url, timeout: min(policy.hopTimeout, policy.totalTimeout))
        case .resolving(_, let hop): return .fetch(hop.url, timeout: hop.timeout)
        case .finished(let resolution): return .finished(resolution)
        }
        var run = Run()
        if let rootDocument {
            // A no-ad response handed in already parsed fails like a fetched one: its error URLs fire with 303.
            if let noAd = rootDocument.noAdFailure { return finishWithoutAd(noAd, url: rootURL, run) }
            plan(rootDocument, baseURL: rootURL, into: &run)
            return advance(run, elapsed: .zero)
        }
        guard let rootURL else { return finish(run.resolution) }
        do throws(VASTError) {
            try VASTURLPolicy.validate(rootURL)
        } catch {
            run.resolution.failures.append(
                VASTResolutionFailure(error: withCode(error, 301), errorURLs: [], chain: []))
            return finish(run.resolution)
        }
        state = .awaitingRoot(url: rootURL)
        return .fetch(rootURL, timeout: min(policy.hopTimeout, policy.totalTimeout))
    }

    /// The body of the URL last asked for arrived, `elapsed` after resolution began.
    ///
    /// Before ``start()`` it ends the resolution (empty, or stopped at the byte cap); once finished, it answers
    /// with the finished resolution again.
    public mutating func received(_ data: Data, elapsed: Duration) -> Action {
        switch state {
        case .finished(let resolution):
            return .finished(resolution)
        case .idle:
            return receivedHop(data, elapsed: elapsed, Run(), hop: nil)
        case .awaitingRoot(let url):
            // The root fetch counts (R8).
            var run = Run()
            run.fetches = 1
            switch read(data, elapsed: elapsed, into: &run) {
            case .failed(let error): return rootFailed(error, url: url, run)
            case .overByteCap: return stopAtByteCap(slot: nil, run)
            case .document(let document):
                if let noAd = document.noAdFailure { return finishWithoutAd(noAd, url: url, run) }
                plan(document, baseURL: url, into: &run)
                return advance(run, elapsed: elapsed)
            }
        case .resolving(let run, let hop):
            state = .idle  // leaves `run` the only owner of its arrays; every path below sets the state
            return receivedHop(data, elapsed: elapsed, run, hop: hop)
        }
    }

    /// The fetch of the URL last asked for failed (or timed out), `elapsed` after resolution began.
    ///
    /// Before ``start()`` it ends the resolution, empty; once finished, it answers with the finished resolution
    /// again.
    public mutating func failed(_ error: VASTError, elapsed: Duration) -> Action {
        switch state {
        case .finished(let resolution):
            return .finished(resolution)
        case .idle:
            return hopFailed(error, elapsed: elapsed, Run(), slot: nil)
        case .awaitingRoot(let url):
            return rootFailed(error, url: url, Run())
        case .resolving(let run, let hop):
            state = .idle  // as in received(_:elapsed:)
            return hopFailed(error, elapsed: elapsed, run, slot: hop.slot)
        }
    }

    // MARK: - Internals

    /// What a body received is.
    private enum Body {
        /// A parsed document.
        case document(VASTDocument)
        /// A failure of the hop: past the total timeout, or not a VAST document.
        case failed(VASTError)
        /// Its bytes took the resolution past ``WrapperResolutionPolicy/maxTotalBytes`` (R8).
        case overByteCap
    }

    /// Checks a body against the total timeout and the byte cap (which it counts, before parsing: R8), then parses
    /// it.
    private func read(_ data: Data, elapsed: Duration, into run: inout Run) -> Body {
        if elapsed > policy.totalTimeout {
            return .failed(VASTError(.timeout, "Wrapper resolution took longer than \(policy.totalTimeout)."))
        }
        run.bytes += data.count
        if run.bytes > policy.maxTotalBytes { return .overByteCap }
        do throws(VASTError) {
            return .document(try parser.parse(data, allowNoAd: true))
        } catch {
            return .failed(withCode(error, error.vastCode ?? 100))
        }
    }

    /// A body for `hop` (none before ``start()``): the ads it holds join the slots to resolve, in its slot's place.
    private mutating func receivedHop(_ data: Data, elapsed: Duration, _ run: Run, hop: Hop?) -> Action {
        var run = run
        let document: VASTDocument
        switch read(data, elapsed: elapsed, into: &run) {
        case .failed(let error): return hopFailed(error, elapsed: elapsed, run, slot: hop?.slot)
        case .overByteCap: return stopAtByteCap(slot: hop?.slot, run)
        case .document(let parsed): document = parsed
        }
        guard let hop else { return advance(run, elapsed: elapsed) }
        let url = hop.url
        if let noAd = document.noAdFailure {
            fail(
                hop.slot, VASTError(.noFill, "\(url.absoluteString) returned \(document.noAdSummary).", vastCode: 303),
                extraErrorURLs: noAd.errorURLs, in: &run
            )
            return advance(run, elapsed: elapsed)
        }
        switch candidates(in: document, from: url, for: hop.slot) {
        case .failure(let error):
            fail(hop.slot, error, in: &run)
        case .success(let ads):
            run.slots.insert(contentsOf: ads.map { Slot(ad: $0, following: hop.slot, at: url) }, at: 0)
        }
        return advance(run, elapsed: elapsed)
    }

    /// The root fetch failed (or its body was no VAST document): resolution ends with that failure.
    private mutating func rootFailed(_ error: VASTError, url: URL, _ run: Run) -> Action {
        var resolution = run.resolution
        resolution.failures.append(
            VASTResolutionFailure(
                error: withCode(error, error.vastCode ?? 301), errorURLs: [], chain: [url.absoluteString])
        )
        return finish(resolution)
    }

    /// A hop failed: its slot fails (nothing does before ``start()``) and resolution goes on with the next one.
    private mutating func hopFailed(
        _ error: VASTError, elapsed: Duration, _ run: Run, slot: Slot?
    ) -> Action {
        var run = run
        if let slot { fail(slot, withCode(error, error.vastCode ?? 301), in: &run) }
        return advance(run, elapsed: elapsed)
    }

    /// The root response has no playable ad: resolution ends with 303, firing the response's error URLs.
    private mutating func finishWithoutAd(_ noAd: VASTResolutionFailure, url: URL?, _ run: Run) -> Action {
        var resolution = run.resolution
        var failure = noAd
        failure.chain = url.map { [$0.absoluteString] } ?? []
        resolution.failures.append(failure)
        return finish(resolution)
    }

    private mutating func stopAtByteCap(slot: Slot?, _ run: Run) -> Action {
        stop(.totalBytes, "\(run.bytes) bytes fetched in one resolution", policy.maxTotalBytes, slot, run)
    }

    /// R8: a cap of the whole resolution is reached. Nothing more is fetched: the ads resolved so far stay, the slot
    /// at hand fails with VAST 302 (its chain's error URLs fire with it) and the slots still waiting are dropped, their
    /// number in the message (pinging every one of them would be an amplification of its own).
    private mutating func stop(
        _ limit: VASTLimit, _ detail: String, _ value: Int, _ slot: Slot?, _ run: Run,
        including wrapper: VASTWrapper? = nil
    ) -> Action {
        var run = run
        let waiting = run.slots.count
        var error = limit.error(detail, limit: value, vastCode: 302)
        if waiting > 0 { error.message += " \(waiting) more ad slot\(waiting == 1 ? " was" : "s were") not resolved." }
        if let slot {
            fail(slot, error, including: wrapper, in: &run)
        } else {
            run.resolution.failures.append(VASTResolutionFailure(error: error, errorURLs: [], chain: []))
        }
        run.resolution.stopError = error
        return finish(run.resolution)
    }

    /// The slots of the root response (fetched from `baseURL`): its pod, else its first stand-alone ad; the other
    /// stand-alone ads are the fallback ads.
    private func plan(_ document: VASTDocument, baseURL: URL?, into run: inout Run) {
        let pod = document.podAds
        let standAlone = document.standAloneAds
        if !pod.isEmpty {
            run.slots = pod.map { Slot(ad: $0, root: baseURL) }
            run.fallbackAds = standAlone
        } else if let first = standAlone.first {
            run.slots = [Slot(ad: first, root: baseURL)]
            run.fallbackAds = Array(standAlone.dropFirst())
        }
        for index in run.fallbackAds.indices { run.fallbackAds[index].sequence = nil }
    }

    /// Resolves slots until one needs a fetch (the state becomes ``State/resolving(_:hop:)``) or none is left
    /// (``State/finished(_:)``).
    private mutating func advance(_ run: Run, elapsed: Duration) -> Action {
        var run = run
        while !run.slots.isEmpty {
            let slot = run.slots.removeFirst()
            if slot.ad.inLine != nil {
                // R17: an inline ad without a <Creative> is no ad.
                guard slot.ad.isPlayable else {
                    fail(
                        slot, VASTError(.noFill, "The inline ad has no <Creative>: no playable ad.", vastCode: 303),
                        extraErrorURLs: slot.ad.errorURLs, in: &run)
                    continue
                }
                if run.resolution.ads.count >= policy.maxResolvedAds {
                    let detail = "More than \(policy.maxResolvedAds) resolved ads"
                    return stop(.resolvedAds, detail, policy.maxResolvedAds, slot, run)
                }
                let resolved = VASTChainMerger.merge(slot.ad, wrappers: slot.wrappers, chain: slot.chain)
                run.resolution.ads.append(resolved)
                continue
            }
            guard let wrapper = slot.ad.wrapper else { continue }
            let url: URL
            switch nextURL(of: wrapper, in: slot, elapsed: elapsed) {
            case .failure(let error):
                fail(slot, error, including: wrapper, in: &run)
                continue
            case .success(let next):
                url = next
            }
            if run.fetches >= policy.maxFetches {
                let detail = "More than \(policy.maxFetches) fetches in one resolution"
                return stop(.fetches, detail, policy.maxFetches, slot, run, including: wrapper)
            }
            var next = slot
            next.wrappers.append(wrapper)
            next.extend(url)
            run.fetches += 1
            let timeout = min(policy.hopTimeout, policy.totalTimeout - elapsed)
            state = .resolving(run, hop: Hop(slot: next, url: url, timeout: timeout))
            return .fetch(url, timeout: timeout)
        }
        return finish(run.resolution)
    }

    /// `slot` fails with `error`, firing its wrappers' error URLs (and `wrapper`'s, the one it could not follow).
    /// A no-ad failure (303) of a chain that says `fallbackOnNoAd` puts the first fallback ad in its place.
    private func fail(
        _ slot: Slot, _ error: VASTError, extraErrorURLs: [String] = [], including wrapper: VASTWrapper? = nil,
        in run: inout Run
    ) {
        var wrappers = slot.wrappers
        if let wrapper { wrappers.append(wrapper) }
        run.resolution.failures.append(
            VASTResolutionFailure(
                error: error,
                errorURLs: wrappers.flatMap(\.errorURLs) + extraErrorURLs,
                chain: slot.chain
            )
        )
        if error.vastCode == 303, wrappers.contains(where: \.fallbackOnNoAd), !run.fallbackAds.isEmpty {
            run.slots.insert(Slot(ad: run.fallbackAds.removeFirst(), root: rootURL), at: 0)
        }
    }

    private mutating func finish(_ resolution: VASTResolution) -> Action {
        state = .finished(resolution)
        return .finished(resolution)
    }
}
