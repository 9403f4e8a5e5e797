import AdRuntime
import Foundation

/// A fresh store file in a folder of its own.
func temporaryStore() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("adbridge-beacons-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent("beacons.sqlite")
}

/// Waits (up to 60 s of real time, for a loaded machine) until `condition` holds. It only looks: unlike `flush()`,
/// it does not wait for deliveries in flight, which a hanging transport on a clock that never moves would hold.
func eventually(_ condition: () -> Bool) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .seconds(60))
    while !condition() && clock.now < deadline { try await Task.sleep(for: .milliseconds(2)) }
}

extension BeaconQueueConfiguration {
    /// The defaults, with beacons to 127.0.0.1 allowed (R9): for tests against the loopback server.
    static let loopback = BeaconQueueConfiguration(addresses: .allowingPrivate)
}
