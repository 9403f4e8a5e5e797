import AdCore
import AdCreative
import AdEmbedded
import AdRuntime
import AdTestSupport
import AdVAST
import Foundation
import Testing

@Suite("HTTPFetcher against a real loopback HTTP server", .serialized)
@MainActor
struct HTTPFetcherTests {
    static func fixture(_ path: String) throws -> Data {
        try Data(contentsOf: FixturePaths.fixtures.appendingPathComponent("vast").appendingPathComponent(path))
    }

    /// AdCore's one wrapper driver over the HTTP transport, private addresses allowed by both the state machine and
    /// the fetcher (R9: the server is on 127.0.0.1). The hop timeouts (the resolver's race and the fetcher's deadline)
    /// are on `driver`'s virtual time, which moves only when a test moves it: a busy machine cannot time a hop out.
    static func resolver(
        policy: WrapperResolutionPolicy = WrapperResolutionPolicy(), driver: VirtualTimeDriver = VirtualTimeDriver()
    ) -> WrapperResolver {
        var policy = policy
        policy.addresses = .allowingPrivate
        let fetcher = HTTPFetcher(clock: driver.clock, addresses: .allowingPrivate)
        return WrapperResolver(
            transport: HTTPResponseTransport(endpoints: [:], fetcher: fetcher), scheduler: driver, providerID: "test",
            adUnitID: "test", policy: policy)
    }

    static func server() throws -> LoopbackHTTPServer {
        var routes: [String: LoopbackHTTPServer.Response] = [:]
        for path in ["chain/hop1.xml", "chain/hop2.xml", "chain/hop3.xml", "loop/a.xml", "loop/b.xml"] {
            routes["/" + path] = .init(headers: ["Content-Type": "application/xml"], body: try fixture(path))
        }
        // Answers after an hour: only a deadline ends a request for it.
        routes["/slow.xml"] = .init(body: try fixture("chain/hop3.xml"), delay: .seconds(3_600))
        routes["/redirect-loop"] = .init(status: 302, headers: ["Location": "/redirect-loop"])
        routes["/redirect-file"] = .init(status: 302, headers: ["Location": "file:///etc/passwd"])
        var generator = SeededRandom(seed: 7)
        routes["/garbage"] = .init(body: Data((0..<2048).map { _ in UInt8.random(in: 0...255, using: &generator) }))
        routes["/big"] = .init(body: Data(repeating: 0x41, count: 4096))
        return try LoopbackHTTPServer(routes: routes)
    }

    static func error(_ body: () async throws(AdError) -> Data) async -> AdError? {
        do {
            _ = try await body()
            return nil
        } catch {
            return error
        }
    }

    @Test("The server listens on 127.0.0.1 with an ephemeral port and logs requests")
    func loopbackOnly() async throws {
        let server = try Self.server()
        defer { server.shutdown() }
        #expect(server.port > 0)
        #expect(server.url("/x").host == "127.0.0.1")
        let data = try await HTTPFetcher().get(server.url("/chain/hop3.xml?x=1"), timeout: .seconds(5))
        #expect(try VASTParser().parse(data).ads.first?.id == "hop3")
        #expect(server.requests == ["GET /chain/hop3.xml?x=1"])
    }

