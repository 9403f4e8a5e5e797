import AdCore
import AdEmbedded
import AdRuntime
import AdTestSupport
import Foundation
import Synchronization
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Which failures a beacon queue retries and how long it waits (rule R13).
@Suite("Beacon queue: retries and backoff")
struct BeaconRetryTests {
    /// Short backoffs; a timeout long enough that no attempt times out on a loaded machine.
    private let fast = BeaconQueueConfiguration(
        backoff: BeaconBackoff(initial: .milliseconds(20), maximum: .milliseconds(160), jitter: 0.5),
        timeout: .seconds(20), addresses: .allowingPrivate)  // R9: the server is on 127.0.0.1

    @Test("R13: a 503 is retried with backoff until delivered; a 404 is not retried and counts as failed")
    func r13_serverErrorsRetriedClientErrorsNot() async throws {
        let server = try LoopbackHTTPServer(routes: ["/gone": .init(status: 404)])
        defer { server.shutdown() }
        server.script("/flaky", [.init(status: 503), .init(status: 503), .init(status: 500), .init(status: 204)])
        let store = try temporaryStore()
        defer { try? FileManager.default.removeItem(at: store.deletingLastPathComponent()) }
        let queue = BeaconQueue(store: store, configuration: fast)
        queue.send(Beacon(kind: .impression, url: server.url("/flaky").absoluteString))
        queue.send(Beacon(kind: .click, url: server.url("/gone").absoluteString))
        try await eventually { queue.statistics.delivered == 1 && queue.statistics.failed == 1 }
        let statistics = queue.statistics
        #expect(statistics.delivered == 1)
        #expect(statistics.failed == 1)
        #expect(statistics.retried == 3)
        #expect(statistics.pending == 0)
        #expect(server.requests.filter { $0 == "GET /flaky" }.count == 4)
        #expect(server.requests.filter { $0 == "GET /gone" }.count == 1)
        // How long each retry waits is proved on the injected clock (r13_retryWaitsForBackoffOnInjectedClock), not
        // on this live one: no test asserts a real duration (Docs/Testing.md).
        await queue.close()
    }

    @Test("R13: 408 and 429 are retried (the server asks to come back), 400, 401, 403 and 410 are not")
    func r13_retryableClientStatuses() async throws {
        let server = try LoopbackHTTPServer(routes: [:])
        defer { server.shutdown() }
        for status in [408, 429] { server.script("/s\(status)", [.init(status: status), .init(status: 204)]) }
        for status in [400, 401, 403, 410] { server.script("/s\(status)", [.init(status: status)]) }
        let queue = BeaconQueue(store: nil, configuration: fast)
        for status in [408, 429, 400, 401, 403, 410] {
            queue.send(Beacon(kind: .impression, url: server.url("/s\(status)").absoluteString))
        }
        try await eventually { queue.statistics.delivered + queue.statistics.failed == 6 }
        #expect(queue.statistics.delivered == 2)
        #expect(queue.statistics.failed == 4)
        #expect(queue.statistics.retried == 2)
        #expect(server.requestCount == 8)
        await queue.close()
    }

    @Test("R13: a reset connection and a request that times out are retried and then delivered")
    func r13_resetsAndTimeoutsRetried() async throws {
        let server = try LoopbackHTTPServer(routes: [:])
        defer { server.shutdown() }
        server.script("/reset", [.reset, .init(status: 204)])
        // The first answer never comes (an hour, past any hang guard): only the attempt's timeout can end it.
        server.script("/slow", [.init(status: 204, delay: .seconds(3_600)), .init(status: 204)])
        let resetting = BeaconQueue(store: nil, configuration: fast)
        var impatient = fast
        impatient.timeout = .milliseconds(300)
        let timingOut = BeaconQueue(store: nil, configuration: impatient)
        resetting.send(Beacon(kind: .impression, url: server.url("/reset").absoluteString))
        timingOut.send(Beacon(kind: .impression, url: server.url("/slow").absoluteString))
        try await eventually { resetting.statistics.delivered == 1 && timingOut.statistics.delivered == 1 }
        #expect(resetting.statistics.delivered == 1)
        #expect(resetting.statistics.retried == 1)
        #expect(server.requests.filter { $0 == "GET /reset" }.count == 2)
        #expect(timingOut.statistics.delivered == 1)
        #expect(timingOut.statistics.retried >= 1)
        #expect(timingOut.statistics.lastError?.code == .timeout)
        #expect(timingOut.statistics.failed + resetting.statistics.failed == 0)
        // The slow answer was abandoned at the timeout, then asked again: a queue that awaited it sent one.
        #expect(server.requests.filter { $0 == "GET /slow" }.count >= 2)
        await resetting.close()
        await timingOut.close()
    }

