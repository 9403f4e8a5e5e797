import AdCore
import AdEmbedded
import AdTestSupport
import Foundation
import Testing

@testable import AdRuntime

/// R15's mitigation of the FoundationNetworking teardown race (Docs/Reliability.md, R15): an `HTTPFetcher` keeps
/// one `URLSession` for its life, shared by its copies, with one delegate whose per-task table empties as requests
/// end, whatever their outcome; dropping the fetcher invalidates the session.
@Suite("R15: one URLSession per HTTPFetcher, against a real loopback server", .serialized)
@MainActor
struct HTTPFetcherSessionTests {
    static let body = Data(String(repeating: "<!-- ad -->", count: 100).utf8)

    static func server(keepAlive: Bool = false) throws -> LoopbackHTTPServer {
        var routes: [String: LoopbackHTTPServer.Response] = [
            "/whole": .init(headers: ["Content-Type": "text/xml"], body: body),
            "/big": .init(body: Data(repeating: 0x41, count: 4096)),
            "/redirect-loop": .init(status: 302, headers: ["Location": "/redirect-loop"]),
            "/redirect-ftp": .init(status: 302, headers: ["Location": "ftp://127.0.0.1/x"]),
            "/reset-mid-body": .init(body: body, delivery: .resetAfter(bytes: 300)),
            "/truncated": .init(body: body, delivery: .closeAfter(bytes: 300)),
            "/silent": .silent,
            "/late": .init(body: body, delay: .milliseconds(2_500)),
        ]
        for index in 0..<24 { routes["/n/\(index)"] = .init(body: Data("body \(index)".utf8)) }
        return try LoopbackHTTPServer(routes: routes, keepAlive: keepAlive)
    }

    /// The error of a fetch, or `nil` with its body.
    static func outcome(_ fetcher: HTTPFetcher, _ url: URL, timeout: Duration = .seconds(5)) async -> (
        error: AdError?, body: Data?
    ) {
        do {
            return (nil, try await fetcher.get(url, timeout: timeout))
        } catch {
            return (error, nil)
        }
    }

    @Test("R15: a fetcher and its copies share one session, created by the first request, and reuse connections")
    func r15_oneSessionSharedByCopies() async throws {
        let server = try Self.server(keepAlive: true)
        defer { server.shutdown() }
        let fetcher = HTTPFetcher()
        var capped = fetcher
        capped.maxBodyBytes = 1000
        capped.headers = ["User-Agent": "AdBridgeTests/1.0"]
        #expect(capped.session === fetcher.session)
        #expect(!fetcher.session.isStarted)
        for _ in 0..<10 {
            #expect(await Self.outcome(fetcher, server.url("/whole")).body == Self.body)
            #expect(await Self.outcome(capped, server.url("/whole")).error?.code == .limitExceeded)
        }
        // Each copy keeps its own caps over the shared session.
        #expect(await Self.outcome(fetcher, server.url("/big")).body?.count == 4096)
        #expect(await Self.outcome(capped, server.url("/big")).error?.code == .limitExceeded)
        #expect(fetcher.session.isStarted)
        #expect(server.requestCount == 22)
        // A session per request opened a connection per request (22). One session reuses its kept-alive
        // connection: at most one more after each of the 11 refused bodies, if the client hangs up on it.
        #expect(server.connectionCount <= 12, "\(server.connectionCount) connections")
        #expect(fetcher.pendingCount == 0)
    }

    @Test("R15: the per-task table is empty after each of 45 requests, whatever their outcome")
    func r15_tableEmptiesAfterEveryOutcome() async throws {
        let server = try Self.server()
        defer { server.shutdown() }
        let fetcher = HTTPFetcher(addresses: .allowingPrivate)  // R9: /redirect-loop redirects to 127.0.0.1
        var capped = fetcher
        capped.maxBodyBytes = 1000
        let cases: [(HTTPFetcher, String, Duration, AdError.Code?)] = [
            (fetcher, "/whole", .seconds(5), nil),
            (fetcher, "/missing", .seconds(5), .network),
            (fetcher, "/redirect-loop", .seconds(5), .network),
            (fetcher, "/redirect-ftp", .seconds(5), .refusedURL),
            (capped, "/big", .seconds(5), .limitExceeded),
            (fetcher, "/reset-mid-body", .seconds(5), .network),
            (fetcher, "/truncated", .seconds(5), .network),
            (fetcher, "/silent", .milliseconds(200), .timeout),
            (fetcher, "/n/1", .seconds(5), nil),
        ]
        var requests = 0
        for _ in 0..<5 {
            for (client, path, timeout, code) in cases {
                let result = await Self.outcome(client, server.url(path), timeout: timeout)
                requests += 1
                #expect(result.error?.code == code, "\(path): \(String(describing: result.error))")
                #expect(fetcher.pendingCount == 0, "\(path) left \(fetcher.pendingCount) entries")
            }
        }
        #expect(requests == 45)
        #expect(fetcher.pendingCount == 0)
    }

