// The child process of the beacon queue's process tests (rules R11, R12, R14): a small program that opens a
// `BeaconQueue` on a store file and delivers, so a test can kill it with SIGKILL, fill its disk, or watch its
// memory from outside. Every line it prints goes straight to stdout (unbuffered), one event per line.
//
//   BeaconQueueChild deliver <store> <url> <count>   sends <count> beacons <url>?n=<i>, then delivers them all
//   BeaconQueueChild resume <store>                   delivers what the store holds
//   BeaconQueueChild full <store> <url> <count>       like deliver, under a 96 KiB file size limit (a full disk)
//   BeaconQueueChild soak <store> <count>             <count> beacons through the queue, printing its memory
//   BeaconQueueChild readonly <store> <count> [max]   as root, drops to nobody (65534) first; then opens the queue
//                                                     (maxCount <max>) on a store it cannot write and waits until
//                                                     <count> beacons are delivered and nothing else is due
//
// Exit status: 0 done, 64 usage, 2 not drained within 30 s (a hang guard, HangGuard), 3 privileges not dropped,
// 4 the store is writable.
import AdCore
import AdRuntime
import AdTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

func emit(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// A transport that confirms every beacon at once: the soak measures the queue, not the network.
struct ConfirmingTransport: BeaconTransport {
    func deliver(_ url: URL) async -> BeaconDeliveryOutcome { .delivered(status: 204) }
}

let configuration = BeaconQueueConfiguration(
    backoff: BeaconBackoff(initial: .milliseconds(20), maximum: .milliseconds(200)), timeout: .seconds(2),
    addresses: .allowingPrivate)  // R9: the test's server is on 127.0.0.1

func openQueue(
    _ path: String, transport: (any BeaconTransport)? = nil, configuration: BeaconQueueConfiguration = configuration
) -> BeaconQueue {
    BeaconQueue(store: URL(fileURLWithPath: path), configuration: configuration, transport: transport) {
        let code = $0.error.map { "\($0.code) \($0.providerCode.map(String.init) ?? "-")" } ?? "-"
        emit("diagnostic \($0.kind.rawValue) \($0.count) \(code)")
    }
}

/// Waits (at most 30 s: a hang guard, exit 2 past it) until the queue holds nothing, prints its statistics and exits.
func drain(_ queue: BeaconQueue) async -> Never {
    let drained = await HangGuard.waitUntil(within: .seconds(30), polling: .milliseconds(5)) {
        if queue.statistics.pending == 0 && queue.statistics.inFlight == 0 { return true }
        await queue.flush()
        return false
    }
    guard drained else {
        emit("stuck \(queue.statistics)")
        exit(2)
    }
    await queue.close()
    let statistics = queue.statistics
    emit("drained delivered=\(statistics.delivered) durable=\(statistics.isDurable) \(statistics)")
    exit(0)
}

func send(_ count: Int, to url: String, through queue: BeaconQueue, persistingEach: Bool) async {
    for index in 0..<count {
        queue.send(Beacon(kind: .impression, url: "\(url)?n=\(index)"))
        if persistingEach { await queue.persist() }
    }
    await queue.persist()
    emit("persisted \(count) durable=\(queue.statistics.isDurable)")
}

func soak(_ path: String, count: Int) async -> Never {
    let queue = openQueue(path, transport: ConfirmingTransport())
    let report = max(1, count / 10)
    for index in 0..<count {
        queue.send(Beacon(kind: .impression, url: "https://t.example/imp?n=\(index)"))
        if (index + 1) % 1000 == 0 {
            await queue.persist()
            if queue.statistics.pending > 4000 { await queue.flush() }
        }
        if (index + 1) % report == 0 { emit("rss \(index + 1) \(ProcessMemory.residentBytes())") }
    }
    while queue.statistics.pending > 0 { await queue.flush() }
    await queue.close()
    let statistics = queue.statistics
    // No time: the soak's speed is `adbench beacons`' to measure (Docs/Performance.md), not a test's.
    emit(
        "done delivered=\(statistics.delivered) dropped=\(statistics.dropped) refused=\(statistics.refused) "
            + "rss=\(ProcessMemory.residentBytes())")
    exit(0)
}

/// Drops root to nobody (65534): supplementary groups, then the group, then the user; root ignores file
/// permissions, so only then does a read-only store file stay read-only. Exits with 3 when it cannot.
func dropPrivileges() {
    guard getuid() == 0 else {
        emit("privileges uid=\(getuid()) kept (not root)")
        return
    }
    let nobody: UInt32 = 65_534
    func fail(_ step: String) -> Never {
        emit("privileges failed: \(step): \(String(cString: strerror(errno))); run the test as a user other than root")
        exit(3)
    }
    if setgroups(0, nil) != 0 { fail("setgroups(0)") }
    if setgid(nobody) != 0 { fail("setgid(\(nobody))") }
    if setuid(nobody) != 0 { fail("setuid(\(nobody))") }
    guard getuid() == nobody, geteuid() == nobody, getgid() == nobody, getegid() == nobody else {
        fail("the ids are \(getuid())/\(geteuid()):\(getgid())/\(getegid()) after setuid")
    }
    guard setuid(0) != 0 else { fail("root could be taken back") }
    emit("privileges uid=\(getuid()) gid=\(getgid()) dropped")
}

/// The `readonly` command: a store this process cannot write, delivered from memory.
func deliverReadOnly(_ path: String, count: Int, maxCount: Int?) async -> Never {
    dropPrivileges()
    let folder = (path as NSString).deletingLastPathComponent
    let candidates: [String] = [path, folder]
    let writable = candidates.filter { access($0, W_OK) == 0 }
    guard writable.isEmpty else {
        emit("writable \(writable.joined(separator: " ")): the store is not read-only for uid \(getuid())")
        exit(4)
    }
    // Retries may wait up to 2 h, so a beacon due in an hour keeps its due time (it is not made due at open).
    var settings = BeaconQueueConfiguration(
        backoff: BeaconBackoff(initial: .milliseconds(20), maximum: .seconds(7_200)), timeout: .seconds(2),
        addresses: .allowingPrivate)
    if let maxCount { settings.maxCount = maxCount }
    let queue = openQueue(path, configuration: settings)
    let opened = queue.statistics
    let code = queue.storeError.map { "\($0.code) \($0.providerCode.map(String.init) ?? "-")" } ?? "-"
    emit("store durable=\(opened.isDurable) restored=\(opened.restored) error=\(code)")
    emit("message \(queue.storeError?.message ?? "-")")
    emit("hint \(queue.storeError?.hint ?? "-")")
    let delivered = await HangGuard.waitUntil(within: .seconds(30), polling: .milliseconds(5)) {
        if queue.statistics.delivered >= count { return true }
        await queue.flush()
        return false
    }
    guard delivered else {
        emit("stuck \(queue.statistics)")
        exit(2)
    }
    await queue.flush()
    await queue.close()
    let statistics = queue.statistics
    emit(
        "done delivered=\(statistics.delivered) pending=\(statistics.pending) expired=\(statistics.droppedExpired) "
            + "overflow=\(statistics.droppedOverflow) durable=\(statistics.isDurable)")
    exit(0)
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch (arguments.first, arguments.count) {
case ("deliver", 4):
    let queue = openQueue(arguments[1])
    await send(Int(arguments[3]) ?? 0, to: arguments[2], through: queue, persistingEach: false)
    await drain(queue)
case ("resume", 2):
    let queue = openQueue(arguments[1])
    emit("restored \(queue.statistics.restored)")
    await drain(queue)
case ("full", 4):
    // A file size limit stands for a full disk: writes past it fail with EFBIG (SIGXFSZ is ignored).
    let queue = openQueue(arguments[1])
    signal(SIGXFSZ, SIG_IGN)
    var limit = rlimit(rlim_cur: 96 << 10, rlim_max: 96 << 10)
    #if canImport(Glibc)
        setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit)
    #else
        setrlimit(RLIMIT_FSIZE, &limit)
    #endif
    await send(Int(arguments[3]) ?? 0, to: arguments[2], through: queue, persistingEach: true)
    await drain(queue)
case ("soak", 3):
    await soak(arguments[1], count: Int(arguments[2]) ?? 0)
case ("readonly", 3), ("readonly", 4):
    await deliverReadOnly(
        arguments[1], count: Int(arguments[2]) ?? 0, maxCount: arguments.count == 4 ? Int(arguments[3]) : nil)
default:
    FileHandle.standardError.write(
        Data(
            ("usage: BeaconQueueChild deliver|full <store> <url> <count> | resume <store> | soak <store> <count> "
                + "| readonly <store> <count> [maxCount]\n").utf8)
    )
    exit(64)
}
