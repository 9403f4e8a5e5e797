public import Observation
import Synchronization

/// Starts a host's providers and keeps each one's state: the driver of ``ProviderStartStateMachine``, on the main
/// actor, its timeouts on the host's scheduler (virtual time in tests). ``AdHost/startup`` is the host's.
///
/// ``start(_:)`` starts every registered provider in parallel and returns when each is ready or failed; ``states``
/// is observable (SwiftUI, `withObservationTracking`) and every settled state is recorded in diagnostics. A load
/// for a provider that has not started waits for its start (``waitUntilReady(_:)``), bounded by the load's own
/// timeout.
///
/// ```swift
/// let states = await host.startProviders(["acme": ProviderConfiguration([.appID: "acme-app-42"])])
/// for (id, state) in states.sorted(by: { $0.key < $1.key }) { print(id, state) }   // acme ready, yandex ready
/// ```
@Observable
@MainActor
public final class ProviderStartup {
    /// Each registered provider's state (every registered ID is present).
    public private(set) var states: [ProviderID: ProviderStartState]

    @ObservationIgnored private var machine = ProviderStartStateMachine()
    @ObservationIgnored private let registry: ProviderRegistry
    @ObservationIgnored private let scheduler: any AdScheduler
    @ObservationIgnored private let diagnostics: AdDiagnostics
    @ObservationIgnored private let environment: @MainActor (ProviderID) -> ProviderEnvironment
    @ObservationIgnored private var configurations: [ProviderID: ProviderConfiguration] = [:]
    @ObservationIgnored private var timers: [ProviderID: ScheduledActionID] = [:]
    @ObservationIgnored private var tasks: [ProviderID: Task<Void, Never>] = [:]
    /// The host's environment (with its current privacy signals), when a host owns this start-up.
    @ObservationIgnored var hostEnvironment: (@MainActor (ProviderID) -> ProviderEnvironment?)?
    @ObservationIgnored private var waiters: [ProviderID: [AdResumer<Result<Void, AdError>>]] = [:]

    /// Creates the start-up of a registry's providers; `environment` gives each provider what it may use to start.
    public init(
        registry: ProviderRegistry, scheduler: any AdScheduler, diagnostics: AdDiagnostics,
        environment: @escaping @MainActor (ProviderID) -> ProviderEnvironment
    ) {
        self.registry = registry
        self.scheduler = scheduler
        self.diagnostics = diagnostics
        self.environment = environment
        self.states = Dictionary(uniqueKeysWithValues: registry.ids.map { ($0, .notStarted) })
    }

    /// One provider's state.
    public func state(of id: ProviderID) -> ProviderStartState {
        access(keyPath: \.states)
        return machine.state(of: id)
    }

    /// The states as lines, `id: state (error hint)`, sorted by ID: what `adsim` and a debug screen print.
    public var summary: String {
        registry.ids.map { id in
            let state = self.state(of: id)
            guard let error = state.error else { return "\(id): \(state)" }
            return "\(id): \(state) \(error.message)" + (error.hint.map { " Fix: " + $0 } ?? "")
        }.joined(separator: "\n")
    }

    /// Starts every registered provider in parallel, each with its configuration (an empty one when none is
    /// given), and returns when each is ready or failed. Providers starting or ready are left alone (starting
    /// twice is harmless); failed ones start again.
    @discardableResult
    public func start(
        _ configurations: [ProviderID: ProviderConfiguration] = [:]
    ) async -> [ProviderID: ProviderStartState] {
        for (id, configuration) in configurations { self.configurations[id] = configuration }
        for id in registry.ids { begin(id) }
        for id in registry.ids { _ = await waitUntilSettled(id) }
        return states
    }

    /// Waits until `id` is ready: at once when it is; its start when it runs; a start begun now (with the
    /// configuration given earlier, if any) when it has not started. A provider that declares a start step and
    /// is started this way is reported in diagnostics (start providers at launch).
    ///
    /// - Returns: `.failure(providerNotReady)` wrapping the start's error when the start failed or fails;
    ///   `.failure(cancelled)` when the waiting task is cancelled (the load's own timeout ended it).
    public func waitUntilReady(_ id: ProviderID) async -> Result<Void, AdError> {
        if case .notStarted = machine.state(of: id) {
            if let provider = try? registry.provider(for: id), provider.descriptor.startRequirements.needsStart {
                diagnostics.record(
                    .warning, "A load asked for '\(id)' before it was started; starting it now.", providerID: id,
                    recommendation: "Call AdHost.startProviders(_:) at launch"
                        + (provider.descriptor.startRequirements.reason.map { " (\($0))" } ?? "") + ".")
            }
            begin(id)
        }
        switch await waitUntilSettled(id) {
        case .ready: return .success(())
        case .failed(let error): return .failure(Self.notReady(id, because: error))
        case .notStarted, .starting:
            return .failure(AdError(.cancelled, "The wait for '\(id)' to start was cancelled.", providerID: id))
        }
    }