    @Test("R13: a refused connection (nothing listening) is retried, never counted as failed")
    func r13_refusedConnectionRetried() async throws {
        let closed = try LoopbackHTTPServer(routes: [:])
        let url = closed.url("/imp").absoluteString
        closed.shutdown()
        let queue = BeaconQueue(store: nil, configuration: fast)
        queue.send(Beacon(kind: .impression, url: url))
        try await eventually { queue.statistics.retried >= 3 }
        #expect(queue.statistics.retried >= 3)
        #expect(queue.statistics.failed == 0)
        #expect(queue.statistics.pending == 1)
        #expect(queue.statistics.lastError?.code == .network)
        await queue.close()
    }

    @Test("R13: outcomes by status and by error: 2xx delivered; 5xx, 408, 429 and network errors retried; 4xx not")
    func r13_outcomeClassification() throws {
        let url = try #require(URL(string: "https://t.example/imp"))
        for status in [200, 204, 299] {
            #expect(BeaconDeliveryOutcome(status: status, url: url) == .delivered(status: status))
        }
        for status in [408, 429, 500, 502, 503, 504, 599] {
            guard case .retry(let error) = BeaconDeliveryOutcome(status: status, url: url) else {
                Issue.record("HTTP \(status) should be retried")
                continue
            }
            #expect(error.providerCode == status)
        }
        for status in [0, 199, 301, 304, 400, 401, 403, 404, 410, 451, 600] {
            guard case .failed(let error) = BeaconDeliveryOutcome(status: status, url: url) else {
                Issue.record("HTTP \(status) should fail for good")
                continue
            }
            #expect(error.providerCode == status)
            #expect(error.hint?.contains("not tried again") == true)
        }
        guard case .retry(let timeout) = BeaconDeliveryOutcome(error: URLError(.timedOut), url: url) else {
            Issue.record("a timeout should be retried")
            return
        }
        #expect(timeout.code == .timeout)
        for code: URLError.Code in [
            .networkConnectionLost, .cannotConnectToHost, .notConnectedToInternet, .dnsLookupFailed,
        ] {
            guard case .retry = BeaconDeliveryOutcome(error: URLError(code), url: url) else {
                Issue.record("\(code) should be retried")
                continue
            }
        }
        for code: URLError.Code in [.badURL, .unsupportedURL] {
            guard case .failed = BeaconDeliveryOutcome(error: URLError(code), url: url) else {
                Issue.record("\(code) should fail for good")
                continue
            }
        }
    }

