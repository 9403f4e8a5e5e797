import AdCore
import AdRuntime
import AdTestSupport
import CSQLite3
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A beacon store that can be read but not written (a read-only file, folder or volume): its pending beacons are
/// delivered from memory, and the file is left as it was (rule R12). Root ignores file permissions, so the child
/// process (`BeaconQueueChild readonly`) drops to nobody before it opens the store.
@Suite("Beacon queue: a store that cannot be written")
struct BeaconReadOnlyStoreTests {
    /// How the store file was left before it became read-only.
    enum Leftover: String, CustomTestStringConvertible, CaseIterable {
        /// Closed by its queue: the main file alone (SQLite reads it with `immutable=1`: no -shm can be created).
        case closed
        /// Copied while its queue ran, as a kill leaves it: the main file, its -wal (holding the beacons) and its
        /// -shm (SQLite reads them with `mode=ro`).
        case killed

        var testDescription: String { rawValue }
    }

    /// A read-only store that must not be read.
    enum Unreadable: String, CustomTestStringConvertible, CaseIterable {
        /// A beacon store whose table and index pages are overwritten.
        case damaged
        /// A beacon store with schema version 99.
        case newer
        /// Another program's `beacon` table, holding a URL.
        case foreign

        var testDescription: String { rawValue }
    }

    private static let store = "beacons.sqlite"

    /// A new folder under /tmp (world-traversable, mode 0755) that the child can reach after dropping to nobody.
    private func reachableFolder() throws -> URL {
        var status = stat()
        try #require(stat("/tmp", &status) == 0 && status.st_mode & 0o001 != 0, "/tmp is not world-traversable")
        let folder = URL(fileURLWithPath: "/tmp/adbridge-readonly-\(UUID())")
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
        return folder
    }

    /// Runs `sql` on `store` with a connection of the test's own (a store opened by "someone else").
    private func execute(_ sql: String, on store: URL) throws {
        var database: OpaquePointer?
        defer { sqlite3_close(database) }
        try #require(sqlite3_open(store.path, &database) == SQLITE_OK)
        sqlite3_busy_timeout(database, 10_000)
        let code = sqlite3_exec(database, sql, nil, nil, nil)
        try #require(code == SQLITE_OK, "\(sql): \(String(cString: sqlite3_errmsg(database)))")
    }

    /// Fills a store with `count` beacons `<server>/b?n=<i>` (never delivered: the transport hangs), plus, when
    /// `extras`, one due in an hour (`/later`) and one enqueued two days ago (`/old`); then copies the store into
    /// `folder` as `leftover` says. Returns the files it copied.
    private func fill(
        _ folder: URL, with count: Int, extras: Bool, server: LoopbackHTTPServer, leftover: Leftover = .closed
    ) async throws -> [String] {
        let source = try temporaryStore()
        defer { try? FileManager.default.removeItem(at: source.deletingLastPathComponent()) }
        var configuration = BeaconQueueConfiguration.loopback
        configuration.timeout = .seconds(3_600)  // nothing is written after `persist()` while the copy is taken
        let queue = BeaconQueue(
            store: source, configuration: configuration, transport: ScriptedBeaconTransport(["/b": [nil]]))
        for index in 0..<count {
            queue.send(Beacon(kind: .impression, url: server.url("/b").absoluteString + "?n=\(index)"))
        }
        await queue.persist()
        if extras {
            // Stamped from the newest beacon's own enqueue stamp (the queue's wall clock, just now), not from a clock
            // of the test's: due an hour after it, and enqueued two days before it.
            for (path, enqueued, due) in [("/later", 0, 3_600_000), ("/old", -172_800_000, 0)] {
                let url = server.url(path).absoluteString
                try execute(
                    "INSERT INTO beacon (kind, url, provider, enqueued_ms, due_ms, attempts, bytes) SELECT "
                        + "'impression', '\(url)', 'example', now + \(enqueued), now + \(due), 3, \(url.utf8.count + 17) "
                        + "FROM (SELECT MAX(enqueued_ms) AS now FROM beacon)",
                    on: source)
            }
        }
        var files = [Self.store]
        if leftover == .killed {
            files += [Self.store + "-wal", Self.store + "-shm"]
            try copy(files, from: source.deletingLastPathComponent(), to: folder)
        }
        await queue.close()
        if leftover == .closed {
            #expect(!FileManager.default.fileExists(atPath: source.path + "-wal"), "the closed store kept its WAL")
            try copy(files, from: source.deletingLastPathComponent(), to: folder)
        }
        return files
    }

