import AdCore
import AdEmbedded
import AdRuntime
import AdTestSupport
import Foundation
import Testing

/// What a tracking server may answer besides a plain status: redirects, loops, huge bodies (rule R13's permanent
/// failures among them).
@Suite("Beacon queue: what servers answer")
struct BeaconServerAnswerTests {
    @Test("R13: a redirect to another tracker is followed and delivered; a redirect loop fails for good, not retried")
    func r13_redirects() async throws {
        let server = try LoopbackHTTPServer(routes: [
            "/moved": .init(status: 302, headers: ["Location": "/imp"]),
            "/imp": .init(status: 204),
            "/loop": .init(status: 302, headers: ["Location": "/loop"]),
        ])
        defer { server.shutdown() }
        let log = DiagnosticLog()
        let queue = BeaconQueue(store: nil, configuration: .loopback, diagnostics: log.handler)
        queue.send(Beacon(kind: .impression, url: server.url("/moved").absoluteString))
        queue.send(Beacon(kind: .click, url: server.url("/loop").absoluteString))
        try await eventually { queue.statistics.delivered + queue.statistics.failed == 2 }
        #expect(queue.statistics.delivered == 1)
        #expect(queue.statistics.failed == 1)
        #expect(queue.statistics.retried == 0)
        #expect(server.requests.filter { $0 == "GET /imp" }.count == 1)
        #expect(server.requests.filter { $0 == "GET /loop" }.count == 6)  // the first and 5 redirects
        #expect(log.all.first { $0.kind == .failed }?.error?.message.contains("redirected more than 5 times") == true)
        await queue.close()
    }

    @Test("R13: a redirect to a file: URL never reads a file: it ends as an answer of the http server, not retried")
    func r13_redirectToRefusedScheme() async throws {
        let server = try LoopbackHTTPServer(routes: [
            "/sneaky": .init(status: 302, headers: ["Location": "file:///etc/passwd"])
        ])
        defer { server.shutdown() }
        let log = DiagnosticLog()
        let queue = BeaconQueue(store: nil, configuration: .loopback, diagnostics: log.handler)
        queue.send(Beacon(kind: .impression, url: server.url("/sneaky").absoluteString))
        try await eventually { queue.statistics.failed == 1 }
        #expect(queue.statistics.failed == 1)
        #expect(queue.statistics.retried == 0)
        // FoundationNetworking on Linux keeps a non-http redirect on the same http server (its path, here a 404);
        // on other platforms the delegate refuses it (refusedURL). Either way nothing but this server is asked.
        let failure = log.all.first { $0.kind == .failed }?.error
        #expect(failure?.code == .refusedURL || failure?.providerCode == 404)
        #expect(server.requests.allSatisfy { $0 == "GET /sneaky" || $0 == "GET /etc/passwd" })
        await queue.close()
    }

    @Test("A 2xx with a 4 MiB body counts as delivered (the body is cut short), and every exchange ends")
    func hugeBodyIsNotKept() async throws {
        let server = try LoopbackHTTPServer(routes: ["/pixel": .init(body: Data(count: 4 << 20))])
        defer { server.shutdown() }
        let transport = URLSessionBeaconTransport(addresses: .allowingPrivate)
        let queue = BeaconQueue(store: nil, configuration: .loopback, transport: transport)
        for index in 0..<3 {
            queue.send(Beacon(kind: .impression, url: server.url("/pixel?n=\(index)").absoluteString))
        }
        try await eventually { queue.statistics.delivered == 3 }
        #expect(queue.statistics.delivered == 3)
        #expect(transport.pendingCount == 0)
        await queue.close()
    }

    @Test("A wall clock set back does not hold beacons back: retry times beyond the longest backoff are due at once")
    func clockSetBack() async throws {
        let store = try temporaryStore()
        defer { try? FileManager.default.removeItem(at: store.deletingLastPathComponent()) }
        let start = Duration.seconds(1_800_000_000)
        let down = BeaconDeliveryOutcome.retry(AdError(.network, "HTTP 503", providerCode: 503))
        let hourly = BeaconQueueConfiguration(
            backoff: BeaconBackoff(initial: .seconds(3600), jitter: 0), addresses: .allowingPrivate)
        let first = BeaconQueue(
            store: store, configuration: hourly, transport: ScriptedBeaconTransport(["/imp": [down]]),
            clock: ManualClock(), startTime: start)
        first.send(Beacon(kind: .impression, url: "https://t.example/imp"))
        try await eventually { first.statistics.retried == 1 }
        await first.close()

        // Reopened with the clock 30 days earlier: the retry an hour after the first attempt would be 30 days away.
        let transport = ScriptedBeaconTransport()
        let earlier = BeaconQueue(
            store: store, transport: transport, clock: ManualClock(), startTime: start - .seconds(30 * 86_400))
        try await eventually { earlier.statistics.delivered == 1 }
        #expect(earlier.statistics.delivered == 1)
        #expect(earlier.statistics.droppedExpired == 0)
        #expect(transport.calls.count == 1)
        await earlier.close()
    }
}
