public import AdCore
import Synchronization

/// A transport that answers from memory: per ad unit (or URL) a body, an error, a delay on a virtual clock, or
/// no answer at all. It records every request, so tests can check what reached the transport (rule Y21).
///
/// ```swift
/// let transport = InMemoryTransport(clock: driver.clock)
/// transport.respond(to: "unit-1", with: .body(Array(xml.utf8)))
/// transport.respond(to: "slow", with: .delayed(.seconds(3), .body(Array(xml.utf8))))
/// transport.respond(to: "silent", with: .never)
/// ```
public final class InMemoryTransport: ResponseTransport {
    /// What the transport answers for one key.
    public indirect enum Reply: Sendable {
        /// These bytes.
        case body([UInt8])
        /// This error.
        case failure(AdError)
        /// The reply after a delay on the transport's clock.
        case delayed(Duration, Reply)
        /// Nothing, until the calling task is cancelled (then `cancelled`).
        case never
    }

    private let replies = Mutex<[String: Reply]>([:])
    private let log = Mutex<[TransportRequest]>([])
    private let clock: ManualClock?

    /// Creates a transport; `clock` is needed only for delayed and silent replies.
    public init(clock: ManualClock? = nil) { self.clock = clock }

    /// Sets the reply for an ad unit ID or a URL.
    public func respond(to key: String, with reply: Reply) {
        replies.withLock { $0[key] = reply }
    }

    /// Removes the reply for an ad unit ID or a URL (a later fetch of it is a `noFill`), releasing its body.
    public func forget(_ key: String) {
        replies.withLock { $0[key] = nil }
    }

    /// Every request received so far, in order.
    public var requests: [TransportRequest] { log.withLock { $0 } }

    /// Answers a request from the reply set for its URL, else its ad unit; unknown keys are `noFill`.
    public func fetch(_ request: TransportRequest) async throws(AdError) -> TransportResponse {
        log.withLock { $0.append(request) }
        let key = request.url ?? request.adUnitID
        let reply = replies.withLock { $0[key] }
        guard let reply else {
            throw AdError(
                .noFill, "No response is configured for '\(key)'.", providerID: request.providerID,
                hint: "Call respond(to:with:) for this ad unit or URL.")
        }
        return try await answer(reply, for: request)
    }

    private func answer(_ reply: Reply, for request: TransportRequest) async throws(AdError) -> TransportResponse {
        switch reply {
        case .body(let bytes):
            return TransportResponse(body: bytes, sourceURL: request.url)
        case .failure(let error):
            throw error
        case .delayed(let delay, let inner):
            try await wait(until: delay, request)
            return try await answer(inner, for: request)
        case .never:
            try await wait(until: nil, request)
            throw cancelled(request)
        }
    }

    private func wait(until delay: Duration?, _ request: TransportRequest) async throws(AdError) {
        guard let clock else {
            throw AdError(
                .internal, "A delayed or silent reply needs a clock.", providerID: request.providerID,
                hint: "Create the transport with InMemoryTransport(clock: driver.clock).")
        }
        do {
            if let delay {
                try await clock.sleep(until: clock.now.advanced(by: delay), tolerance: nil)
            } else {
                try await clock.sleep(until: AdInstant(sinceEpoch: .seconds(Int64.max / 2)), tolerance: nil)
            }
        } catch {
            throw cancelled(request)
        }
    }

    private func cancelled(_ request: TransportRequest) -> AdError {
        AdError(
            .cancelled, "The fetch of '\(request.url ?? request.adUnitID)' was cancelled.",
            providerID: request.providerID)
    }
}