    /// Makes `id` ready when that needs no wait and says whether it is: the provider is ready, or it has not started and
    /// declares no start step, which begins it now and makes it ready at once (as ``waitUntilReady(_:)`` would,
    /// without suspending). A load through a callback (`ScheduledAdProvider`) goes without a task only then.
    package func becomeReadyWithoutWaiting(_ id: ProviderID) -> Bool {
        let state = machine.state(of: id)
        if state.isReady { return true }  // almost always: one look-up
        if case .notStarted = state, let provider = try? registry.provider(for: id),
            !provider.descriptor.startRequirements.needsStart
        {
            begin(id)
        }
        return machine.state(of: id).isReady
    }

    /// The error of a load for a provider whose start failed: `providerNotReady`, the start's error underneath.
    public static func notReady(_ id: ProviderID, because error: AdError) -> AdError {
        AdError(
            .providerNotReady, "Provider '\(id)' did not start: \(error.message)", providerID: id,
            providerCode: error.providerCode, hint: error.hint, underlying: error)
    }

    // MARK: Driving the machine

    private func begin(_ id: ProviderID) {
        guard let provider = try? registry.provider(for: id) else { return }
        let configuration = configurations[id] ?? ProviderConfiguration()
        perform(
            machine.start(
                id, requirements: provider.descriptor.startRequirements, configuration: configuration,
                at: scheduler.now),
            provider: provider, configuration: configuration)
    }

    private func perform(
        _ effects: [ProviderStartStateMachine.Action], provider: (any AdProvider)? = nil,
        configuration: ProviderConfiguration? = nil
    ) {
        for effect in effects {
            switch effect {
            case .runStart(let id, let generation):
                guard let provider else { continue }
                states[id] = machine.state(of: id)
                let environment = hostEnvironment?(id) ?? self.environment(id)
                let configuration = configuration ?? ProviderConfiguration()
                tasks[id] = scheduler.spawn { [weak self] in
                    let result: Result<Void, AdError>
                    do throws(AdError) {
                        try await provider.start(configuration, environment: environment)
                        result = .success(())
                    } catch {
                        result = .failure(error)
                    }
                    guard let self else { return }
                    self.perform(self.machine.finished(id, generation: generation, result, at: self.scheduler.now))
                }
            case .startTimer(let id, let generation, let deadline):
                timers[id] = scheduler.schedule(at: deadline) { [weak self] in
                    guard let self else { return }
                    self.timers[id] = nil
                    self.perform(self.machine.timedOut(id, generation: generation))
                }
            case .cancelTimer(let id):
                if let timer = timers.removeValue(forKey: id) { scheduler.cancel(timer) }
            case .cancelStart(let id):
                tasks.removeValue(forKey: id)?.cancel()
            case .settled(let id, let state):
                tasks[id] = nil
                states[id] = state
                record(id, state)
                for waiter in waiters.removeValue(forKey: id) ?? [] {
                    waiter.resume(returning: state.error.map { .failure($0) } ?? .success(()))
                }
            case .ignore(let id, let reason):
                diagnostics.record(.debug, "Start of '\(id)' ignored: \(reason).", providerID: id)
            }
        }
    }

    /// Waits (without starting anything) until `id`'s start is settled, or the waiting task is cancelled; returns
    /// the state then.
    private func waitUntilSettled(_ id: ProviderID) async -> ProviderStartState {
        guard case .starting = machine.state(of: id) else { return machine.state(of: id) }
        let box = Mutex<AdResumer<Result<Void, AdError>>?>(nil)
        let result: Result<Void, AdError> = await withTaskCancellationHandler {
            await scheduler.suspend { (resumer: AdResumer<Result<Void, AdError>>) in
                box.withLock { $0 = resumer }
                waiters[id, default: []].append(resumer)
                if Task.isCancelled { resumer.resume(returning: .failure(AdError(.cancelled, "Cancelled."))) }
            }
        } onCancel: {
            _ = box.withLock { $0 }?.resume(returning: .failure(AdError(.cancelled, "Cancelled.")))
        }
        _ = result  // the state says how the start ended; a cancelled wait leaves it starting
        return machine.state(of: id)
    }

    private func record(_ id: ProviderID, _ state: ProviderStartState) {
        switch state {
        case .ready(let at):
            diagnostics.record(.info, "Provider '\(id)' is ready (started at \(at)).", providerID: id)
        case .failed(let error):
            diagnostics.record(
                .error, "Provider '\(id)' failed to start: \(error.message)", providerID: id,
                recommendation: error.hint)
        case .notStarted, .starting:
            break
        }
    }
}
