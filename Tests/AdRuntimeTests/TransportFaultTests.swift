import AdCore
import AdCreative
import AdEmbedded
import AdRuntime
import AdTestSupport
import AdVAST
import Foundation
import Testing

/// R15: the response transport and wrapper hops against a misbehaving loopback server. Every fault ends in a typed
/// error at or before the request's deadline; no partial body is ever handed to a parser.
///
/// The deadlines are on virtual time (a `ManualClock` for the fetcher, a `VirtualTimeDriver` for the resolver) that
/// moves only when a test moves it, so a busy machine can neither time a request out nor make one late: a fault that
/// ends by itself ends with virtual time standing still, and a slow or silent server ends exactly when the test
/// moves the clock to its deadline. No test here reads a real clock (Docs/Testing.md, "No wall-clock assertions").
@Suite("R15: transport faults from a real loopback server", .serialized)
@MainActor
struct TransportFaultTests {
    /// 4 KiB of a valid-looking XML body: a fault that cut it would show as a parse error if it leaked through.
    static let body = Data(
        ("<VAST version=\"4.2\">" + String(repeating: "<!-- padding -->", count: 250) + "</VAST>").utf8)

    static func server() throws -> LoopbackHTTPServer {
        let xml = ["Content-Type": "text/xml; charset=utf-8"]
        return try LoopbackHTTPServer(routes: [
            "/whole": .init(headers: xml, body: body),
            "/trickle-fast": .init(headers: xml, body: body, delivery: .trickle(bytes: 512, pause: .milliseconds(20))),
            // 32 s for the whole body: only a deadline ends a request for it before that.
            "/trickle-slow": .init(headers: xml, body: body, delivery: .trickle(bytes: 32, pause: .milliseconds(250))),
            "/reset-mid-body": .init(headers: xml, body: body, delivery: .resetAfter(bytes: 1_000)),
            "/truncated": .init(headers: xml, body: body, delivery: .closeAfter(bytes: 2_000)),
            "/redirect-loop": .init(status: 302, headers: ["Location": "/redirect-loop"]),
            "/silent": .silent,
            "/huge-unannounced": .init(
                headers: xml, body: Data(repeating: 0x20, count: 64 << 20),
                delivery: .trickle(bytes: 64 << 10, pause: .milliseconds(2)), sendsContentLength: false),
            "/huge-announced": .init(headers: xml, body: Data(repeating: 0x20, count: 64 << 20)),
            "/html": .init(headers: ["Content-Type": "text/html; charset=utf-8"], body: Data("<html></html>".utf8)),
            "/json": .init(headers: ["Content-Type": "application/json"], body: Data("{}".utf8)),
            "/png": .init(headers: ["Content-Type": "image/png"], body: Data([0x89, 0x50, 0x4E, 0x47])),
            "/plain": .init(headers: ["Content-Type": "text/plain"], body: body),
            "/untyped": .init(body: body),
        ])
    }

    /// The transport under test, its deadlines on `clock`; the fetcher allows private addresses (R9: the server is
    /// on 127.0.0.1).
    static func transport(maxBodyBytes: Int = 1 << 20, clock: any Clock<Duration>) -> HTTPResponseTransport {
        HTTPResponseTransport(
            endpoints: [:], fetcher: HTTPFetcher(maxBodyBytes: maxBodyBytes, clock: clock, addresses: .allowingPrivate))
    }

    /// Fetches a path of the server as an explicit URL; the error, or `nil` with the body. The deadline is on `clock`,
    /// by default one nobody moves: only the server's behaviour can end the request (URLSession's own timeout, the
    /// backstop, is `timeout` plus a second of real time away, beyond the hang guard by default).
    static func fetch(
        _ server: LoopbackHTTPServer, _ path: String, timeout: Duration = HangGuard.limit,
        payload: TransportPayload = .document, maxBodyBytes: Int = 1 << 20, clock: ManualClock = ManualClock()
    ) async -> (error: AdError?, body: [UInt8]?) {
        let request = TransportRequest(
            providerID: "test", adUnitID: "u", url: server.url(path).absoluteString, timeout: timeout,
            payload: payload)
        do {
            return (nil, try await transport(maxBodyBytes: maxBodyBytes, clock: clock).fetch(request).body)
        } catch {
            return (error, nil)
        }
    }

