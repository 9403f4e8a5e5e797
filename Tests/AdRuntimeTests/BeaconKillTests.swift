import AdCore
import AdRuntime
import AdTestSupport
import Foundation
import Testing

/// The beacon queue across process deaths, with a real child process and a loopback server (rules R11, R12).
@Suite("Beacon queue: a killed or starved process")
struct BeaconKillTests {
    /// The `n` query value of each beacon request, in arrival order.
    private func numbers(_ requests: some Sequence<String>) -> [Int] {
        requests.compactMap { request in
            request.split(separator: "n=").last.flatMap { Int($0) }
        }
    }

    @Test("R11: a child killed with SIGKILL mid-delivery and restarted delivers every beacon, twice only if in flight")
    func r11_killedMidDeliveryLosesNothing() async throws {
        let count = 300
        let server = try LoopbackHTTPServer(routes: [:])
        defer { server.shutdown() }
        // The first 100 answers come quickly, the next ones slowly: the kill lands while deliveries are in flight,
        // however busy the machine is.
        let fast = LoopbackHTTPServer.Response(status: 204, delay: .milliseconds(2))
        server.script("/b", Array(repeating: fast, count: 100) + [.init(status: 204, delay: .milliseconds(300))])
        let store = try temporaryStore()
        defer { try? FileManager.default.removeItem(at: store.deletingLastPathComponent()) }

        let first = try BeaconChildProcess(["deliver", store.path, server.url("/b").absoluteString, "\(count)"])
        defer { first.terminate() }
        let persisted = try await first.line(startingWith: "persisted")
        #expect(persisted == "persisted \(count) durable=true")
        try await eventually { server.requestCount >= 100 }
        try await first.kill()
        try await Task.sleep(for: .milliseconds(50))  // requests already in the server's socket buffers are read
        let beforeKill = numbers(server.requests)
        #expect(beforeKill.count >= 100)
        #expect(beforeKill.count < count, "the kill came after the delivery ended")
        #expect(Set(beforeKill).count == beforeKill.count, "nothing is sent twice within one run")

        server.script("/b", [.init(status: 204)])
        let second = try BeaconChildProcess(["resume", store.path])
        defer { second.terminate() }
        let restored = try #require(try await second.line(startingWith: "restored")).split(separator: " ").last
        let drained = try await second.line(startingWith: "drained")
        #expect(try await second.exitStatus() == 0)
        let afterKill = Array(numbers(server.requests).dropFirst(beforeKill.count))

        // Every beacon arrived.
        #expect(Set(beforeKill + afterKill) == Set(0..<count))
        // Twice only for the beacons in flight at the kill: received in the first run but not yet confirmed, so
        // at most one per delivery slot (4), and the second run sent each remaining beacon exactly once.
        let twice = Set(beforeKill).intersection(afterKill)
        #expect(twice.count <= BeaconQueueConfiguration().maxConcurrentDeliveries)
        #expect(Set(afterKill).count == afterKill.count)
        #expect(restored.flatMap { Int($0) } == count - beforeKill.count + twice.count)
        #expect(BeaconChildProcess.value("delivered", in: drained ?? "") == afterKill.count)
        print()
    }

    @Test("R12: a store whose disk fills up mid-run falls back to memory, reports it, and loses no beacon")
    func r12_diskFullFallsBackToMemory() async throws {
        let count = 200
        let server = try LoopbackHTTPServer(routes: ["/b": .init(status: 204)])
        defer { server.shutdown() }
        let store = try temporaryStore()
        defer { try? FileManager.default.removeItem(at: store.deletingLastPathComponent()) }

        let starved = try BeaconChildProcess(["full", store.path, server.url("/b").absoluteString, "\(count)"])
        defer { starved.terminate() }
        let persisted = try await starved.line(startingWith: "persisted")
        #expect(persisted == "persisted \(count) durable=false")
        let drained = try await starved.line(startingWith: "drained")
        #expect(try await starved.exitStatus() == 0)
        // The file size limit stands for a full disk: SQLite reports an I/O error (10) or a full disk (13).
        let failures = starved.output.filter { $0.hasPrefix("diagnostic storeFailed 1 beaconStore") }
        #expect(failures.count == 1)
        #expect(failures.allSatisfy { $0.hasSuffix(" 10") || $0.hasSuffix(" 13") })
        #expect(drained?.contains("durable=false") == true)

        // What the full store kept is delivered by the next launch; nothing is lost, nothing sent three times.
        let next = try BeaconChildProcess(["resume", store.path])
        defer { next.terminate() }
        _ = try await next.line(startingWith: "drained")
        #expect(try await next.exitStatus() == 0)
        let all = numbers(server.requests)
        #expect(Set(all) == Set(0..<count))
        #expect(Dictionary(grouping: all, by: { $0 }).values.allSatisfy { $0.count <= 2 })
    }
}