    @Test("R15: each request keeps its own timeout; the session's own timeouts cut none short")
    func r15_timeoutsArePerRequest() async throws {
        let server = try Self.server()
        defer { server.shutdown() }
        let fetcher = HTTPFetcher()
        // The first request's backstop is 2 s (500 ms rounded up, plus 1); the second's answer comes after 2.5 s.
        #expect(await Self.outcome(fetcher, server.url("/whole"), timeout: .milliseconds(500)).body == Self.body)
        #expect(await Self.outcome(fetcher, server.url("/late"), timeout: .seconds(10)).body == Self.body)
        let late = await Self.outcome(fetcher, server.url("/late"), timeout: .milliseconds(500))
        #expect(late.error?.code == .timeout)
        #expect(late.error?.vastCode == 301)
        #expect(fetcher.pendingCount == 0)
    }

    @Test("R15: 24 concurrent requests over one session each get their own body; the table empties")
    func r15_concurrentRequestsKeepTheirOwnExchange() async throws {
        let server = try Self.server()
        defer { server.shutdown() }
        let fetcher = HTTPFetcher()
        let bodies = await withTaskGroup(of: (Int, Data?).self) { group in
            for index in 0..<24 {
                let url = server.url("/n/\(index)")
                group.addTask { (index, try? await fetcher.get(url, timeout: .seconds(10))) }
            }
            var bodies: [Int: Data] = [:]
            for await (index, body) in group { bodies[index] = body }
            return bodies
        }
        #expect(bodies.count == 24)
        for index in 0..<24 {
            #expect(bodies[index] == Data("body \(index)".utf8), "request \(index)")
        }
        #expect(fetcher.pendingCount == 0)
    }

    @Test(
        "R15: a cancelled fetch ends as .cancelled, before or during its exchange, and leaves no entry",
        .timeLimit(.minutes(1)))
    func r15_cancellation() async throws {
        let server = try Self.server()
        defer { server.shutdown() }
        // A day-long timeout on a clock that never moves, against a server that never answers: only the
        // cancellation can end the fetch, so it ending at all (within the time limit, a hang guard) is the proof.
        let fetcher = HTTPFetcher(clock: ManualClock())
        let url = server.url("/silent")
        let running = Task { await Self.outcome(fetcher, url, timeout: .seconds(86_400)).error }
        #expect(await HangGuard.waitUntil { server.requestCount == 1 })
        running.cancel()
        #expect(await running.value?.code == .cancelled)
        #expect(fetcher.pendingCount == 0)
        // Cancelled before it starts: answered at once, no request sent.
        let early = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await Self.outcome(fetcher, url, timeout: .seconds(86_400)).error
        }
        #expect(await early.value?.code == .cancelled)
        #expect(server.requestCount == 1)
        #expect(fetcher.pendingCount == 0)
    }

    @Test("R15: dropping the last copy of a fetcher invalidates its session; a fetcher that never fetched has none")
    func r15_droppedFetcherInvalidatesItsSession() async throws {
        let server = try Self.server()
        defer { server.shutdown() }
        var owners: [() -> AnyObject?] = []
        var delegates: [() -> AnyObject?] = []
        for index in 0..<20 {
            let fetcher = HTTPFetcher()
            #expect(await Self.outcome(fetcher, server.url("/n/\(index)")).body == Data("body \(index)".utf8))
            owners.append { [weak owner = fetcher.session] in owner }
            delegates.append { [weak delegate = fetcher.session.sessionDelegate] in delegate }
        }
        // The owners go with the fetchers; URLSession keeps its delegate until the invalidation is done.
        #expect(owners.allSatisfy { $0() == nil })
        #expect(await HangGuard.waitUntil { delegates.allSatisfy { $0() == nil } })
        let idle = HTTPFetcher()
        #expect(await Self.outcome(idle, URL(fileURLWithPath: "/etc/passwd")).error?.code == .refusedURL)
        #expect(!idle.session.isStarted)
    }
}