    /// Fetches `path` with a deadline of `timeout` on a clock of its own, moves that clock to just before the
    /// deadline once the request is in flight and `inFlight` holds (the request must still be waiting), then to the
    /// deadline; the error, or `nil` with the body.
    static func fetchUntilDeadline(
        _ server: LoopbackHTTPServer, _ path: String, timeout: Duration, inFlight: () -> Bool = { true }
    ) async throws -> (error: AdError?, body: [UInt8]?) {
        let clock = ManualClock()
        let running = Task { await fetch(server, path, timeout: timeout, clock: clock) }
        try #require(
            await HangGuard.waitUntil {
                clock.sleeperCount == 1 && server.requests.contains("GET \(path)") && inFlight()
            },
            "the request for \(path) never got under way")
        clock.advance(by: timeout - .milliseconds(1))
        #expect(clock.sleeperCount == 1, "\(path): the deadline fell before \(timeout)")
        clock.advance(by: .milliseconds(1))
        #expect(clock.sleeperCount == 0, "\(path): the deadline did not fall at \(timeout)")
        return await running.value
    }

    @Test("R15: a slow body within the deadline arrives whole; one slower than the deadline times out at it")
    func r15_slowBody() async throws {
        let server = try Self.server()
        defer { server.shutdown() }
        let fast = await Self.fetch(server, "/trickle-fast")
        #expect(fast.error == nil)
        #expect(fast.body == [UInt8](Self.body))
        // The deadline falls while the body is on its way: part of it sent, the rest never awaited.
        let slow = try await Self.fetchUntilDeadline(server, "/trickle-slow", timeout: .seconds(30)) {
            server.bodyBytesSent("/trickle-slow") > 0
        }
        #expect(slow.error?.code == .timeout, "\(String(describing: slow.error))")
        #expect(slow.error?.vastCode == 301)
        #expect(slow.error?.message.contains("did not answer within 30.0 seconds") == true)
        #expect(slow.body == nil)
        #expect(server.bodyBytesSent("/trickle-slow") < Self.body.count, "the whole body came before the deadline")
    }

    @Test("R15: a connection reset mid-body and a body shorter than announced are network errors, never a body")
    func r15_resetAndTruncatedBodies() async throws {
        let server = try Self.server()
        defer { server.shutdown() }
        for path in ["/reset-mid-body", "/truncated"] {
            let result = await Self.fetch(server, path)
            #expect(result.body == nil, "\(path) handed on \(result.body?.count ?? 0) bytes")
            #expect(result.error?.code == .network, "\(path): \(String(describing: result.error))")
            #expect(result.error?.providerID == "test")
        }
    }

    @Test("R15: a redirect loop ends as a network error after the redirect cap")
    func r15_redirectLoop() async throws {
        let server = try Self.server()
        defer { server.shutdown() }
        let result = await Self.fetch(server, "/redirect-loop")
        #expect(result.error?.code == .network)
        #expect(result.error?.message.contains("redirects") == true)
        #expect(server.requestCount <= 7)
    }

    @Test("R15: a server that never answers times out at the request's deadline")
    func r15_silentServer() async throws {
        let server = try Self.server()
        defer { server.shutdown() }
        let result = try await Self.fetchUntilDeadline(server, "/silent", timeout: .seconds(30))
        #expect(result.error?.code == .timeout, "\(String(describing: result.error))")
        #expect(result.error?.vastCode == 301)
        #expect(result.error?.message.contains("did not answer within 30.0 seconds") == true)
    }

    @Test("R15: an oversized body is stopped while reading, announced or not: limitExceeded, most of it never sent")
    func r15_oversizedBodyStoppedWhileReading() async throws {
        let server = try Self.server()
        defer { server.shutdown() }
        for path in ["/huge-unannounced", "/huge-announced"] {
            // On a clock that never moves: the limit, not a deadline, ends the request.
            let result = await Self.fetch(server, path)
            #expect(result.error?.code == .limitExceeded, "\(path): \(String(describing: result.error))")
            #expect(result.body == nil)
        }
        // The client hung up on the trickled body: the server could not push its 64 MiB (socket buffers hold a few
        // MiB at most). The announced one is refused from its head; over loopback the bytes already in flight
        // still drain (the fetcher keeps none of them), so only the error is checked for it.
        #expect(server.bodyBytesSent("/huge-unannounced") < 16 << 20)
    }

    @Test("R15: HTML, JSON or an image where an ad response is due is invalidResponse naming the type (VAST 100)")
    func r15_wrongContentType() async throws {
        let server = try Self.server()
        defer { server.shutdown() }
        for (path, type) in [("/html", "text/html"), ("/json", "application/json"), ("/png", "image/png")] {
            let result = await Self.fetch(server, path)
            #expect(result.error?.code == .invalidResponse, "\(path)")
            #expect(result.error?.vastCode == 100)
            #expect(result.error?.message.contains("Content-Type \(type)") == true)
        }
        for path in ["/whole", "/plain", "/untyped"] {
            let result = await Self.fetch(server, path)
            #expect(result.body == [UInt8](Self.body), "\(path): \(String(describing: result.error))")
        }
        #expect(await Self.fetch(server, "/png", payload: .media).error == nil)
        #expect(await Self.fetch(server, "/html", payload: .media).error?.code == .invalidResponse)
    }

    @Test(
        "R15: a wrapper hop to each faulty path fails its slot with VAST 301 or 100, typed, at most at the hop timeout")
    func r15_wrapperHopsToFaults() async throws {
        let server = try Self.server()
        defer { server.shutdown() }
        // What the host sees for each fault: a slow or silent server times out at the hop timeout; every other fault
        // ends the hop by itself, with its own kind, before any time has passed.
        let faults: [(path: String, code: Int, kind: VASTError.Kind)] = [
            ("/trickle-slow", 301, .timeout), ("/reset-mid-body", 301, .network), ("/truncated", 301, .network),
            ("/redirect-loop", 301, .network), ("/silent", 301, .timeout), ("/huge-unannounced", 301, .limitExceeded),
            ("/html", 100, .invalidResponse),
        ]
        for (path, _, _) in faults {
            let wrapper =
                "<VAST version=\"4.2\"><Ad id=\"w\"><Wrapper><AdSystem>T</AdSystem><Impression>"
                + "http://127.0.0.1:9/imp</Impression><VASTAdTagURI><![CDATA[\(server.url(path).absoluteString)]]>"
                + "</VASTAdTagURI></Wrapper></Ad></VAST>"
            server.setRoute("/wrap\(path)", .init(headers: ["Content-Type": "text/xml"], body: Data(wrapper.utf8)))
        }
        var policy = WrapperResolutionPolicy()
        policy.addresses = .allowingPrivate  // R9: the server is on 127.0.0.1
        policy.hopTimeout = .seconds(30)
        policy.totalTimeout = .seconds(60)
        for (path, code, kind) in faults {
            // The resolver's race and the fetcher's deadline on one virtual time, moved only for the two that wait.
            let driver = VirtualTimeDriver()
            let resolver = WrapperResolver(
                transport: Self.transport(clock: driver.clock), scheduler: driver, providerID: "test", adUnitID: "u",
                policy: policy)
            let resolving = Task { await resolver.resolve(url: server.url("/wrap\(path)")) }
            if kind == .timeout {
                let hop = "GET \(path)"
                try #require(await HangGuard.waitUntil { server.requests.contains(hop) }, "\(path) was never asked")
                driver.advance(by: policy.hopTimeout - .milliseconds(1))
                #expect(driver.pendingCount == 1, "\(path): the hop ended before its timeout")
                driver.advance(by: .milliseconds(1))
            }
            let resolution = await resolving.value
            #expect(resolution.ads.isEmpty, "\(path)")
            #expect(resolution.failures.first?.vastCode == code, "\(path): \(resolution.failures)")
            #expect(resolution.failures.first?.error.kind == kind, "\(path): \(resolution.failures)")
        }
    }
}