    private func copy(_ files: [String], from source: URL, to folder: URL) throws {
        for file in files {
            try FileManager.default.copyItem(
                at: source.appendingPathComponent(file), to: folder.appendingPathComponent(file))
        }
    }

    /// Every file in `folder` with its bytes.
    private func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return files
    }

    /// Makes every file in `folder` 0444 and the folder 0555.
    private func makeReadOnly(_ folder: URL) throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            try #require(chmod(folder.appendingPathComponent(name).path, 0o444) == 0)
        }
        try #require(chmod(folder.path, 0o555) == 0)
    }

    /// Gives `folder` and its files their write permission back and removes it (for `defer`).
    private func remove(_ folder: URL) {
        chmod(folder.path, 0o755)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
            chmod(folder.appendingPathComponent(name).path, 0o644)
        }
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs `BeaconQueueChild readonly` on the store in `folder` until it exits; cancels the test, saying why,
    /// when the child could not make the store read-only for itself (root that cannot drop privileges).
    private func runChild(_ folder: URL, delivering count: Int, maxCount: Int? = nil) async throws
        -> BeaconChildProcess
    {
        let store = folder.appendingPathComponent(Self.store).path
        // Nothing under the checkout after the drop: the executable and the working folder are in /tmp too.
        let launch = try reachableFolder()
        // Removed as it is (no chmod: a hard link shares its mode with the executable in .build).
        defer { try? FileManager.default.removeItem(at: launch) }
        let child = try BeaconChildProcess(
            ["readonly", store, "\(count)"] + (maxCount.map { ["\($0)"] } ?? []),
            executable: BeaconChildProcess.executable(placedIn: launch))
        defer { child.terminate() }
        let status = try await child.exitStatus()
        if status == 3 || status == 4 {
            let line = child.output.first { $0.hasPrefix("privileges failed") || $0.hasPrefix("writable") }
            let reason = line ?? "exit status \(status.map(String.init) ?? "-")"
            try Test.cancel(
                "The store cannot be made read-only for the child, so R12's read-only case is not run: \(reason)")
        }
        #expect(status == 0, "\(child.output)")
        return child
    }

    /// The requests `GET /b?n=<i>` for `numbers`.
    private func requests(_ numbers: some Sequence<Int>) -> [String] { numbers.map { "GET /b?n=\($0)" }.sorted() }

    @Test(
        "R12: a read-only store's pending beacons are delivered from memory, the file is left byte for byte",
        arguments: Leftover.allCases)
    func r12_readOnlyStoreDeliversFromMemory(_ leftover: Leftover) async throws {
        let count = 20
        let server = try LoopbackHTTPServer(routes: ["/b": .init(status: 204), "/later": .init(status: 204)])
        defer { server.shutdown() }
        let folder = try reachableFolder()
        defer { remove(folder) }
        let files = try await fill(folder, with: count, extras: true, server: server, leftover: leftover)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == files.sorted())
        try makeReadOnly(folder)
        let before = try snapshot(folder)

        let child = try await runChild(folder, delivering: count)
        let output = child.output.joined(separator: "\n")
        #expect(server.requests.sorted() == requests(0..<count), "\(output)")
        #expect(try snapshot(folder) == before, "the read-only store was changed")
        // Reported as today, not durable, with the statement that the file's beacons are sent from memory.
        #expect(child.output.contains("store durable=false restored=\(count + 1) error=beaconStore 8"), "\(output)")
        #expect(child.output.contains("diagnostic storeUnavailable 1 beaconStore 8"), "\(output)")
        let message = try #require(child.output.first { $0.hasPrefix("message ") })
        #expect(message.contains("cannot be written"))
        #expect(message.contains("delivered from there; they also stay in the file"))
        #expect(child.output.first { $0.hasPrefix("hint ") }?.contains("sends its beacons again") == true)
        // The beacon due in an hour kept its due time; the one older than maxAge was dropped and counted.
        #expect(child.output.contains("diagnostic droppedExpired 1 expired -"), "\(output)")
        #expect(
            child.output.last == "done delivered=\(count) pending=1 expired=1 overflow=0 durable=false", "\(output)")
    }

    @Test("R12: a read-only store holding more than maxCount beacons gives memory the newest, the rest counted")
    func r12_readOnlyStoreKeepsTheBounds() async throws {
        let server = try LoopbackHTTPServer(routes: ["/b": .init(status: 204)])
        defer { server.shutdown() }
        let folder = try reachableFolder()
        defer { remove(folder) }
        _ = try await fill(folder, with: 10, extras: false, server: server)
        try makeReadOnly(folder)
        let before = try snapshot(folder)

        let child = try await runChild(folder, delivering: 4, maxCount: 4)
        let output = child.output.joined(separator: "\n")
        #expect(server.requests.sorted() == requests(6..<10), "\(output)")
        #expect(child.output.contains("store durable=false restored=4 error=beaconStore 8"), "\(output)")
        #expect(child.output.contains("diagnostic droppedOverflow 6 limitExceeded -"), "\(output)")
        #expect(child.output.last == "done delivered=4 pending=0 expired=0 overflow=6 durable=false", "\(output)")
        #expect(try snapshot(folder) == before)
    }

    @Test(
        "R12: a read-only store that is damaged, newer or foreign is reported as such, and nothing is read from it",
        arguments: Unreadable.allCases)
    func r12_readOnlyUnreadableStoreIsNotRead(_ kind: Unreadable) async throws {
        let server = try LoopbackHTTPServer(routes: ["/b": .init(status: 204)])
        defer { server.shutdown() }
        let folder = try reachableFolder()
        defer { remove(folder) }
        let store = folder.appendingPathComponent(Self.store)
        switch kind {
        case .damaged, .newer:
            _ = try await fill(folder, with: 20, extras: false, server: server)
            let (offset, bytes) =
                kind == .damaged ? (4096, [UInt8](repeating: 0x5A, count: 8192)) : (60, [0, 0, 0, 99])
            let handle = try FileHandle(forWritingTo: store)
            try handle.seek(toOffset: UInt64(offset))
            handle.write(Data(bytes))
            try handle.close()
        case .foreign:
            let url = server.url("/b").absoluteString + "?n=0"
            try execute(
                "CREATE TABLE beacon (id INTEGER PRIMARY KEY, url TEXT); INSERT INTO beacon (url) VALUES ('\(url)'); "
                    + "PRAGMA user_version = 1", on: store)
        }
        try makeReadOnly(folder)
        let before = try snapshot(folder)

        let child = try await runChild(folder, delivering: 0)
        let output = child.output.joined(separator: "\n")
        #expect(server.requestCount == 0, "\(output)")
        #expect(try snapshot(folder) == before)
        let opened = try #require(child.output.first { $0.hasPrefix("store ") })
        #expect(opened.hasPrefix("store durable=false restored=0 error=beaconStore"), "\(output)")
        let message = try #require(child.output.first { $0.hasPrefix("message ") })
        #expect(!message.contains("copied to memory"), "\(output)")
        switch kind {
        case .damaged: #expect(opened.hasSuffix(" 11") || opened.hasSuffix(" 26"), "\(output)")
        case .newer: #expect(message.contains("schema version 99"), "\(output)")
        case .foreign: #expect(message.contains("not an AdBridge beacon store"), "\(output)")
        }
        #expect(child.output.last == "done delivered=0 pending=0 expired=0 overflow=0 durable=false", "\(output)")
    }
}
