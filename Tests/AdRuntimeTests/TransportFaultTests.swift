import AdCore
import AdCreative
import AdRuntime
import AdTestSupport
import Foundation
import Testing

/// R15: the response transport and wrapper hops against a misbehaving loopback server. Every fault ends in a typed
/// error at or before the request's deadline; no partial body is ever handed to a parser.
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
            "/trickle-slow": .init(headers: xml, body: body, delivery: .trickle(bytes: 64, pause: .milliseconds(200))),
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

    /// The transport under test; the fetcher allows private addresses (R9: the server is on 127.0.0.1).
    static func transport(maxBodyBytes: Int = 1 << 20) -> HTTPResponseTransport {
        HTTPResponseTransport(
            endpoints: [:], fetcher: HTTPFetcher(maxBodyBytes: maxBodyBytes, addresses: .allowingPrivate))
    }

    /// Fetches a path of the server as an explicit URL; the error, or `nil` with the body.
    static func fetch(
        _ server: LoopbackHTTPServer, _ path: String, timeout: Duration = .seconds(5),
        payload: TransportPayload = .document, maxBodyBytes: Int = 1 << 20
    ) async -> (error: AdError?, body: [UInt8]?) {
        let request = TransportRequest(
            providerID: "test", adUnitID: "u", url: server.url(path).absoluteString, timeout: timeout,
            payload: payload)
        do {
            return (nil, try await transport(maxBodyBytes: maxBodyBytes).fetch(request).body)
        } catch {
            return (error, nil)
        }
    }

    /// How long `work` took on the continuous clock.
    static func timed<T>(_ work: () async -> T) async -> (T, Duration) {
        let clock = ContinuousClock()
        let start = clock.now
        let value = await work()
        return (value, start.duration(to: clock.now))
    }

    @Test("R15: a slow body within the deadline arrives whole; one slower than the deadline times out at it")
    func r15_slowBody() async throws {
        let server = try Self.server()
        defer { server.shutdown() }
        let fast = await Self.fetch(server, "/trickle-fast")
        #expect(fast.error == nil)
        #expect(fast.body == [UInt8](Self.body))
        let (slow, waited) = await Self.timed { await Self.fetch(server, "/trickle-slow", timeout: .milliseconds(600)) }
        #expect(slow.error?.code == .timeout, "\(String(describing: slow.error))")
        #expect(slow.error?.vastCode == 301)
        #expect(waited >= .milliseconds(550) && waited < .seconds(3), "waited \(waited)")
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
        let (result, waited) = await Self.timed { await Self.fetch(server, "/silent", timeout: .milliseconds(400)) }
        #expect(result.error?.code == .timeout)
        #expect(waited >= .milliseconds(350) && waited < .seconds(3), "waited \(waited)")
    }

    @Test("R15: an oversized body is stopped while reading, announced or not: limitExceeded, most of it never sent")
    func r15_oversizedBodyStoppedWhileReading() async throws {
        let server = try Self.server()
        defer { server.shutdown() }
        for path in ["/huge-unannounced", "/huge-announced"] {
            let (result, waited) = await Self.timed { await Self.fetch(server, path) }
            #expect(result.error?.code == .limitExceeded, "\(path): \(String(describing: result.error))")
            #expect(result.body == nil)
            #expect(waited < .seconds(3), "\(path) took \(waited)")
        }
        // The client hung up on the trickled body: the server could not push its 64 MiB (socket buffers hold a few
        // MiB at most). The announced one is refused from its head; over loopback the bytes already in flight
        // still drain (the fetcher keeps none of them), so only the error and the time are checked for it.
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

    @Test("R15: a wrapper hop to each faulty path fails its slot with VAST 301 or 100 within the hop timeout")
    func r15_wrapperHopsToFaults() async throws {
        let server = try Self.server()
        defer { server.shutdown() }
        let faults: [(String, Int)] = [
            ("/trickle-slow", 301), ("/reset-mid-body", 301), ("/truncated", 301), ("/redirect-loop", 301),
            ("/silent", 301), ("/huge-unannounced", 301), ("/html", 100),
        ]
        for (path, _) in faults {
            let wrapper =
                "<VAST version=\"4.2\"><Ad id=\"w\"><Wrapper><AdSystem>T</AdSystem><Impression>"
                + "http://127.0.0.1:9/imp</Impression><VASTAdTagURI><![CDATA[\(server.url(path).absoluteString)]]>"
                + "</VASTAdTagURI></Wrapper></Ad></VAST>"
            server.setRoute("/wrap\(path)", .init(headers: ["Content-Type": "text/xml"], body: Data(wrapper.utf8)))
        }
        var policy = WrapperResolutionPolicy()
        policy.addresses = .allowingPrivate  // R9: the server is on 127.0.0.1
        policy.hopTimeout = .milliseconds(800)
        let resolver = WrapperResolver(
            transport: Self.transport(), scheduler: LiveDriver(), providerID: "test", adUnitID: "u", policy: policy)
        for (path, code) in faults {
            let (resolution, waited) = await Self.timed { await resolver.resolve(url: server.url("/wrap\(path)")) }
            #expect(resolution.ads.isEmpty, "\(path)")
            #expect(resolution.failures.first?.vastCode == code, "\(path): \(resolution.failures)")
            #expect(waited < .seconds(4), "\(path) took \(waited)")
        }
    }
}
