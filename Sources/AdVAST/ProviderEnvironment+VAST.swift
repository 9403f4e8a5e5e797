public import AdCore
public import AdCreative
import Foundation

extension ProviderEnvironment {
    /// Fetch, parse, resolve: the one recommended call a provider makes for its response (VAST; a response that is
    /// not VAST is the exception, fetched with ``fetch(_:)``). Fetches `request` through the host's transport with
    /// its timeout raced on the scheduler (``fetch(_:)``), parses the body with `parser` (by default
    /// with `allowNoAd`, so a no-fill answer is a document the provider can read its no-fill extensions from),
    /// and, when `wrappers` is given and the response's first ad is a wrapper, resolves its chains through the same
    /// transport with ``WrapperResolver`` (hop timeouts raced on the scheduler, the R8 caps), pinging the `<Error>`
    /// URLs of every failed chain through ``beacons``. A response made from a ``VASTDocumentMemo`` (its
    /// ``TransportResponse/template``) is read from the memo's one parse with the response's values put in, the
    /// same document parsing its body gives; the provider's decoding of it can be kept too
    /// (``VASTLoad/decoded(key:_:)``).
    ///
    /// ```swift
    /// let load = try await environment.loadVAST(
    ///     TransportRequest(providerID: "google", adUnitID: "unit-1"), wrappers: WrapperResolutionPolicy())
    /// ```
    ///
    /// - Parameter parseFailure: turns a parse failure into the provider's error (its message and own code);
    ///   by default `AdError(error, providerID: providerID)`.
    /// - Throws: the transport's errors, `timeout`, or the parse failure as `parseFailure` maps it.
    public func loadVAST(
        _ request: TransportRequest,
        parser: VASTParser = VASTParser(),
        allowNoAd: Bool = true,
        wrappers: WrapperResolutionPolicy? = nil,
        parseFailure: ((VASTError) -> AdError)? = nil
    ) async throws(AdError) -> VASTLoad {
        let response = try await fetch(request)
        let load = try read(response, parser: parser, allowNoAd: allowNoAd, parseFailure: parseFailure)
        guard let wrappers, load.document.ads.first?.wrapper != nil else { return load }
        return await resolved(load, of: request, policy: wrappers, parser: parser)
    }

    /// Loads as ``loadVAST(_:parser:allowNoAd:wrappers:parseFailure:)`` does (the same fetch, parse, memo and
    /// wrapper resolution, the same errors) and calls `completion` once, on the main actor, with the ad `ad` makes of
    /// the load, or the first error: a callback load's whole load (`ScheduledAdProvider`). Over a transport that
    /// answers through a callback (the simulated ad server) the fetch costs a timer and no task; a wrapper's chain is
    /// resolved in a task on ``scheduler``.
    ///
    /// ```swift
    /// environment.loadVAST(fetch, ad: { load throws(AdError) in try MyAd(load) }, completion: completion)
    /// ```
    package func loadVAST(
        _ request: TransportRequest,
        parser: VASTParser = VASTParser(),
        allowNoAd: Bool = true,
        wrappers: WrapperResolutionPolicy? = nil,
        parseFailure: ((VASTError) -> AdError)? = nil,
        ad make: @escaping @MainActor (VASTLoad) throws(AdError) -> any ProviderAd,
        completion: @escaping @MainActor (Result<any ProviderAd, AdError>) -> Void
    ) {
        let made: @MainActor (VASTLoad) -> Void = { load in
            completion(Result { () throws(AdError) -> any ProviderAd in try make(load) })
        }
        fetch(request) { response in
            let load: VASTLoad
            do throws(AdError) {
                load = try read(response.get(), parser: parser, allowNoAd: allowNoAd, parseFailure: parseFailure)
            } catch {
                return completion(.failure(error))
            }
            guard let wrappers, load.document.ads.first?.wrapper != nil else { return made(load) }
            scheduler.spawn { made(await resolved(load, of: request, policy: wrappers, parser: parser)) }
        }
    }

    /// A fetched response as a load: parsed with `parser`, or read from its memo's one parse with the response's
    /// values put in.
    private func read(
        _ response: TransportResponse, parser: VASTParser, allowNoAd: Bool, parseFailure: ((VASTError) -> AdError)?
    ) throws(AdError) -> VASTLoad {
        let document: VASTDocument
        var memoRead: VASTLoad.MemoRead?
        do throws(VASTError) {
            if let template = response.template, let memo = template.source as? VASTDocumentMemo {
                let read = try memo.read(
                    response.body, pricing: template.pricing, parser: parser, allowNoAd: allowNoAd)
                document = read.document
                if read.isKept {
                    memoRead = VASTLoad.MemoRead(
                        memo: memo, limits: parser.limits, allowNoAd: allowNoAd, pricing: template.pricing)
                }
            } else {
                document = try parser.parse(Data(response.body), allowNoAd: allowNoAd)
            }
        } catch {
            throw parseFailure?(error) ?? AdError(error, providerID: providerID)
        }
        var load = VASTLoad(response: response, document: document)
        load.memoRead = memoRead
        return load
    }

    /// A wrapper's load with its chains resolved through the same transport, the `<Error>` URLs of every failed
    /// chain pinged.
    private func resolved(
        _ load: VASTLoad, of request: TransportRequest, policy: WrapperResolutionPolicy, parser: VASTParser
    ) async -> VASTLoad {
        let resolver = WrapperResolver(
            transport: transport, scheduler: scheduler, providerID: providerID, adUnitID: request.adUnitID,
            policy: policy, parser: parser)
        let resolution = await resolver.resolve(
            load.document, url: load.response.sourceURL.flatMap { URL(string: $0) })
        for url in resolution.errorPings(values: stamps.next().macroValues) {
            beacons.send(Beacon(kind: .error, url: url.absoluteString, providerID: providerID))
        }
        return VASTLoad(response: load.response, document: load.document, resolution: resolution)
    }

    /// Pings a response's `<Error>` URLs with a VAST error code, `[TIMESTAMP]` and `[CACHEBUSTING]` filled from the
    /// host's stamps (N5): the one way a provider reports a response it refused.
    ///
    /// ```swift
    /// environment.pingErrors(document.errorURLs, code: 303)   // no ad
    /// ```
    public func pingErrors(_ urls: [String], code: Int) {
        let pings = VASTMacroExpander.errorPings(for: urls, code: code, values: stamps.next().macroValues)
        beacons.send(pings.map { Beacon(kind: .error, url: $0.absoluteString, providerID: providerID) })
    }
}
