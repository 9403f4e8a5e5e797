import AdCore
import AdEmbedded
import AdRuntime
import Foundation
import Testing

/// The beacon queue is bounded in count, bytes and age, and whatever it drops is counted and reported.
@Suite("Beacon queue: bounds")
struct BeaconBoundsTests {
    private let down = BeaconDeliveryOutcome.retry(AdError(.network, "HTTP 503", providerCode: 503))

    @Test("A full queue drops its oldest beacons (never the one in flight), counts them and reports them")
    func fullQueueDropsOldest() async throws {
        let log = DiagnosticLog()
        let transport = ScriptedBeaconTransport(["/imp": [nil]])
        let configuration = BeaconQueueConfiguration(maxCount: 5, timeout: .seconds(3600), maxConcurrentDeliveries: 1)
        let store = try temporaryStore()
        defer { try? FileManager.default.removeItem(at: store.deletingLastPathComponent()) }
        let queue = BeaconQueue(
            store: store, configuration: configuration, transport: transport, clock: ManualClock(),
            diagnostics: log.handler)
        queue.send(Beacon(kind: .impression, url: "https://t.example/imp?n=0"))
        try await eventually { transport.calls.count == 1 }
        for index in 1..<50 { queue.send(Beacon(kind: .impression, url: "https://t.example/imp?n=\(index)")) }
        await queue.persist()
        let statistics = queue.statistics
        #expect(statistics.pending == 5)
        #expect(statistics.droppedOverflow == 45)
        #expect(statistics.dropped == 45)
        #expect(statistics.inFlight == 1)
        #expect(log.count(.droppedOverflow) == 45)
        #expect(log.all.first { $0.kind == .droppedOverflow }?.level == .warning)
        await queue.close()
        // What is left: the beacon in flight and the four newest.
        let rest = ScriptedBeaconTransport()
        let reopened = BeaconQueue(store: queue.storeURL, transport: rest)
        try await eventually { reopened.statistics.delivered == 5 }
        #expect(
            Set(rest.calls.map(\.absoluteString)) == Set([0, 46, 47, 48, 49].map { "https://t.example/imp?n=\($0)" }))
        await reopened.close()
    }

    @Test("The byte bound counts each beacon's URL, kind and provider; a URL over the limit is refused")
    func byteBoundAndLongURLs() async throws {
        let log = DiagnosticLog()
        let configuration = BeaconQueueConfiguration(maxBytes: 300, maxURLBytes: 120, maxConcurrentDeliveries: 1)
        let queue = BeaconQueue(
            store: nil, configuration: configuration, transport: ScriptedBeaconTransport(["/imp": [nil]]),
            clock: ManualClock(), diagnostics: log.handler)
        let url = "https://t.example/imp?pad=" + String(repeating: "x", count: 60)  // 86 bytes + "impression" 10
        for _ in 0..<6 { queue.send(Beacon(kind: .impression, url: url)) }
        queue.send(Beacon(kind: .impression, url: url + String(repeating: "y", count: 100), providerID: "google"))
        await queue.persist()
        #expect(queue.statistics.pending == 3)  // 3 × 96 = 288 bytes ≤ 300
        #expect(queue.statistics.droppedOverflow == 3)
        #expect(queue.statistics.refused == 1)
        let refusal = log.all.first { $0.kind == .refused }?.error
        #expect(refusal?.code == .limitExceeded)
        #expect(refusal?.providerID == "google")
        #expect(refusal?.hint?.contains("maxURLBytes") == true)
        await queue.close()
    }

    @Test("A beacon older than maxAge is dropped instead of retried, counted as expired and reported")
    func oldBeaconsExpire() async throws {
        let clock = ManualClock()
        let log = DiagnosticLog()
        let transport = ScriptedBeaconTransport(["/imp": [down]])
        let configuration = BeaconQueueConfiguration(
            maxAge: .seconds(10), backoff: BeaconBackoff(initial: .seconds(1), maximum: .seconds(1), jitter: 0))
        let queue = BeaconQueue(
            store: nil, configuration: configuration, transport: transport, clock: clock, diagnostics: log.handler)
        queue.send(Beacon(kind: .impression, url: "https://t.example/imp"))
        for failures in 1...11 {
            // Each failure is processed (its retry due a second later) before the clock moves a second.
            try await eventually { queue.statistics.retried == failures }
            clock.advance(by: .seconds(1))
        }
        try await eventually { queue.statistics.droppedExpired == 1 }
        #expect(queue.statistics.droppedExpired == 1)
        #expect(queue.statistics.pending == 0)
        #expect(queue.statistics.delivered == 0)
        #expect(transport.calls.count == 11)  // at 0, 1, ..., 10 s; at 11 s it is older than 10 s
        #expect(log.count(.droppedExpired) == 1)
        #expect(log.all.first { $0.kind == .droppedExpired }?.error?.code == .expired)
        await queue.close()
    }

    @Test("A beacon's age survives a restart: reopened two days later, a day-old limit drops what the store held")
    func ageSurvivesRestart() async throws {
        let store = try temporaryStore()
        defer { try? FileManager.default.removeItem(at: store.deletingLastPathComponent()) }
        let start = Duration.seconds(1_800_000_000)
        let slow = BeaconQueueConfiguration(backoff: BeaconBackoff(initial: .seconds(3600)))
        let first = BeaconQueue(
            store: store, configuration: slow, transport: ScriptedBeaconTransport(["/imp": [down]]),
            clock: ManualClock(), startTime: start)
        for index in 0..<3 { first.send(Beacon(kind: .impression, url: "https://t.example/imp?n=\(index)")) }
        await first.persist()
        await first.close()

        let transport = ScriptedBeaconTransport()
        let later = BeaconQueue(
            store: store, transport: transport, clock: ManualClock(), startTime: start + .seconds(2 * 86_400))
        #expect(later.statistics.restored == 3)
        try await eventually { later.statistics.droppedExpired == 3 }
        #expect(later.statistics.droppedExpired == 3)
        #expect(later.statistics.pending == 0)
        #expect(transport.calls.isEmpty)
        await later.close()
    }

    @Test("Out-of-range settings are brought into range instead of trapping or stalling the queue")
    func configurationIsNormalized() async throws {
        let odd = BeaconQueueConfiguration(
            maxCount: -3, maxBytes: 0, maxAge: .seconds(-1), maxURLBytes: 0, timeout: .zero, maxConcurrentDeliveries: 0)
        let queue = BeaconQueue(store: nil, configuration: odd, transport: ScriptedBeaconTransport())
        #expect(queue.configuration.maxCount == 1)
        #expect(queue.configuration.maxURLBytes == 1)
        #expect(queue.configuration.maxBytes == 1)
        #expect(queue.configuration.maxConcurrentDeliveries == 1)
        #expect(queue.configuration.timeout == .milliseconds(1))
        #expect(queue.configuration.maxAge == .milliseconds(1))
        queue.send(Beacon(kind: .impression, url: "https://t.example/imp"))
        await queue.persist()
        #expect(queue.statistics.refused == 1)  // longer than 1 byte
        await queue.close()
    }
}