    @Test("R13: the backoff doubles up to its maximum, the jitter comes from the seed, and no attempt count traps")
    func r13_backoffDoublesWithSeededJitter() {
        let backoff = BeaconBackoff(initial: .milliseconds(100), maximum: .seconds(1), jitter: 0.5)
        var first = SeededRandom(seed: 42)
        var second = SeededRandom(seed: 42)
        let delays = (1...8).map { backoff.delayMilliseconds(afterAttempt: $0, using: &first) }
        #expect(delays == (1...8).map { backoff.delayMilliseconds(afterAttempt: $0, using: &second) })
        for (delay, base) in zip(delays, [100, 200, 400, 800, 1000, 1000, 1000, 1000] as [Int64]) {
            #expect(delay >= base / 2 && delay <= base)
        }
        var other = SeededRandom(seed: 43)
        #expect(delays != (1...8).map { backoff.delayMilliseconds(afterAttempt: $0, using: &other) })

        var random = SeededRandom(seed: 1)
        let exact = BeaconBackoff(initial: .milliseconds(100), maximum: .seconds(1), jitter: 0)
        #expect(
            (1...5).map { exact.delayMilliseconds(afterAttempt: $0, using: &random) } == [100, 200, 400, 800, 1000])
        #expect(exact.delayMilliseconds(afterAttempt: .max, using: &random) == 1000)
        #expect(exact.delayMilliseconds(afterAttempt: .min, using: &random) == 100)
        let odd = BeaconBackoff(initial: .seconds(-5), maximum: .seconds(Int64.max), jitter: .nan)
        #expect(odd.delayMilliseconds(afterAttempt: 70, using: &random) == 1 << 52)
        #expect(odd.delayMilliseconds(afterAttempt: 1, using: &random) == 1)
    }

    @Test("R13: a timed-out attempt that answers late is ignored: its 404 is not taken for the retry in flight")
    func r13_lateAnswerOfTimedOutAttemptIgnored() async throws {
        let clock = ManualClock()
        let late = BeaconDeliveryOutcome.failed(AdError(.network, "HTTP 404", providerCode: 404))
        let transport = GatedBeaconTransport([late, .delivered(status: 204)])
        let configuration = BeaconQueueConfiguration(
            backoff: BeaconBackoff(initial: .milliseconds(1), jitter: 0), timeout: .seconds(10))
        let queue = BeaconQueue(store: nil, configuration: configuration, transport: transport, clock: clock)
        queue.send(Beacon(kind: .impression, url: "https://t.example/imp"))
        try await eventually { transport.calls == 1 }
        clock.advance(by: .seconds(10))  // the first attempt times out: retried after 1 ms
        try await eventually { queue.statistics.retried == 1 }
        clock.advance(by: .milliseconds(1))
        try await eventually { transport.calls == 2 }
        transport.open(0)  // the first attempt's 404 arrives now, while the second attempt is in flight
        try await Task.sleep(for: .milliseconds(50))
        #expect(queue.statistics.failed == 0)
        #expect(queue.statistics.pending == 1)
        transport.open(1)
        try await eventually { queue.statistics.delivered == 1 }
        #expect(queue.statistics.delivered == 1)
        #expect(queue.statistics.failed == 0)
        await queue.close()
    }

    @Test("R13: on the injected clock, a retry waits exactly its seeded backoff: not a millisecond earlier")
    func r13_retryWaitsForBackoffOnInjectedClock() async throws {
        let clock = ManualClock()
        let failing = BeaconDeliveryOutcome.retry(AdError(.network, "HTTP 503", providerCode: 503))
        let transport = ScriptedBeaconTransport(["/imp": [failing, failing, .delivered(status: 204)]])
        let backoff = BeaconBackoff(initial: .seconds(1), maximum: .seconds(60), jitter: 0.5)
        let queue = BeaconQueue(
            store: nil, configuration: BeaconQueueConfiguration(backoff: backoff), transport: transport, clock: clock,
            startTime: .seconds(1_800_000_000), seed: 9)
        var random = SeededRandom(seed: 9)
        let waits = (1...2).map { backoff.delayMilliseconds(afterAttempt: $0, using: &random) }

        queue.send(Beacon(kind: .impression, url: "https://t.example/imp"))
        for (index, wait) in waits.enumerated() {
            // The failure is processed (the retry scheduled from the clock's time now) before the clock moves.
            try await eventually { queue.statistics.retried == index + 1 }
            clock.advance(by: .milliseconds(wait - 1))
            await queue.flush()
            #expect(transport.calls.count == index + 1, "attempt \(index + 2) came before its backoff")
            clock.advance(by: .milliseconds(1))
            try await eventually { transport.calls.count == index + 2 }
            #expect(transport.calls.count == index + 2)
        }
        try await eventually { queue.statistics.delivered == 1 }
        #expect(queue.statistics.delivered == 1)
        #expect(queue.statistics.retried == 2)
        await queue.close()
    }
}

/// A transport whose n-th call answers `answers[n]` only once the test opens gate n, cancelled or not: it makes an
/// attempt answer late, after the queue gave up on it.
final class GatedBeaconTransport: BeaconTransport {
    private struct State {
        var open: Set<Int> = []
        var calls = 0
    }

    private let answers: [BeaconDeliveryOutcome]
    private let state = Mutex(State())

    init(_ answers: [BeaconDeliveryOutcome]) { self.answers = answers }

    /// How many calls were made.
    var calls: Int { state.withLock { $0.calls } }

    /// Lets call `index` (0-based) answer.
    func open(_ index: Int) { state.withLock { _ = $0.open.insert(index) } }

    func deliver(_ url: URL) async -> BeaconDeliveryOutcome {
        let index = state.withLock { state -> Int in
            state.calls += 1
            return state.calls - 1
        }
        // Waits for its gate whatever happens to the calling task (at most 20 s), like a stuck network stack.
        for _ in 0..<10_000 where !state.withLock({ $0.open.contains(index) }) {
            try? await Task.sleep(for: .milliseconds(2))
        }
        return index < answers.count ? answers[index] : .delivered(status: 204)
    }
}
