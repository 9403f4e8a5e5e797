/// The start of every provider of a host, as a value: inputs stamped with a time, actions out; no clock, no task,
/// no I/O (the `*StateMachine` half of ``ProviderStartup``, like ``ImpressionStateMachine``).
///
/// Rules:
/// - A start asked while the provider is starting or ready changes nothing (starting twice is harmless); a start
///   after a failure tries again.
/// - A provider without a start step (``ProviderStartRequirements/none``) is ready at once.
/// - A required configuration value that is missing fails the start at once with `missingConfiguration`.
/// - The start must end strictly before its deadline: an answer at the deadline or later, or the timer, fails it
///   with `timeout` (so the outcome at the boundary does not depend on which of the two runs first).
///
/// ```swift
/// var machine = ProviderStartStateMachine()
/// let actions = machine.start("acme", requirements: .init(needsStart: true), configuration: .init(), at: .zero)
/// // [.runStart("acme", generation: 1), .startTimer("acme", generation: 1, deadline: 10 s)]
/// _ = machine.finished("acme", generation: 1, .success(()), at: .zero.advanced(by: .seconds(1)))
/// // machine.state(of: "acme") == .ready(at: 1 s)
/// ```
public struct ProviderStartStateMachine: Sendable {
    private struct Entry: Sendable {
        var state: ProviderStartState
        var generation: UInt64
        var timeout: Duration
    }

    /// The entry of each provider asked to start: a handful, looked up for every load (whether its provider is
    /// ready), so found by comparing IDs rather than hashing them.
    private var entries = SmallTable<ProviderID, Entry>()
    private var nextGeneration: UInt64 = 0

    /// Creates a machine where every provider is `notStarted`.
    public init() {}

    /// The state of one provider.
    public func state(of id: ProviderID) -> ProviderStartState {
        entries.withValue(of: id, \.state) ?? .notStarted
    }

    /// Asks a provider to start.
    public mutating func start(
        _ id: ProviderID, requirements: ProviderStartRequirements, configuration: ProviderConfiguration,
        at now: AdInstant
    ) -> [Action] {
        switch state(of: id) {
        case .starting: return [.ignore(id, reason: "its start is already running")]
        case .ready: return [.ignore(id, reason: "it is already ready")]
        case .notStarted, .failed: break
        }
        nextGeneration += 1
        let generation = nextGeneration
        let missing = requirements.missingKeys(in: configuration)
        if !missing.isEmpty {
            let names = missing.map { "\($0) (\(requirements.requiredKeys[$0] ?? "required"))" }
            let error = AdError(
                .missingConfiguration,
                "Provider '\(id)' cannot start without " + names.joined(separator: ", ") + ".",
                providerID: id,
                hint: "Pass ProviderConfiguration([" + missing.map { ".\($0): \"...\"" }.joined(separator: ", ")
                    + "]) for '\(id)' to AdHost.startProviders(_:).")
            return settle(id, .failed(error), generation: generation, timeout: .zero)
        }
        guard requirements.needsStart else {
            return settle(id, .ready(at: now), generation: generation, timeout: .zero)
        }
        let timeout = configuration.timeout ?? requirements.timeout
        let deadline = now.advanced(by: timeout)
        let starting = Entry(state: .starting(since: now, deadline: deadline), generation: generation, timeout: timeout)
        entries.set(id, to: starting)
        return [.runStart(id, generation: generation), .startTimer(id, generation: generation, deadline: deadline)]
    }

    /// The provider's `start` returned (`.success`) or threw. A late answer (after the timeout, or of an earlier
    /// start) is ignored; an answer at the deadline or later counts as a timeout.
    public mutating func finished(
        _ id: ProviderID, generation: UInt64, _ result: Result<Void, AdError>, at now: AdInstant
    ) -> [Action] {
        guard let entry = entries[id], entry.generation == generation,
            case .starting(_, let deadline) = entry.state
        else {
            return [.ignore(id, reason: "a start that no longer runs answered")]
        }
        let state: ProviderStartState
        if now >= deadline {
            state = .failed(Self.timedOut(id, after: entry.timeout))
        } else {
            switch result {
            case .success: state = .ready(at: now)
            case .failure(var error):
                if error.providerID == nil { error.providerID = id }
                if error.hint == nil {
                    error.hint = "Check the provider's configuration and network, then call startProviders() again."
                }
                state = .failed(error)
            }
        }
        return [.cancelTimer(id)] + settle(id, state, generation: generation, timeout: entry.timeout)
    }

    /// The start's timer fired at its deadline.
    public mutating func timedOut(_ id: ProviderID, generation: UInt64) -> [Action] {
        guard let entry = entries[id], entry.generation == generation, case .starting = entry.state else {
            return [.ignore(id, reason: "the timer of a start that no longer runs fired")]
        }
        let error = Self.timedOut(id, after: entry.timeout)
        return [.cancelStart(id)] + settle(id, .failed(error), generation: generation, timeout: entry.timeout)
    }

    private mutating func settle(
        _ id: ProviderID, _ state: ProviderStartState, generation: UInt64, timeout: Duration
    ) -> [Action] {
        entries.set(id, to: Entry(state: state, generation: generation, timeout: timeout))
        return [.settled(id, state)]
    }

    /// The error of a start that did not end within its timeout.
    static func timedOut(_ id: ProviderID, after timeout: Duration) -> AdError {
        AdError(
            .timeout, "Provider '\(id)' did not start within \(timeout).", providerID: id,
            hint: "Check the network; raise ProviderConfiguration(timeout:) if the start needs longer, then call "
                + "startProviders() again.")
    }
}
