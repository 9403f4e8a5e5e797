import Synchronization

/// Integration diagnostics: what went wrong in the host's integration and how to fix it (rule Y17).
///
/// Off by default; switched on, every problem AdBridge or a provider notices is recorded and forwarded to an
/// optional handler (print it, send it to the host's logger).
///
/// ```swift
/// host.diagnostics.isEnabled = true
/// host.diagnostics.handler = { print($0) }
/// print(host.diagnostics)   // AdDiagnostics: on, from info, 1 entry, then each entry on its own line
/// ```
@MainActor
public final class AdDiagnostics: CustomStringConvertible {
    /// One diagnostic.
    public struct Entry: Sendable, Hashable, CustomStringConvertible {
        /// How serious it is.
        public enum Level: String, Sendable, Hashable, Comparable {
            /// Background detail.
            case debug
            /// Something worth knowing.
            case info
            /// An integration problem: it works, but not as it should (lost impressions, demo units in release).
            case warning
            /// A failure.
            case error

            private var rank: Int { [.debug: 0, .info: 1, .warning: 2, .error: 3][self] ?? 0 }

            /// Orders levels by severity.
            public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rank < rhs.rank }
        }

        /// How serious it is.
        public var level: Level
        /// The provider concerned, if any.
        public var providerID: ProviderID?
        /// What happened.
        public var message: String
        /// How to fix it.
        public var recommendation: String?

        /// Creates an entry.
        public init(level: Level, providerID: ProviderID?, message: String, recommendation: String?) {
            self.level = level
            self.providerID = providerID
            self.message = message
            self.recommendation = recommendation
        }

        /// `[warning] yandex: message Recommendation: ...`.
        public var description: String {
            var text = "[\(level.rawValue)] " + (providerID.map { "\($0): " } ?? "") + message
            if let recommendation { text += " Recommendation: " + recommendation }
            return text
        }
    }

    /// What the log holds. It lives in a `Mutex` only so that ``description`` can be read from any context (a
    /// `print` in a test, a debugger); every change still happens on the main actor.
    private struct State {
        var isEnabled: Bool
        var minimumLevel: Entry.Level
        var entries: [Entry] = []
        var recorded = 0
    }

    private let state: Mutex<State>

    /// Whether diagnostics are recorded and forwarded.
    public var isEnabled: Bool {
        get { state.withLock { $0.isEnabled } }
        set { state.withLock { $0.isEnabled = newValue } }
    }
    /// The lowest level recorded.
    public var minimumLevel: Entry.Level {
        get { state.withLock { $0.minimumLevel } }
        set { state.withLock { $0.minimumLevel = newValue } }
    }
    /// Called for every recorded entry.
    public var handler: (@MainActor (Entry) -> Void)?
    /// The newest recorded entries, oldest first: at most ``keptEntries`` (the handler sees every one).
    public var entries: [Entry] { state.withLock { Array($0.entries.suffix(Self.keptEntries)) } }
    /// How many entries were recorded since the log was created, also those no longer kept.
    public var recordedCount: Int { state.withLock { $0.recorded } }
    /// How many entries ``entries`` keeps.
    public nonisolated static let keptEntries = 1_000

    /// Creates a diagnostics log.
    public init(isEnabled: Bool = false, minimumLevel: Entry.Level = .info) {
        state = Mutex(State(isEnabled: isEnabled, minimumLevel: minimumLevel))
    }

    /// Records an entry when enabled and at or above the minimum level. The message and the recommendation are
    /// made only then (as a logger's are): a log that is off, the default, costs a look at its level and no text.
    ///
    /// ```swift
    /// diagnostics.record(.info, "Provider '\(id)' is ready.", providerID: id)
    /// ```
    public func record(
        _ level: Entry.Level, _ message: @autoclosure () -> String, providerID: ProviderID? = nil,
        recommendation: @autoclosure () -> String? = nil
    ) {
        guard state.withLock({ $0.isEnabled && level >= $0.minimumLevel }) else { return }
        let entry = Entry(level: level, providerID: providerID, message: message(), recommendation: recommendation())
        state.withLock { state in
            // Trimmed a thousand at a time, so that a storm of entries costs O(1) each, not a shift of the log.
            if state.entries.count >= 2 * Self.keptEntries { state.entries.removeFirst(Self.keptEntries) }
            state.entries.append(entry)
            state.recorded += 1
        }
        handler?(entry)
    }

    /// What the log holds: whether it is on, from which level, how many entries, then each entry on its own line
    /// (N8), so printing it in a test failure or a debugger shows the problems themselves.
    public nonisolated var description: String {
        state.withLock { state in
            let status = state.isEnabled ? "on, from \(state.minimumLevel.rawValue)" : "off (set isEnabled to record)"
            let kept = state.entries.suffix(Self.keptEntries)
            let count = kept.count == 1 ? "1 entry" : "\(kept.count) entries"
            return (["AdDiagnostics: \(status), \(count)"] + kept.map { "  " + $0.description })
                .joined(separator: "\n")
        }
    }
}
