import AdCore
import AdRuntime
import AdTestSupport
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `adbench beacons`: the R14 soak. 1,000,000 beacons through one `BeaconQueue` on a SQLite file store (WAL), each
/// confirmed by a transport that answers at once, while the process's resident memory is read after every 100,000.
/// The producer sends in rounds of 1,000 and waits while more than 4,000 are pending, as a steady app would; every
/// beacon must be delivered and none dropped.
///
/// Value: resident memory at the end (MiB). Baseline, measured in the same run: resident memory after the first
/// 100,000 beacons (SQLite's page cache and the allocator warmed up). A ratio near 1 is flat memory.
///
/// Then, for the network side, 50,000 beacons through a queue over its `URLSessionBeaconTransport` to a keep-alive
/// HTTP server on 127.0.0.1, next to 50,000 bare `URLSession` requests to the same server: their growth per request
/// is printed (on Linux, FoundationNetworking leaks about 160 bytes per request whoever sends it; Reliability.md).
enum BeaconBenchmark {
    static let benchmark = Benchmark(
        name: "beacons",
        abstract: "R14 soak: 1,000,000 beacons through a BeaconQueue on SQLite; resident memory, end vs 100,000."
    ) {
        try run()
    }

    private static let count = 1_000_000
    private static let step = 100_000
    private static let httpCount = 50_000

    /// A transport that confirms every beacon at once: the soak measures the queue and its store.
    private struct Confirming: BeaconTransport {
        func deliver(_ url: URL) async -> BeaconDeliveryOutcome { .delivered(status: 204) }
    }

    /// A session delegate that does nothing (the bare URLSession comparison).
    private final class Quiet: NSObject, URLSessionDataDelegate, Sendable {}

    /// The soak's outcome, handed from its task to the waiting benchmark thread.
    private final class Outcome: Sendable {
        let result = Mutex<Result<BenchmarkResult, AdError>?>(nil)
        let done = DispatchSemaphore(value: 0)
    }

    private static func run() throws -> BenchmarkResult {
        let outcome = Outcome()
        Task {
            let result: Result<BenchmarkResult, AdError>
            do throws(AdError) {
                result = .success(try await soak())
            } catch {
                result = .failure(error)
            }
            outcome.result.withLock { $0 = result }
            outcome.done.signal()
        }
        outcome.done.wait()
        guard let result = outcome.result.withLock({ $0 }) else {
            throw AdError(.internal, "The beacon soak ended without a result.")
        }
        return try result.get()
    }

    private static func soak() async throws(AdError) -> BenchmarkResult {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("adbench-beacons-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw AdError(.internal, "The soak could not create its store folder \(folder.path): \(error).")
        }
        print("soak: \(count) beacons through a BeaconQueue on a SQLite file store (WAL)")
        let queue = BeaconQueue(store: folder.appendingPathComponent("soak.sqlite"), transport: Confirming())
        let samples = await pump(count, through: queue, report: step) { "https://t.example/imp?n=\($0)" }
        let statistics = queue.statistics
        print("delivered \(statistics.delivered), dropped \(statistics.dropped), refused \(statistics.refused)")
        guard statistics.delivered == count, statistics.dropped == 0, let baseline = samples.first,
            let last = samples.last
        else {
            throw AdError(.internal, "The soak delivered \(statistics.delivered) of \(count) beacons: \(statistics).")
        }
        print("resident memory after each 100,000 (MiB): \(samples.map(rounded))")
        print("growth from 100,000 to \(count): \(rounded(last - baseline)) MiB (peak \(rounded(samples.max() ?? 0)))")
        try await overHTTP(folder)
        return BenchmarkResult(name: "beacons", value: last, unit: "MiB", baseline: baseline)
    }

    /// Sends `count` beacons in rounds of 1,000, waits until all are delivered, closes the queue, and returns the
    /// resident memory (MiB) after every `report` beacons.
    private static func pump(
        _ count: Int, through queue: BeaconQueue, report: Int, url: (Int) -> String
    ) async -> [Double] {
        let clock = ContinuousClock()
        let start = clock.now
        var samples: [Double] = []
        for index in 0..<count {
            queue.send(Beacon(kind: .impression, url: url(index)))
            if (index + 1) % 1_000 == 0 {
                await queue.persist()
                while queue.statistics.pending > 4_000 { await queue.flush() }
            }
            if (index + 1) % report == 0 {
                samples.append(ProcessMemory.residentMiB())
                let seconds = max(1, start.duration(to: clock.now).components.seconds)
                print(
                    "  \(index + 1) beacons  resident \(rounded(samples.last ?? 0)) MiB  \(Int64(index + 1) / seconds)/s"
                )
            }
        }
        while queue.statistics.pending > 0 { await queue.flush() }
        await queue.close()
        return samples
    }

    /// The network side: the queue over its URLSession transport, then bare URLSession, growth per request each.
    private static func overHTTP(_ folder: URL) async throws(AdError) {
        let server: LoopbackHTTPServer
        do {
            server = try LoopbackHTTPServer(
                routes: ["/imp": .init(status: 204)], keepAlive: true, recordsRequests: false)
        } catch {
            throw AdError(.internal, "The soak could not start its loopback server: \(error).")
        }
        defer { server.shutdown() }
        let base = server.url("/imp").absoluteString
        print("over HTTP: \(httpCount) beacons through a queue's URLSessionBeaconTransport to 127.0.0.1")
        let queue = BeaconQueue(
            store: folder.appendingPathComponent("http.sqlite"),
            configuration: BeaconQueueConfiguration(addresses: .allowingPrivate))  // R9: the server is on 127.0.0.1
        let queued = await pump(httpCount, through: queue, report: httpCount / 2) { "\(base)?n=\($0)" }
        guard queue.statistics.delivered == httpCount, queued.count == 2 else {
            throw AdError(.internal, "Over HTTP the queue delivered \(queue.statistics.delivered) of \(httpCount).")
        }
        print("bare URLSession: \(httpCount) requests to the same server, one at a time")
        let session = URLSession(configuration: .ephemeral, delegate: Quiet(), delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        var bare: [Double] = []
        for index in 0..<httpCount {
            guard let url = URL(string: "\(base)?bare=\(index)") else { continue }
            _ = try? await session.data(from: url)
            if (index + 1) % (httpCount / 2) == 0 { bare.append(ProcessMemory.residentMiB()) }
        }
        // The second half of each run, after connections, sessions and caches were set up.
        let half = Double(httpCount / 2)
        let queuedGrowth = (queued[1] - queued[0]) * Double(1 << 20) / half
        let bareGrowth = ((bare.last ?? 0) - (bare.first ?? 0)) * Double(1 << 20) / half
        print(
            "growth per request over the second half: through the queue \(Int(queuedGrowth)) bytes, bare URLSession "
                + "\(Int(bareGrowth)) bytes")
    }

    private static func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }
}