    @Test("A 3-hop chain resolves over HTTP, relative URIs against each hop's URL")
    func threeHops() async throws {
        let server = try Self.server()
        defer { server.shutdown() }
        let resolver = Self.resolver()
        let resolution = await resolver.resolve(url: server.url("/chain/hop1.xml"))
        #expect(resolution.failures.isEmpty)
        #expect(
            resolution.ads.first?.chain
                == ["/chain/hop1.xml", "/chain/hop2.xml", "/chain/hop3.xml"].map { server.url($0).absoluteString })
        #expect(resolution.ads.first?.ad.impressions.count == 3)
    }

    @Test("A slow hop times out at its deadline on the fetcher's clock (.timeout), and in the resolver (301)")
    func slowHop() async throws {
        let server = try Self.server()
        defer { server.shutdown() }
        // The fetcher's clock moves only when the test moves it, and the answer never comes: the deadline alone can
        // end the request. (URLSession's own timeout, the backstop, is 31 s of real time away.)
        let clock = ManualClock()
        let fetch = Task {
            await Self.error { () async throws(AdError) -> Data in
                try await HTTPFetcher(clock: clock).get(server.url("/slow.xml"), timeout: .seconds(30))
            }
        }
        try #require(await HangGuard.waitUntil { server.requestCount == 1 && clock.sleeperCount == 1 })
        clock.advance(by: .seconds(30) - .milliseconds(1))
        #expect(clock.sleeperCount == 1, "the deadline fell before 30 s")
        clock.advance(by: .milliseconds(1))
        #expect(clock.sleeperCount == 0, "the deadline did not fall at 30 s")
        let error = await fetch.value
        #expect(error?.code == .timeout, "\(String(describing: error))")
        #expect(error?.vastCode == 301)
        #expect(error?.message.contains("did not answer within 30.0 seconds") == true, "\(String(describing: error))")
        // Through the resolver, on virtual time: the hop ends at the hop timeout with 301.
        let driver = VirtualTimeDriver()
        var policy = WrapperResolutionPolicy()
        policy.hopTimeout = .seconds(2)
        let resolving = Task {
            await Self.resolver(policy: policy, driver: driver).resolve(url: server.url("/slow.xml"))
        }
        try #require(await HangGuard.waitUntil { server.requestCount == 2 })
        driver.advance(by: .seconds(2))
        let resolution = await resolving.value
        #expect(resolution.failures.first?.vastCode == 301)
        #expect(resolution.failures.first?.error.kind == .timeout)
        #expect(driver.now == AdInstant(sinceEpoch: .seconds(2)))
    }

    @Test("A 404 is a .network error carrying the status")
    func notFound() async throws {
        let server = try Self.server()
        defer { server.shutdown() }
        let error = await Self.error { () async throws(AdError) -> Data in
            try await HTTPFetcher().get(server.url("/missing.xml"), timeout: .seconds(5))
        }
        #expect(error?.code == .network)
        #expect(error?.providerCode == 404)
        let resolution = await Self.resolver()
            .resolve(url: server.url("/missing.xml"))
        #expect(resolution.error?.vastCode == 301)
    }

    @Test("A redirect loop is cut off as a .network error; a redirect to file: is refused")
    func redirects() async throws {
        let server = try Self.server()
        defer { server.shutdown() }
        let loop = await Self.error { () async throws(AdError) -> Data in
            // R9: the loop redirects to 127.0.0.1, which the default policy refuses at the first redirect.
            try await HTTPFetcher(addresses: .allowingPrivate).get(server.url("/redirect-loop"), timeout: .seconds(5))
        }
        #expect(loop?.code == .network)
        #expect(loop?.message.contains("More than 5 redirects") == true, "\(String(describing: loop))")
        #expect(server.requests == Array(repeating: "GET /redirect-loop", count: 6))
        // FoundationNetworking reads a Location without a host (file:///etc/passwd) as a path on the same host, so
        // on Linux this is a redirect to http://127.0.0.1:<port>/etc/passwd, refused by the address policy (it was
        // followed, to a 404, before redirects met it); Darwin refuses the file: scheme. Either way: refusedURL.
        let file = await Self.error { () async throws(AdError) -> Data in
            try await HTTPFetcher().get(server.url("/redirect-file"), timeout: .seconds(5))
        }
        #expect(file?.code == .refusedURL, "\(String(describing: file))")
        #expect(file?.vastCode == 301)
        #expect(file?.message.contains("root:") == false)
        #expect(server.requests.last == "GET /redirect-file")
    }

    @Test("A wrapper loop over HTTP fails with 302")
    func wrapperLoop() async throws {
        let server = try Self.server()
        defer { server.shutdown() }
        let resolution = await Self.resolver()
            .resolve(url: server.url("/loop/a.xml"))
        #expect(resolution.failures.first?.vastCode == 302)
        #expect(server.requests == ["GET /loop/a.xml", "GET /loop/b.xml"])
    }

    @Test("Garbage bytes are fetched, then fail to parse with 100")
    func garbage() async throws {
        let server = try Self.server()
        defer { server.shutdown() }
        let resolution = await Self.resolver()
            .resolve(url: server.url("/garbage"))
        #expect(resolution.failures.first?.vastCode == 100)
    }

    @Test("The body is capped; non-http schemes are refused without any request")
    func capsAndSchemes() async throws {
        let server = try Self.server()
        defer { server.shutdown() }
        let big = await Self.error { () async throws(AdError) -> Data in
            try await HTTPFetcher(maxBodyBytes: 1000).get(server.url("/big"), timeout: .seconds(5))
        }
        #expect(big?.code == .limitExceeded)
        for refused in ["file:///etc/passwd", "ftp://127.0.0.1/x", "data:text/plain,hi"] {
            let error = await Self.error { () async throws(AdError) -> Data in
                try await HTTPFetcher().get(URL(string: refused)!, timeout: .seconds(1))
            }
            #expect(error?.code == .refusedURL, "\(refused)")
        }
        #expect(server.requests == ["GET /big"])
    }

    @Test("After shutdown the port refuses connections")
    func shutdownIsClean() async throws {
        let server = try Self.server()
        let url = server.url("/chain/hop3.xml")
        server.shutdown()
        let error = await Self.error { () async throws(AdError) -> Data in
            try await HTTPFetcher().get(url, timeout: .seconds(2))
        }
        #expect(error?.code == .network)
    }
}
