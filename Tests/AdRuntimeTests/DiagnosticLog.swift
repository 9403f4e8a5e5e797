import AdRuntime
import Synchronization

/// Collects a queue's diagnostics (they arrive on the queue's worker).
final class DiagnosticLog: Sendable {
    private let entries = Mutex<[BeaconQueueDiagnostic]>([])

    /// The handler to give the queue.
    var handler: @Sendable (BeaconQueueDiagnostic) -> Void { { entry in self.entries.withLock { $0.append(entry) } } }

    /// Everything reported so far.
    var all: [BeaconQueueDiagnostic] { entries.withLock { $0 } }

    /// The beacons reported for `kind`, summed.
    func count(_ kind: BeaconQueueDiagnostic.Kind) -> Int { all.filter { $0.kind == kind }.map(\.count).reduce(0, +) }
}
