import AdCore
import AdRuntime
import AdTestSupport
import Foundation
import Synchronization
import Testing

@Suite("Beacon queue")
struct BeaconQueueTests {
    @Test("Beacons are delivered over HTTP; non-http URLs are refused, counted, reported and never requested")
    func deliversOverHTTPAndRefuses() async throws {
        let server = try LoopbackHTTPServer(routes: ["/imp": .init(status: 204), "/click": .init()])
        defer { server.shutdown() }
        let log = DiagnosticLog()
        let store = try temporaryStore()
        defer { try? FileManager.default.removeItem(at: store.deletingLastPathComponent()) }
        let queue = BeaconQueue(store: store, configuration: .loopback, diagnostics: log.handler)
        queue.send(Beacon(kind: .impression, url: server.url("/imp").absoluteString + "?c=1"))
        queue.send(Beacon(kind: .click, url: server.url("/click").absoluteString))
        queue.send(Beacon(kind: .click, url: server.url("/gone").absoluteString))
        queue.send(Beacon(kind: .error, url: "javascript:alert(1)", providerID: "ifly"))
        try await eventually { queue.statistics.delivered + queue.statistics.failed == 3 }
        let statistics = queue.statistics
        #expect(statistics.enqueued == 3)
        #expect(statistics.delivered == 2)
        #expect(statistics.failed == 1)
        #expect(statistics.refused == 1)
        #expect(statistics.pending == 0)
        #expect(statistics.isDurable)
        #expect(Set(server.requests) == ["GET /imp?c=1", "GET /click", "GET /gone"])
        #expect(log.count(.refused) == 1)
        #expect(log.all.first { $0.kind == .refused }?.error?.code == .refusedURL)
        #expect(log.all.first { $0.kind == .refused }?.error?.providerID == "ifly")
        #expect(log.count(.failed) == 1)
        #expect(log.all.first { $0.kind == .failed }?.error?.providerCode == 404)
        await queue.close()
    }

    @Test("Every beacon goes over one shared session: 40 beacons reuse a few kept-alive connections")
    func oneSharedSession() async throws {
        let server = try LoopbackHTTPServer(routes: ["/imp": .init(status: 204)], keepAlive: true)
        defer { server.shutdown() }
        let queue = BeaconQueue(store: nil, configuration: .loopback)
        for index in 0..<40 { queue.send(Beacon(kind: .impression, url: server.url("/imp?n=\(index)").absoluteString)) }
        try await eventually { queue.statistics.delivered == 40 }
        #expect(queue.statistics.delivered == 40)
        #expect(server.requestCount == 40)
        #expect(server.connectionCount <= queue.configuration.maxConcurrentDeliveries)
        await queue.close()
    }

    @Test("persist() makes sent beacons durable (SQLite in WAL mode): a new queue on the same store delivers them")
    func persistedBeaconsSurviveTheQueue() async throws {
        let store = try temporaryStore()
        defer { try? FileManager.default.removeItem(at: store.deletingLastPathComponent()) }
        let hanging = ScriptedBeaconTransport(["/imp": [nil]])
        let configuration = BeaconQueueConfiguration(timeout: .milliseconds(50), maxConcurrentDeliveries: 1)
        let first = BeaconQueue(store: store, configuration: configuration, transport: hanging)
        let urls = (0..<5).map { "https://t.example/imp?n=\($0)" }
        for url in urls { first.send(Beacon(kind: .impression, url: url, providerID: "yandex")) }
        await first.persist()
        #expect(first.statistics.pending == 5)
        // WAL mode: the database header's write and read versions (bytes 18 and 19) are 2, and the WAL is there.
        let header = try [UInt8](Data(contentsOf: store).prefix(20))
        #expect(header.count == 20 && header[18] == 2 && header[19] == 2)
        #expect(FileManager.default.fileExists(atPath: store.path + "-wal"))
        await first.close()
        #expect(first.statistics.delivered == 0)

        let recording = ScriptedBeaconTransport()
        let second = BeaconQueue(store: store, transport: recording)
        #expect(second.statistics.restored == 5)
        try await eventually { second.statistics.delivered == 5 }
        #expect(Set(recording.calls.map(\.absoluteString)) == Set(urls))
        await second.close()
    }

    @Test("A beacon confirmed delivered is never sent again: its row is deleted on the 2xx")
    func deliveredBeaconsAreNeverResent() async throws {
        let store = try temporaryStore()
        defer { try? FileManager.default.removeItem(at: store.deletingLastPathComponent()) }
        let transport = ScriptedBeaconTransport()
        let first = BeaconQueue(store: store, transport: transport)
        for index in 0..<3 { first.send(Beacon(kind: .click, url: "https://t.example/c?n=\(index)")) }
        try await eventually { first.statistics.delivered == 3 }
        await first.close()

        let again = ScriptedBeaconTransport()
        let second = BeaconQueue(store: store, transport: again)
        await second.flush()
        #expect(second.statistics.restored == 0)
        #expect(again.calls.isEmpty)
        #expect(transport.calls.count == 3)
        await second.close()
    }

    @Test("After close(), sent beacons are dropped, counted and reported; persist and flush return at once")
    func closedQueueCountsDrops() async throws {
        let log = DiagnosticLog()
        let queue = BeaconQueue(store: nil, transport: ScriptedBeaconTransport(), diagnostics: log.handler)
        await queue.close()
        queue.send(Beacon(kind: .impression, url: "https://t.example/late"))
        await queue.persist()
        await queue.flush()
        #expect(queue.statistics.droppedClosed == 1)
        #expect(queue.statistics.dropped == 1)
    }
}
