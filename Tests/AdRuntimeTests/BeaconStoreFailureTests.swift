import AdCore
import AdRuntime
import CSQLite3
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A beacon store that cannot be used is a typed error with a hint, and the queue goes on in memory (rule R12).
@Suite("Beacon queue: stores that cannot be used")
struct BeaconStoreFailureTests {
    /// Opens a queue on `store`, checks that it fell back to memory with a `beaconStore` error and a diagnostic,
    /// and that it still delivers; returns the error.
    private func fallsBackToMemory(_ store: URL, sourceLocation: SourceLocation = #_sourceLocation) async throws
        -> AdError
    {
        let log = DiagnosticLog()
        let transport = ScriptedBeaconTransport()
        let queue = BeaconQueue(store: store, transport: transport, diagnostics: log.handler)
        let error = try #require(queue.storeError, sourceLocation: sourceLocation)
        #expect(error.code == .beaconStore, sourceLocation: sourceLocation)
        #expect(error.hint?.contains("memory") == true, sourceLocation: sourceLocation)
        #expect(!queue.statistics.isDurable, sourceLocation: sourceLocation)
        #expect(queue.statistics.lastError == error, sourceLocation: sourceLocation)
        #expect(log.all.map(\.kind) == [.storeUnavailable], sourceLocation: sourceLocation)
        #expect(log.all.first?.error == error, sourceLocation: sourceLocation)
        #expect(log.all.first?.level == .error, sourceLocation: sourceLocation)
        queue.send(Beacon(kind: .impression, url: "https://t.example/imp"))
        try await eventually { queue.statistics.delivered == 1 }
        #expect(queue.statistics.delivered == 1, sourceLocation: sourceLocation)
        #expect(transport.calls.count == 1, sourceLocation: sourceLocation)
        await queue.close()
        return error
    }

    /// A store file holding `count` beacons that nothing delivered, closed (checkpointed, no WAL left).
    private func storeWithBeacons(_ count: Int) async throws -> URL {
        let store = try temporaryStore()
        let queue = BeaconQueue(
            store: store, configuration: BeaconQueueConfiguration(backoff: BeaconBackoff(initial: .seconds(3600))),
            transport: ScriptedBeaconTransport(["/imp": [.retry(AdError(.network, "down"))]]))
        for index in 0..<count { queue.send(Beacon(kind: .impression, url: "https://t.example/imp?n=\(index)")) }
        await queue.persist()
        await queue.close()
        #expect(queue.statistics.pending == count)
        return store
    }

    /// Overwrites `bytes` at `offset` in `file`.
    private func patch(_ file: URL, at offset: UInt64, with bytes: [UInt8]) throws {
        let handle = try FileHandle(forWritingTo: file)
        try handle.seek(toOffset: offset)
        handle.write(Data(bytes))
        try handle.close()
    }

    @Test("R12: a file that is not a database is error 26 with a hint to delete it; beacons go to memory")
    func r12_garbageFile() async throws {
        let store = try temporaryStore()
        defer { try? FileManager.default.removeItem(at: store.deletingLastPathComponent()) }
        try Data(String(repeating: "this is not a database\n", count: 400).utf8).write(to: store)
        let error = try await fallsBackToMemory(store)
        #expect(error.providerCode == 26)
        #expect(error.message.contains(store.path))
        #expect(error.hint?.contains("Delete it") == true)
    }

    @Test("R12: a store whose pages are damaged is reported as damaged (error 11 or 26), never read as beacons")
    func r12_damagedPages() async throws {
        let store = try await storeWithBeacons(300)
        defer { try? FileManager.default.removeItem(at: store.deletingLastPathComponent()) }
        try patch(store, at: 4096, with: [UInt8](repeating: 0x5A, count: 8192))
        let error = try await fallsBackToMemory(store)
        #expect(error.providerCode == 11 || error.providerCode == 26)
        #expect(error.hint?.contains("damaged") == true)
    }

    @Test("R12: a folder that cannot hold the file (the path runs through a regular file) is error 14")
    func r12_unwritableFolder() async throws {
        let folder = try temporaryStore().deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: folder) }
        let blocker = folder.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: blocker)
        let error = try await fallsBackToMemory(blocker.appendingPathComponent("beacons.sqlite"))
        #expect(error.providerCode == 14)
        #expect(error.hint?.contains("writable") == true || error.hint?.contains("write") == true)
    }

    @Test("R12: a folder, a FIFO or a device at the store's path is refused at once (SQLite would block on a FIFO)")
    func r12_notARegularFile() async throws {
        let folder = try temporaryStore().deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("beacons.fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        for path in [folder, fifo, URL(fileURLWithPath: "/dev/null")] {
            let error = try await fallsBackToMemory(path)
            #expect(error.message.contains("not a regular file"))
        }
    }

    @Test("R12: a store written by a newer AdBridge (schema version 99) is refused, and left as it is")
    func r12_newerSchema() async throws {
        let store = try await storeWithBeacons(3)
        defer { try? FileManager.default.removeItem(at: store.deletingLastPathComponent()) }
        try patch(store, at: 60, with: [0, 0, 0, 99])  // the header's user_version, big-endian
        let before = try Data(contentsOf: store)
        let error = try await fallsBackToMemory(store)
        #expect(error.message.contains("schema version 99"))
        #expect(error.hint?.contains("newer AdBridge") == true)
        #expect(try Data(contentsOf: store) == before)
    }

    /// A SQLite database made by "another program": `sql` run on a new file.
    private func foreignDatabase(_ sql: String) throws -> URL {
        let store = try temporaryStore()
        var database: OpaquePointer?
        #expect(sqlite3_open(store.path, &database) == SQLITE_OK)
        #expect(sqlite3_exec(database, sql, nil, nil, nil) == SQLITE_OK)
        sqlite3_close(database)
        return store
    }

    @Test("R12: another program's database is not a beacon store, and is left exactly as it was")
    func r12_foreignDatabase() async throws {
        let store = try foreignDatabase("CREATE TABLE orders (id INTEGER PRIMARY KEY, total REAL)")
        defer { try? FileManager.default.removeItem(at: store.deletingLastPathComponent()) }
        let before = try Data(contentsOf: store)
        let error = try await fallsBackToMemory(store)
        #expect(error.message.contains("not an AdBridge beacon store"))
        #expect(error.hint?.contains("another program's database") == true)
        #expect(try Data(contentsOf: store) == before)
    }

    @Test("R12: a store whose `beacon` table has another shape is not a beacon store (found at once, not later)")
    func r12_tableOfAnotherShape() async throws {
        let store = try foreignDatabase(
            "CREATE TABLE beacon (id INTEGER PRIMARY KEY, payload BLOB); PRAGMA user_version = 1")
        defer { try? FileManager.default.removeItem(at: store.deletingLastPathComponent()) }
        let error = try await fallsBackToMemory(store)
        #expect(error.message.contains("not an AdBridge beacon store"))
        #expect(error.message.contains("no such column"))
        #expect(error.providerCode == 1)
    }

    @Test("An empty file is a new store; reopening an existing store keeps its beacons and opens durable")
    func emptyFileIsANewStore() async throws {
        let store = try temporaryStore()
        defer { try? FileManager.default.removeItem(at: store.deletingLastPathComponent()) }
        try Data().write(to: store)
        let queue = BeaconQueue(store: store, transport: ScriptedBeaconTransport())
        #expect(queue.storeError == nil)
        #expect(queue.statistics.isDurable)
        await queue.close()
        let kept = try await storeWithBeacons(4)
        defer { try? FileManager.default.removeItem(at: kept.deletingLastPathComponent()) }
        let reopened = BeaconQueue(store: kept, transport: ScriptedBeaconTransport(["/imp": [nil]]))
        #expect(reopened.storeError == nil)
        #expect(reopened.statistics.restored == 4)
        await reopened.close()
    }
}
