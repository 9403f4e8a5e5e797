public import AdCore
public import AdCreative

/// What `ProviderEnvironment.loadVAST(_:parser:allowNoAd:wrappers:parseFailure:)` returns: the response, the parsed
/// document and, when the response's first ad was a wrapper and the provider asked for wrappers, the resolution of
/// its chains (whose error URLs have been pinged already).
///
/// ```swift
/// let load = try await environment.loadVAST(request, wrappers: WrapperResolutionPolicy())
/// let ad = load.resolution?.ads.first?.ad ?? load.document.ads.first
/// ```
public struct VASTLoad: Sendable {
    /// The transport's response.
    public var response: TransportResponse
    /// The parsed response (with `allowNoAd` by default: a no-ad answer is a document, see
    /// `VASTDocument.noAdFailure`).
    public var document: VASTDocument
    /// The wrapper resolution, when there was one.
    public var resolution: VASTResolution?

    /// Creates a load result.
    public init(response: TransportResponse, document: VASTDocument, resolution: VASTResolution? = nil) {
        self.response = response
        self.document = document
        self.resolution = resolution
    }
}
