public import AdCore

/// Something a ``BeaconQueue`` reports to its diagnostics handler: beacons dropped, refused or failed for good
/// (counted per worker turn, never one call per beacon), or a store that could not be used (the queue then keeps
/// beacons in memory). Nothing is dropped silently.
///
/// The handler is called from the queue's worker, off the main actor; ``entry`` is ready for `AdDiagnostics`:
///
/// ```swift
/// let queue = BeaconQueue(store: storeURL) { diagnostic in
///     Task { @MainActor in
///         host.diagnostics.record(diagnostic.level, diagnostic.message, recommendation: diagnostic.error?.hint)
///     }
/// }
/// ```
public struct BeaconQueueDiagnostic: Sendable, Equatable, CustomStringConvertible {
    /// What happened.
    public enum Kind: String, Sendable, Equatable {
        /// Beacons dropped because the queue was full.
        case droppedOverflow
        /// Beacons dropped because they were too old to send.
        case droppedExpired
        /// Beacons sent after the queue was closed.
        case droppedClosed
        /// Beacons refused when sent (not http(s), URL too long).
        case refused
        /// Beacons the server refused for good (4xx).
        case failed
        /// The store file could not be opened: the queue keeps beacons in memory.
        case storeUnavailable
        /// The store failed while the queue ran: the queue goes on in memory.
        case storeFailed
    }

    /// What happened.
    public var kind: Kind
    /// How many beacons it concerns (1 for a store problem).
    public var count: Int
    /// The typed error behind it (with its hint), when there is one.
    public var error: AdError?

    /// Creates a diagnostic.
    public init(kind: Kind, count: Int, error: AdError?) {
        self.kind = kind
        self.count = count
        self.error = error
    }

    /// `error` for a store problem, `warning` for lost beacons.
    public var level: AdDiagnostics.Entry.Level {
        switch kind {
        case .storeUnavailable, .storeFailed: .error
        default: .warning
        }
    }

    /// One sentence: what happened, to how many beacons, and why.
    public var message: String {
        let reason = error.map { " Last: \($0.message)" } ?? ""
        switch kind {
        case .droppedOverflow: return "\(count) beacon(s) dropped: the beacon queue is full.\(reason)"
        case .droppedExpired: return "\(count) beacon(s) dropped: older than the queue's maximum age.\(reason)"
        case .droppedClosed: return "\(count) beacon(s) dropped: sent after the beacon queue was closed."
        case .refused: return "\(count) beacon(s) refused.\(reason)"
        case .failed: return "\(count) beacon(s) refused by the server for good.\(reason)"
        case .storeUnavailable, .storeFailed:
            return "The beacon store failed; beacons are kept in memory.\(reason)"
        }
    }

    /// The diagnostic as an `AdDiagnostics` entry (its recommendation is the error's hint).
    public var entry: AdDiagnostics.Entry {
        AdDiagnostics.Entry(level: level, providerID: nil, message: message, recommendation: error?.hint)
    }

    /// `[level] message Recommendation: hint`.
    public var description: String { entry.description }
}
