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
        guard let wrappers, document.ads.first?.wrapper != nil else {
            return VASTLoad(response: response, document: document, memoRead: memoRead)
        }
        let resolver = WrapperResolver(
            transport: transport, scheduler: scheduler, providerID: providerID, adUnitID: request.adUnitID,
            policy: wrappers, parser: parser)
        let resolution = await resolver.resolve(document, url: response.sourceURL.flatMap { URL(string: $0) })
        for url in resolution.errorPings(values: stamps.next().macroValues) {
            beacons.send(Beacon(kind: .error, url: url.absoluteString, providerID: providerID))
        }
        return VASTLoad(response: response, document: document, resolution: resolution)
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
