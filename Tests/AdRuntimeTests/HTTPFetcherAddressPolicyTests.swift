import AdCore
import AdCreative
import AdEmbedded
import AdRuntime
import AdTestSupport
import AdVAST
import Foundation
import Testing

/// R9 on the fetch path, against a real loopback server: every redirect target and every URL from a response that
/// `HTTPResponseTransport` fetches meets the address policy before a byte is sent to it; a refusal is `refusedURL`
/// with VAST 301, as a wrapper hop written straight to the address gets from the state machine.
///
/// The server is on 127.0.0.1, so the first request of each test is the app's own URL (not checked) and what it
/// redirects to is what is judged.
@Suite("R9: redirects and URLs from a response meet the address policy", .serialized)
@MainActor
struct HTTPFetcherAddressPolicyTests {
    /// The body every test that gets through expects.
    static let inline = Data(
        """
        <VAST version="4.2"><Ad id="in"><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle>
        <Impression>https://t.example.test/imp</Impression><Creatives><Creative><Linear><Duration>00:00:05</Duration>
        <MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="1" height="1">https://c.example.test/a.mp4
        </MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>
        """.utf8)

    static func server() throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer(routes: ["/target": .init(headers: ["Content-Type": "text/xml"], body: inline)])
    }

    /// The error of a fetch, or `nil` when it returned a body.
    static func error(_ fetcher: HTTPFetcher, _ url: URL) async -> AdError? {
        do {
            _ = try await fetcher.get(url, timeout: .seconds(5))
            return nil
        } catch {
            return error
        }
    }

    /// A wrapper document whose hop is `uri`, with one error URL.
    static func wrapper(to uri: String) -> Data {
        Data(
            """
            <VAST version="4.2"><Ad id="w"><Wrapper><AdSystem>s</AdSystem><VASTAdTagURI>\(uri)</VASTAdTagURI>
            <Error>https://t.example.test/err?c=[ERRORCODE]</Error></Wrapper></Ad></VAST>
            """.utf8)
    }

    @Test(
        "R9: a redirect to a private address in any spelling is refused (refusedURL, VAST 301), never requested",
        arguments: [
            ("http://127.0.0.1:{port}/target", "loopback"), ("http://[::1]:{port}/target", "loopback"),
            ("http://[::ffff:127.0.0.1]:{port}/target", "loopback (127.0.0.1 as IPv4-mapped IPv6)"),
            ("http://[::127.0.0.1]:{port}/target", "loopback (127.0.0.1 as IPv4-compatible IPv6)"),
            ("http://[64:ff9b::127.0.0.1]:{port}/target", "loopback (127.0.0.1 as NAT64)"),
            ("http://2130706433:{port}/target", "loopback"), ("http://0x7f.1:{port}/target", "loopback"),
            ("http://127.0.0.1.:{port}/target", "loopback"), ("http://localhost:{port}/target", "loopback"),
            ("http://169.254.169.254/latest/meta-data/", "link-local"), ("http://10.0.0.1/target", "private"),
            ("/target", "loopback"),
        ])
    func r9_redirectToPrivateAddressRefused(location: String, kind: String) async throws {
        let server = try Self.server()
        defer { server.shutdown() }
        let target = location.replacingOccurrences(of: "{port}", with: "\(server.port)")
        server.setRoute("/go", .init(status: 302, headers: ["Location": target]))
        let error = await Self.error(HTTPFetcher(), server.url("/go"))
        #expect(error?.code == .refusedURL, "\(target): \(String(describing: error))")
        #expect(error?.vastCode == 301)
        let message = error?.message ?? ""
        #expect(message.contains("'\(server.url("/go").absoluteString)' redirected to"), "\(message)")
        #expect(message.contains(target.hasPrefix("/") ? server.url(target).absoluteString : target), "\(message)")
        #expect(message.contains("points at a \(kind) address"), "\(message)")
        #expect(error?.hint?.contains("HTTPFetcher(addresses: .allowingPrivate)") == true)
        // The session was told not to follow: the loopback server never got the target.
        #expect(server.requests == ["GET /go"])
        // Allowed by the option, the same redirect is followed when it reaches this server.
        if target.contains("127.0.0.1:\(server.port)") || target.hasPrefix("/") {
            let body = try await HTTPFetcher(addresses: .allowingPrivate).get(server.url("/go"), timeout: .seconds(5))
            #expect(body == Self.inline)
            #expect(server.requests == ["GET /go", "GET /go", "GET /target"])
        }
    }

    @Test("R9: a redirect chain is judged hop by hop: refused at the first private target, followed when allowed")
    func r9_redirectChainJudgedAtEveryHop() async throws {
        let server = try Self.server()
        defer { server.shutdown() }
        server.setRoute("/1", .init(status: 302, headers: ["Location": "/2"]))
        server.setRoute("/2", .init(status: 307, headers: ["Location": server.url("/3").absoluteString]))
        server.setRoute("/3", .init(status: 301, headers: ["Location": server.url("/target").absoluteString]))
        // The app's own URL (/1) is fetched; its redirect to /2, on 127.0.0.1, is the first URL from a response.
        let refused = await Self.error(HTTPFetcher(), server.url("/1"))
        #expect(refused?.code == .refusedURL)
        #expect(refused?.vastCode == 301)
        #expect(refused?.message.contains("redirected to '\(server.url("/2").absoluteString)'") == true)
        #expect(server.requests == ["GET /1"])
        // Allowed, the whole chain is followed, each hop a request of its own.
        let body = try await HTTPFetcher(addresses: .allowingPrivate).get(server.url("/1"), timeout: .seconds(5))
        #expect(body == Self.inline)
        #expect(server.requests == ["GET /1", "GET /1", "GET /2", "GET /3", "GET /target"])
        // The redirect cap still holds with private addresses allowed: 3 redirects are one too many for 2.
        let capped = await Self.error(HTTPFetcher(maxRedirects: 2, addresses: .allowingPrivate), server.url("/1"))
        #expect(capped?.code == .network)
        #expect(capped?.message.contains("More than 2 redirects") == true)
        #expect(server.requests.suffix(3) == ["GET /1", "GET /2", "GET /3"])
    }

    @Test("R9: a redirect to a refused scheme is refusedURL with VAST 301 too, and names both URLs")
    func r9_redirectToRefusedScheme() async throws {
        let server = try Self.server()
        defer { server.shutdown() }
        server.setRoute("/go", .init(status: 302, headers: ["Location": "ftp://ads.example.test/x"]))
        let error = await Self.error(HTTPFetcher(addresses: .allowingPrivate), server.url("/go"))
        #expect(error?.code == .refusedURL)
        #expect(error?.vastCode == 301)
        #expect(
            error?.message.contains("redirected to 'ftp://ads.example.test/x'") == true, "\(String(describing: error))")
        #expect(server.requests == ["GET /go"])
    }

    @Test("R9: HTTPResponseTransport checks an explicit URL before fetching it; the endpoint is not, its redirect is")
    func r9_transportChecksURLsFromResponses() async throws {
        let server = try Self.server()
        defer { server.shutdown() }
        server.setRoute("/ep/to-target", .init(status: 302, headers: ["Location": "/target"]))
        let endpoints: [ProviderID: String] = ["p": server.url("/ep/{adUnit}").absoluteString]
        let transport = HTTPResponseTransport(endpoints: endpoints)
        // An explicit URL (a wrapper hop, an image) came from a response: refused before any request.
        let explicit = TransportRequest(providerID: "p", adUnitID: "u", url: server.url("/target").absoluteString)
        let hop = await Self.fetchError(transport, explicit)
        #expect(hop?.code == .refusedURL)
        #expect(hop?.vastCode == 301)
        #expect(hop?.providerID == "p")
        #expect(hop?.message.contains("points at a loopback address (127.0.0.1)") == true)
        #expect(server.requests.isEmpty)
        // The endpoint is the app's own URL: fetched; a redirect from it came from a response: refused.
        let redirected = await Self.fetchError(transport, TransportRequest(providerID: "p", adUnitID: "to-target"))
        #expect(redirected?.code == .refusedURL)
        #expect(redirected?.vastCode == 301)
        #expect(redirected?.providerID == "p")
        #expect(server.requests == ["GET /ep/to-target"])
        // With the option both are fetched.
        let allowing = HTTPResponseTransport(endpoints: endpoints, fetcher: HTTPFetcher(addresses: .allowingPrivate))
        #expect(try await allowing.fetch(explicit).body == [UInt8](Self.inline))
        #expect(try await allowing.fetch(TransportRequest(providerID: "p", adUnitID: "to-target")).body.count > 0)
        #expect(server.requests == ["GET /ep/to-target", "GET /target", "GET /ep/to-target", "GET /target"])
    }

    static func fetchError(_ transport: any ResponseTransport, _ request: TransportRequest) async -> AdError? {
        do {
            _ = try await transport.fetch(request)
            return nil
        } catch {
            return error
        }
    }

    /// Fetches every hop as the app's own URL (the provider's endpoint, not checked), so that only what the hop
    /// redirects to meets the fetcher's address policy: how a hop on a public host that redirects to a private one
    /// is built on a loopback server.
    struct OwnURLTransport: ResponseTransport {
        let fetcher: HTTPFetcher

        func fetch(_ request: TransportRequest) async throws(AdError) -> TransportResponse {
            var own = request
            own.url = nil
            let endpoint = HTTPResponseTransport(endpoints: [request.providerID: request.url ?? ""], fetcher: fetcher)
            return try await endpoint.fetch(own)
        }
    }

    @Test("R9: a wrapper hop that redirects to loopback ends like a hop written to loopback: refusedURL, VAST 301")
    func r9_redirectedHopFailsLikeDirectHop() async throws {
        let server = try Self.server()
        defer { server.shutdown() }
        let target = server.url("/target").absoluteString
        server.setRoute("/go", .init(status: 302, headers: ["Location": target]))
        let toTarget = try VASTParser().parse(Self.wrapper(to: target))
        let toRedirect = try VASTParser().parse(Self.wrapper(to: server.url("/go").absoluteString))
        // On virtual time that nothing moves: no hop timeout can fire, only the refusals end the hops.
        // Written straight in the wrapper: the state machine refuses the hop.
        let direct = await WrapperResolver(
            transport: HTTPResponseTransport(endpoints: [:]), scheduler: VirtualTimeDriver(), providerID: "test",
            adUnitID: "u"
        ).resolve(toTarget)
        // Behind a redirect: the machine lets the hop through (every URL here is on 127.0.0.1), the fetcher refuses
        // where it redirects to.
        var allowing = WrapperResolutionPolicy()
        allowing.addresses = .allowingPrivate
        let redirected = await WrapperResolver(
            transport: OwnURLTransport(fetcher: HTTPFetcher(clock: ManualClock())), scheduler: VirtualTimeDriver(),
            providerID: "test", adUnitID: "u", policy: allowing
        ).resolve(toRedirect)
        // Through the real transport, the hop itself is refused before it is fetched: the same again.
        let explicit = await WrapperResolver(
            transport: HTTPResponseTransport(endpoints: [:]), scheduler: VirtualTimeDriver(), providerID: "test",
            adUnitID: "u", policy: allowing
        ).resolve(toRedirect)
        let failures = [direct, redirected, explicit].map { $0.failures.first }
        for (name, failure) in zip(["direct", "redirected", "explicit"], failures) {
            #expect(failure?.error.kind == .refusedURL, "\(name): \(String(describing: failure))")
            #expect(failure?.vastCode == 301, "\(name)")
            #expect(failure?.errorURLs == ["https://t.example.test/err?c=[ERRORCODE]"], "\(name)")
            #expect(failure?.error.hint?.contains(".allowingPrivate") == true, "\(name)")
        }
        #expect(direct.ads.isEmpty && redirected.ads.isEmpty && explicit.ads.isEmpty)
        #expect(redirected.failures.first?.error.message.contains("redirected to '\(target)'") == true)
        #expect(server.requests == ["GET /go"])
    }
}
