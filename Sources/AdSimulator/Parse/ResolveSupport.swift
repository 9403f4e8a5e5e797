import AdCore
import AdCreative
import AdRuntime
import Foundation

/// `adsim parse --resolve`: follows the wrapper chains of a document through AdCore's one wrapper driver. Relative
/// `VASTAdTagURI`s are read from the document's folder (served as `https://local.adsim/` by a `FolderTransport`),
/// absolute http(s) ones over the network (`HTTPResponseTransport`), hop timeouts on a `LiveDriver`. Every hop comes
/// from a document, so the resolver's and the fetcher's address policies stay `.publicOnly` (R9): a hop or a redirect
/// to a loopback, link-local or private address is refused with VAST 301.
enum ResolveSupport {
    static let localBase = URL(string: "https://local.adsim/")

    /// Answers URLs below the folder's base from the folder, every other URL over HTTP.
    struct LocalOrNetworkTransport: ResponseTransport {
        var files: FolderTransport?
        var network = HTTPResponseTransport(endpoints: [:])

        func fetch(_ request: TransportRequest) async throws(AdError) -> TransportResponse {
            if let files, let url = request.url, files.serves(url) {
                return try await files.fetch(request)
            }
            return try await network.fetch(request)
        }
    }

    @MainActor
    static func resolve(_ document: VASTDocument, file: String, parser: VASTParser) async throws(VASTError)
        -> VASTDocument
    {
        let fileURL = URL(fileURLWithPath: file)
        let files = localBase.map { FolderTransport(baseURL: $0, directory: fileURL.deletingLastPathComponent()) }
        // The driver runs on the main actor; the whole resolution gets a minute (each hop keeps its 5 s), so that a
        // busy main actor (adsim's tests share one with the demo's) does not time out a chain of local files.
        var policy = WrapperResolutionPolicy()
        policy.totalTimeout = .seconds(60)
        let resolver = WrapperResolver(
            transport: LocalOrNetworkTransport(files: files), scheduler: LiveDriver(), providerID: "adsim",
            adUnitID: fileURL.lastPathComponent, policy: policy, parser: parser)
        let url = localBase?.appendingPathComponent(fileURL.lastPathComponent)
        let resolution = await resolver.resolve(document, url: url)
        if let error = resolution.error { throw error }
        var resolved = document
        resolved.ads = resolution.ads.map(\.ad)
        resolved.warnings += resolution.failures.map {
            VASTWarning(code: $0.vastCode, message: "wrapper chain failed: \($0.error.message)")
        }
        return resolved
    }
}
