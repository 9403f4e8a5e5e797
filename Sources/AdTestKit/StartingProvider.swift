public import AdCore
import Synchronization

/// A scripted provider with a start step (H1-H3): its start succeeds or fails after a virtual delay, or never
/// ends; it records every start and every request it loads. Loads behave as ``ScriptedProvider``'s (the
/// transport's reply is the creative).
///
/// ```swift
/// let log = StartLog()
/// let slow = StartingProvider(id: "slow", start: .succeed(after: .seconds(2)), log: log)
/// let world = try TestHost(providers: [slow])
/// await world.host.startProviders()
/// ```
public struct StartingProvider: AdProvider {
    /// What the start does.
    public enum StartScript: Sendable {
        /// Returns after `delay` of virtual time.
        case succeed(after: Duration)
        /// Throws `error` after `delay` of virtual time.
        case fail(AdError, after: Duration)
        /// Never returns by itself (only its timeout ends it; it then sees the cancellation).
        case never
    }

    /// The declaration: the scripted provider's, with the start requirements and honoured signals given.
    public private(set) var descriptor: ProviderDescriptor
    /// The test ad unit per format (H9).
    public var testAdUnits: [AdFormat: String] {
        get { descriptor.testAdUnits }
        set { descriptor.testAdUnits = newValue }
    }
    /// The provider's IAB Global Vendor List ID (H14): `nil` by default.
    public var globalVendorListID: Int? {
        get { descriptor.globalVendorListID }
        set { descriptor.globalVendorListID = newValue }
    }
    private let base: ScriptedProvider
    private let script: StartScript
    private let log: StartLog

    /// Creates a provider.
    public init(
        id: ProviderID, formats: Set<AdFormat> = [.native, .interstitial],
        requirements: ProviderStartRequirements = ProviderStartRequirements(needsStart: true),
        honouredPrivacySignals: Set<PrivacySignal> = [], start: StartScript = .succeed(after: .zero),
        log: StartLog = StartLog()
    ) {
        base = ScriptedProvider(id: id, formats: formats)
        var descriptor = base.descriptor
        descriptor.startRequirements = requirements
        descriptor.honouredPrivacySignals = honouredPrivacySignals
        self.descriptor = descriptor
        self.script = start
        self.log = log
    }

    /// Records the request and its environment's privacy, then loads as ``ScriptedProvider`` does.
    @MainActor
    public func load(_ request: AdRequest, environment: ProviderEnvironment) async throws(AdError) -> any ProviderAd {
        log.loads.append(StartLog.Load(providerID: descriptor.id, request: request, at: environment.scheduler.now))
        return try await base.load(request, environment: environment)
    }

    /// Runs the script in the environment's virtual time.
    @MainActor
    public func start(_ configuration: ProviderConfiguration, environment: ProviderEnvironment) async throws(AdError) {
        let scheduler = environment.scheduler
        log.starts.append(StartLog.Start(providerID: descriptor.id, configuration: configuration, at: scheduler.now))
        switch script {
        case .succeed(let delay):
            await Self.wait(delay, on: scheduler)
        case .fail(let error, let delay):
            await Self.wait(delay, on: scheduler)
            throw error
        case .never:
            let box = Mutex<AdResumer<Void>?>(nil)
            await withTaskCancellationHandler {
                await scheduler.suspend { (resumer: AdResumer<Void>) in
                    box.withLock { $0 = resumer }
                    if Task.isCancelled { resumer.resume(returning: ()) }
                }
            } onCancel: {
                _ = box.withLock { $0 }?.resume(returning: ())
            }
            throw AdError(.cancelled, "The start of '\(descriptor.id)' was cancelled.", providerID: descriptor.id)
        }
    }

    @MainActor
    private static func wait(_ delay: Duration, on scheduler: any AdScheduler) async {
        guard delay > .zero else { return }
        await scheduler.suspend { (resumer: AdResumer<Void>) in
            scheduler.schedule(after: delay) { resumer.resume(returning: ()) }
        }
    }
}
