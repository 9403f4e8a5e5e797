import AdCore
import AdRuntime
import AdTestSupport
import Foundation
import Synchronization

/// `adbench beacons`: the R14 soak. 1,000,000 beacons through one `BeaconQueue` on a SQLite file store, each
/// delivered over its one shared `URLSession` to a keep-alive HTTP server on 127.0.0.1, while the process's resident
/// memory is read after every 100,000. The producer sends in rounds of 1,000 and waits while more than 4,000 are
/// pending, as a steady app would; every beacon must be delivered, none dropped.
///
/// Value: resident memory at the end (MiB). Baseline, measured in the same run: resident memory after the first
/// 100,000 beacons (everything warmed up). A ratio near 1 is flat memory.
enum BeaconBenchmark {
    static let benchmark = Benchmark(
        name: "beacons",
        abstract: "R14 soak: 1,000,000 beacons, SQLite store, HTTP to loopback; resident memory end vs 100k."
    ) {
        try run()
    }

    private static let count = 1_000_000
    private static let step = 100_000

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
        let server: LoopbackHTTPServer
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            server = try LoopbackHTTPServer(
                routes: ["/imp": .init(status: 204)], keepAlive: true, recordsRequests: false)
        } catch {
            throw AdError(.internal, "The soak could not set up its store folder or server: \(error).")
        }
        defer { server.shutdown() }
        let queue = BeaconQueue(store: folder.appendingPathComponent("beacons.sqlite"))
        let base = server.url("/imp").absoluteString
        let clock = ContinuousClock()
        let start = clock.now
        var baseline = 0.0
        var samples: [Double] = []
        print("soak: \(count) beacons, SQLite store (WAL), one URLSession, keep-alive server on 127.0.0.1")
        for index in 0..<count {
            queue.send(Beacon(kind: .impression, url: "\(base)?n=\(index)"))
            if (index + 1) % 1_000 == 0 {
                await queue.persist()
                while queue.statistics.pending > 4_000 { await queue.flush() }
            }
            if (index + 1) % step == 0 {
                let memory = ProcessMemory.residentMiB()
                if samples.isEmpty { baseline = memory }
                samples.append(memory)
                let seconds = Double(start.duration(to: clock.now).components.seconds)
                print(
                    "  \(index + 1) beacons  resident \(rounded(memory)) MiB  \(Int(Double(index + 1) / max(seconds, 1)))/s"
                )
            }
        }
        while queue.statistics.pending > 0 { await queue.flush() }
        await queue.close()
        let statistics = queue.statistics
        let elapsed = start.duration(to: clock.now).components.seconds
        print(
            "delivered \(statistics.delivered), dropped \(statistics.dropped), refused \(statistics.refused), "
                + "server answered \(server.requestCount), in \(elapsed) s")
        print("resident memory per 100,000 beacons (MiB): \(samples.map(rounded))")
        guard statistics.delivered == count, statistics.dropped == 0, server.requestCount >= count,
            let last = samples.last
        else {
            throw AdError(.internal, "The soak delivered \(statistics.delivered) of \(count) beacons: \(statistics).")
        }
        print("growth from 100,000 to \(count): \(rounded(last - baseline)) MiB (peak \(rounded(samples.max() ?? 0)))")
        return BenchmarkResult(name: "beacons", value: last, unit: "MiB", baseline: baseline)
    }

    private static func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }
}
