import AdRuntime
import Foundation
import Testing

/// The beacon queue's memory over a long run, measured from outside in a child process (rule R14). The million-
/// beacon soak is `swift run -c release adbench beacons` (Docs/Performance.md); this is its short form.
@Suite("Beacon queue: soak")
struct BeaconSoakTests {
    @Test("R14: 60,000 beacons through a queue on a file store: memory stays flat (under 3 MiB of growth)")
    func r14_soakKeepsMemoryFlat() async throws {
        let count = 60_000
        let store = try temporaryStore()
        defer { try? FileManager.default.removeItem(at: store.deletingLastPathComponent()) }
        let child = try BeaconChildProcess(["soak", store.path, "\(count)"])
        defer { child.terminate() }
        let done = try #require(try await child.line(startingWith: "done", within: .seconds(120)))
        #expect(try await child.exitStatus() == 0)
        #expect(BeaconChildProcess.value("delivered", in: done) == count)
        #expect(BeaconChildProcess.value("dropped", in: done) == 0)
        #expect(BeaconChildProcess.value("refused", in: done) == 0)
        // Resident memory after each tenth of the beacons; from the third tenth on (SQLite's page cache and the
        // allocator warmed up) it may not grow by more than 3 MiB: a leak of 75 bytes per beacon would.
        let samples = child.output.filter { $0.hasPrefix("rss ") }.compactMap { line in
            line.split(separator: " ").last.flatMap { Int($0) }
        }
        try #require(samples.count == 10)
        let growth = try #require(samples.last) - samples[2]
        // Under the thread sanitizer (`.ci/run` sets TSAN_OPTIONS) resident memory also holds the sanitizer's shadow
        // and history, which grow with every address touched: the figure means something in a plain build only.
        guard ProcessInfo.processInfo.environment["TSAN_OPTIONS"] == nil else { return }
        #expect(growth < 3 << 20, "resident memory grew by \(growth) bytes over 42,000 beacons: \(samples)")
    }
}
