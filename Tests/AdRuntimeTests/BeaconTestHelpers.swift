import AdRuntime
import AdTestSupport
import Foundation

/// A fresh store file in a folder of its own, which the caller removes.
func temporaryStore() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("adbridge-beacons-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent("beacons.sqlite")
}

/// Waits until `condition` holds, or the hang guard gives up (``HangGuard``: the caller's own expectations then
/// fail). It only looks: unlike `flush()`, it does not wait for deliveries in flight, which a hanging transport on a
/// clock that never moves would hold.
func eventually(_ condition: () -> Bool) async throws {
    try Task.checkCancellation()
    await HangGuard.waitUntil(condition)
}

extension BeaconQueueConfiguration {
    /// The defaults, with beacons to 127.0.0.1 allowed (R9): for tests against the loopback server.
    static let loopback = BeaconQueueConfiguration(addresses: .allowingPrivate)
}
