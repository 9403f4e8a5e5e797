import AdCore
import AdCreative
import AdRuntime
import AdTestSupport
import Foundation
import Testing

/// R9 for host names: `HTTPFetcher` resolves a name from a response (a redirect target, a URL the transport
/// fetches for a response) through its injected resolver and refuses it when any answer is non-public, before a
/// byte is sent.
@Suite("R9: host names from a response are judged by their DNS answers", .serialized)
@MainActor
struct HostResolverTests {
    static func error(_ fetcher: HTTPFetcher, _ url: URL, timeout: Duration = .seconds(5)) async -> AdError? {
        do {
            _ = try await fetcher.get(url, timeout: timeout)
            return nil
        } catch {
            return error
        }
    }

    @Test(
        "R9: a redirect to a name with any private DNS answer is refused (refusedURL, VAST 301), never requested",
        arguments: [
            (["127.0.0.1"], "127.0.0.1", "loopback"), (["10.0.0.1"], "10.0.0.1", "private"),
            (["8.8.8.8", "192.168.1.1"], "192.168.1.1", "private"), (["::1"], "::1", "loopback"),
            (["2001:4860::8888", "fe80::1"], "fe80::1", "link-local"),
            (["64:ff9b::a9fe:a9fe"], "64:ff9b::a9fe:a9fe", "link-local (169.254.169.254 as NAT64)"),
            (["169.254.169.254"], "169.254.169.254", "link-local"),
        ])
    func r9_redirectToNameResolvingPrivateRefused(answers: [String], refused: String, kind: String) async throws {
        let server = try LoopbackHTTPServer(routes: [:])
        defer { server.shutdown() }
        let target = "http://rebind.example.test:\(server.port)/target"
        server.setRoute("/go", .init(status: 302, headers: ["Location": target]))
        let resolver = TableResolver(["rebind.example.test": answers])
        let error = await Self.error(HTTPFetcher(resolver: resolver), server.url("/go"))
        #expect(error?.code == .refusedURL, "\(String(describing: error))")
        #expect(error?.vastCode == 301)
        let message = error?.message ?? ""
        #expect(message.contains("redirected to '\(target)'"), "\(message)")
        #expect(message.contains("rebind.example.test, whose DNS answer \(refused) is a \(kind) address"), "\(message)")
        #expect(error?.hint?.contains("HTTPFetcher(addresses: .allowingPrivate)") == true)
        #expect(resolver.questions == ["rebind.example.test"])
        #expect(server.requests == ["GET /go"])
    }

    @Test("R9: HTTPResponseTransport refuses an explicit URL whose name resolves to a private address, unfetched")
    func r9_transportRefusesNameResolvingPrivate() async throws {
        let resolver = TableResolver(["metadata.example.test": ["169.254.169.254"]])
        let transport = HTTPResponseTransport(endpoints: [:], fetcher: HTTPFetcher(resolver: resolver))
        let request = TransportRequest(
            providerID: "p", adUnitID: "u", url: "http://metadata.example.test/latest/meta-data/")
        do {
            _ = try await transport.fetch(request)
            Issue.record("fetched")
        } catch {
            #expect(error.code == .refusedURL)
            #expect(error.vastCode == 301)
            #expect(error.providerID == "p")
            #expect(error.message.contains("whose DNS answer 169.254.169.254 is a link-local address"))
        }
        #expect(resolver.questions == ["metadata.example.test"])
    }

    @Test("R9: a name with only public answers, or none, goes on to the connection; the refusal is not made up")
    func r9_publicOrUnresolvedNamePasses() async throws {
        let server = try LoopbackHTTPServer(routes: [:])
        defer { server.shutdown() }
        server.setRoute("/public", .init(status: 302, headers: ["Location": "http://public.example.invalid/x"]))
        server.setRoute("/unknown", .init(status: 302, headers: ["Location": "http://unknown.example.invalid/x"]))
        let resolver = TableResolver(["public.example.invalid": ["8.8.8.8", "2001:4860::8888", "64:ff9b::808:808"]])
        let fetcher = HTTPFetcher(resolver: resolver)
        // The connection resolves the name by itself (it is not a real one): whatever it fails with, not R9.
        for path in ["/public", "/unknown"] {
            let error = await Self.error(fetcher, server.url(path), timeout: .seconds(3))
            #expect(error != nil, "\(path)")
            #expect(error?.code != .refusedURL, "\(path): \(String(describing: error))")
        }
        #expect(resolver.questions == ["public.example.invalid", "unknown.example.invalid"])
    }

    @Test("R9: the resolver is not asked with private addresses allowed, for a private literal, or when there is none")
    func r9_resolverAskedOnlyForNames() async throws {
        let server = try LoopbackHTTPServer(routes: ["/target": .init(body: Data("<VAST/>".utf8))])
        defer { server.shutdown() }
        server.setRoute("/to-literal", .init(status: 302, headers: ["Location": server.url("/target").absoluteString]))
        server.setRoute("/to-v6", .init(status: 302, headers: ["Location": "http://[2001:db8::1]/x"]))
        server.setRoute("/to-name", .init(status: 302, headers: ["Location": "http://rebind.example.test/x"]))
        let resolver = TableResolver(["rebind.example.test": ["127.0.0.1"]])
        // A private literal is refused as what it is, without a lookup.
        let literal = await Self.error(HTTPFetcher(resolver: resolver), server.url("/to-literal"))
        #expect(literal?.code == .refusedURL)
        #expect(literal?.message.contains("points at a loopback address (127.0.0.1)") == true)
        // Private addresses allowed: nothing to look up, the redirect is followed.
        let allowing = HTTPFetcher(addresses: .allowingPrivate, resolver: resolver)
        #expect(try await allowing.get(server.url("/to-literal"), timeout: .seconds(5)) == Data("<VAST/>".utf8))
        _ = await Self.error(allowing, server.url("/to-name"), timeout: .seconds(2))
        // An IPv6 literal is judged as a literal; a public one goes on to the connection unasked.
        let v6 = await Self.error(HTTPFetcher(resolver: resolver), server.url("/to-v6"), timeout: .seconds(2))
        #expect(v6?.code != .refusedURL)
        #expect(resolver.questions.isEmpty)
        // No resolver: a name is judged as a name (only localhost is refused by name).
        let unresolved = await Self.error(HTTPFetcher(resolver: nil), server.url("/to-name"), timeout: .seconds(2))
        #expect(unresolved?.code != .refusedURL, "\(String(describing: unresolved))")
        #expect(resolver.questions.isEmpty)
    }

    @Test("R9: the system resolver answers from the hosts file and numeric forms, and a cancelled caller at once")
    func r9_systemResolver() async throws {
        let resolver = SystemHostResolver()
        let localhost = await resolver.addresses(of: "localhost")
        #expect(!localhost.isEmpty)
        #expect(localhost.allSatisfy { VASTAddressPolicy.privateKind(ofHost: $0) == "loopback" }, "\(localhost)")
        // getaddrinfo reads IPv4 the way inet_aton does: the answer is the address in dotted form.
        #expect(await resolver.addresses(of: "127.1") == ["127.0.0.1"])
        #expect(await resolver.addresses(of: "2130706433") == ["127.0.0.1"])
        let cancelled = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await resolver.addresses(of: "localhost")
        }
        #expect(await cancelled.value.isEmpty)
    }
}
