import AdCore
import AdCreative
import AdEmbedded
import AdRuntime
import AdSimulator
import AdVAST
import Foundation

/// `adsim parse --resolve`: follows the wrapper chains of a document through AdCore's one wrapper driver. Relative
/// `VASTAdTagURI`s are read from the document's folder (served as `https://local.adsim/` by a `FolderTransport`),
/// absolute http(s) ones over the network (`HTTPResponseTransport`). Every hop comes from a document, so the
/// resolver's and the fetcher's address policies stay `.publicOnly` (R9): a hop or a redirect to a loopback,
/// link-local or private address is refused with VAST 301.
///
/// Time (Docs/Creative.md, "adsim parse"): the resolution runs on a `VirtualTimeDriver` that only network hops move.
/// A hop read from the folder takes no time, so a busy machine cannot time out a chain of local files: a local hop
/// is slow only for reasons a timeout does not help with, and its own limits (size, special files) still hold. A
/// network hop keeps its hop timeout in real time (`HTTPFetcher`'s deadline on the real clock), and the real time it
/// took is then added to the virtual clock, so the total timeout counts the time spent on the network.
enum ResolveSupport {
    static let localBase = URL(string: "https://local.adsim/")

    /// Answers URLs below the folder's base from the folder, every other URL over HTTP; moves `driver` by the real
    /// time each network fetch took.
    struct LocalOrNetworkTransport: ResponseTransport {
        var files: FolderTransport?
        var network = HTTPResponseTransport(endpoints: [:])
        /// The resolution's virtual time.
        var driver: VirtualTimeDriver

        func fetch(_ request: TransportRequest) async throws(AdError) -> TransportResponse {
            if let files, let url = request.url, files.serves(url) {
                return try await files.fetch(request)
            }
            let clock = ContinuousClock()
            let start = clock.now
            let result: Result<TransportResponse, AdError>
            do throws(AdError) {
                result = .success(try await network.fetch(request))
            } catch {
                result = .failure(error)
            }
            await driver.advance(by: start.duration(to: clock.now))
            return try result.get()
        }
    }

    @MainActor
    static func resolve(_ document: VASTDocument, file: String, parser: VASTParser) async throws(VASTError)
        -> VASTDocument
    {
        let fileURL = URL(fileURLWithPath: file)
        let files = localBase.map { FolderTransport(baseURL: $0, directory: fileURL.deletingLastPathComponent()) }
        // Virtual time, moved by network hops only (above); the whole resolution gets a minute of it, each hop 5 s.
        var policy = WrapperResolutionPolicy()
        policy.totalTimeout = .seconds(60)
        let driver = VirtualTimeDriver()
        let resolver = WrapperResolver(
            transport: LocalOrNetworkTransport(files: files, driver: driver), scheduler: driver, providerID: "adsim",
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
