import AdCreative
import Foundation

/// `adsim parse --resolve`: follows the wrapper chains of a document. Relative `VASTAdTagURI`s are read from
/// the document's folder (served as `https://local.adsim/`), absolute http(s) ones over the network.
enum ResolveSupport {
    static let localBase = URL(string: "https://local.adsim/")

    struct LocalOrNetworkFetcher: VASTFetcher {
        var files: FileFetcher?
        var network = HTTPFetcher()

        func fetch(_ url: URL, timeout: Duration) async throws(VASTError) -> Data {
            if let files, url.absoluteString.hasPrefix(files.baseURL.absoluteString) {
                return try await files.fetch(url, timeout: timeout)
            }
            return try await network.fetch(url, timeout: timeout)
        }
    }

    static func resolve(_ document: VASTDocument, file: String, parser: VASTParser) async throws(VASTError)
        -> VASTDocument
    {
        let fileURL = URL(fileURLWithPath: file)
        let files = localBase.map { FileFetcher(baseURL: $0, directory: fileURL.deletingLastPathComponent()) }
        let resolver = VASTWrapperResolver(
            fetcher: LocalOrNetworkFetcher(files: files),
            clock: ContinuousClock(),
            parser: parser
        )
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
