public import AdCore
public import AdCreative

/// What `ProviderEnvironment.loadVAST(_:parser:allowNoAd:wrappers:parseFailure:)` returns: the response, the parsed
/// document and, when the response's first ad was a wrapper and the provider asked for wrappers, the resolution of
/// its chains (whose error URLs have been pinged already).
///
/// ```swift
/// let load = try await environment.loadVAST(request, wrappers: WrapperResolutionPolicy())
/// let ad = load.resolution?.ads.first?.ad ?? load.document.ads.first
/// let fields = try load.decoded(key: "acme") { try MyResponse(document: $0, providerID: "acme") }
/// ```
public struct VASTLoad: Sendable {
    /// The transport's response.
    public var response: TransportResponse {
        didSet { memoRead = nil }
    }
    /// The parsed response (with `allowNoAd` by default: a no-ad answer is a document, see
    /// `VASTDocument.noAdFailure`).
    public var document: VASTDocument {
        didSet { memoRead = nil }
    }
    /// The wrapper resolution, when there was one.
    public var resolution: VASTResolution?
    /// Where ``document`` is a ``VASTDocumentMemo``'s kept parse with the response's values put in: the memo, the
    /// parser configuration and the values (``decoded(key:_:)``); nil otherwise, or once either is changed.
    var memoRead: MemoRead?

    /// A document read from a memo's kept parse.
    struct MemoRead: Sendable {
        var memo: VASTDocumentMemo
        var limits: VASTParserLimits
        var allowNoAd: Bool
        var pricing: ResponsePricing?
    }

    /// Creates a load result.
    public init(response: TransportResponse, document: VASTDocument, resolution: VASTResolution? = nil) {
        self.response = response
        self.document = document
        self.resolution = resolution
    }

    /// Creates a load result read from a memo's parse (`memoRead`, nil: parsed on its own), built whole rather than
    /// changed after: a load is a large value, and changing a returned one copied it.
    init(response: TransportResponse, document: VASTDocument, memoRead: MemoRead?) {
        self.response = response
        self.document = document
        self.memoRead = memoRead
    }

    /// Decodes ``document`` into a provider's own model: `decode(document)`, except that for a response made from a
    /// ``VASTDocumentMemo`` (a file a transport serves many times, as the simulator's ad server does) the decoding
    /// is done once per served file and kept, when it reads nothing the response put in: the first response with a
    /// price is decoded twice, with and without it, and the result kept only when both are equal (so a decoder
    /// that reads `<Pricing>` runs on every response). `decode` must depend on the document only, and on
    /// constants that `key` names (the provider's ID, say): two decoders of one type with different constants need
    /// different keys. A thrown error is kept like a result (the same error every time).
    ///
    /// ```swift
    /// let fields = try load.decoded(key: providerID.rawValue) { try MyResponse(document: $0, providerID: providerID) }
    /// ```
    ///
    /// - Throws: what `decode` throws.
    public func decoded<Decoded: Sendable & Equatable>(
        key: String, _ decode: (VASTDocument) throws(AdError) -> Decoded
    ) throws(AdError) -> Decoded {
        guard let memoRead else { return try decode(document) }
        return try memoRead.memo.decoded(
            document, pricing: memoRead.pricing, limits: memoRead.limits, allowNoAd: memoRead.allowNoAd, key: key,
            decode)
    }
}
