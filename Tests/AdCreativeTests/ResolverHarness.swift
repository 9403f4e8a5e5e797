import AdCore
import AdCreative
import AdEmbedded
import AdRuntime
import AdVAST
import Foundation
import Synchronization

/// A table of bodies, failures or hops that never answer, served through the one I/O seam (`ResponseTransport`):
/// what the wrapper tests fetch from. A URL not in the table is a 404 (`network`, `providerCode` 404); `.hang`
/// never answers and ignores the request's timeout (until its task is cancelled), so only the driver's own race on
/// the scheduler can end it.
final class TableTransport: ResponseTransport {
    /// What the table answers for one URL.
    enum Response: Sendable {
        /// The body.
        case body(Data)
        /// A failure.
        case failure(AdError)
        /// Never answers (until the fetching task is cancelled).
        case hang
    }

    private let responses: [String: Response]
    private let log = Mutex<[URL]>([])

    init(_ responses: [String: Response]) {
        self.responses = responses
    }

    /// Every URL fetched so far, in order.
    var requestedURLs: [URL] { log.withLock { $0 } }

    func fetch(_ request: TransportRequest) async throws(AdError) -> TransportResponse {
        let target = request.url ?? request.adUnitID
        if let url = URL(string: target) { log.withLock { $0.append(url) } }
        switch responses[target] {
        case .body(let data):
            return TransportResponse(body: [UInt8](data), sourceURL: target)
        case .failure(let error):
            throw error
        case .hang:
            let (stream, continuation) = AsyncStream<Never>.makeStream()
            for await _ in stream {}
            continuation.finish()
            throw AdError(.cancelled, "The fetch of \(target) was cancelled.")
        case nil:
            throw AdError(.network, "HTTP 404 for \(target).", providerCode: 404)
        }
    }
}

/// The wrapper driver of these tests: AdCore's `WrapperResolver` over a transport and a `VirtualTimeDriver`.
@MainActor
enum Harness {
    /// A resolver over `transport` on `driver` (a fresh virtual-time driver by default).
    static func resolver(
        _ transport: any ResponseTransport,
        driver: VirtualTimeDriver = VirtualTimeDriver(seed: 0),
        policy: WrapperResolutionPolicy = WrapperResolutionPolicy(),
        parser: VASTParser = VASTParser()
    ) -> WrapperResolver {
        WrapperResolver(
            transport: transport, scheduler: driver, providerID: "test", adUnitID: "test", policy: policy,
            parser: parser)
    }
}
