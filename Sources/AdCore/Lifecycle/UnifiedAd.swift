public import Observation

/// One ad, as the host sees it, whatever its provider: the one lifecycle (rule C1) with its phase observable and
/// its events delivered on the main actor, in order, once (C2).
///
/// The unified ad enforces the contract around the provider: the load ends (C7, with a timeout and a retry
/// bound), the ad expires when its provider says (G10, I26), each part's impression counts once by the
/// provider's viewability rule (C3), clicks count only when valid and once per impression (C4), one container
/// shows one ad (Y22, I17), and a destroyed ad never emits again, whatever its provider does (C5). An ad made of
/// parts (a slider's block and its cards, see ``AdComponent``) binds, tracks and clicks each part the same way.
///
/// It is a thin performer: ``AdLifecycleStateMachine`` decides, and this class carries out its actions on the
/// host (registries, trackers, overlays, timers) and the provider. It never runs its machine while performing
/// actions: a call or callback that arrives meanwhile (from an event handler, the provider, a tracker that fired at
/// once) waits, and runs after them, in arrival order. Such a host call cannot answer at once: a refusal of a
/// waiting `bind`, `detach` or `present` is recorded in the diagnostics rather than thrown, and a waiting click
/// returns `.rejected` with the code ``AdError/Code/deferred`` (its `.click` event says whether it counted).
///
/// ```swift
/// let ad = try host.makeAd(AdRequest(adUnitID: "unit-1", format: .native), provider: "example")
/// ad.onEvent { print($0) }
/// await ad.load().value
/// try ad.bind(AdBinding(container: card, assets: [.title: title], clickViews: [cta]))
/// // ... the card stays visible for a second: .impression
/// ad.click(on: cta)   // .counted
/// ad.destroy()
/// ```
@Observable
@MainActor
public final class UnifiedAd {
    /// The ad's identity in its host.
    public let id: AdID
    /// What was requested.
    public let request: AdRequest
    /// The provider serving it.
    public let providerID: ProviderID
    /// How its request goes out under its privacy signals (H14): personalised, or without personalisation and why.
    public var consent: ConsentDecision {
        request.privacy.consent(forVendor: descriptor.globalVendorListID)
    }
    // The observable state is read from the machine (one copy per ad: a live ad's memory matters), and observers
    // are told when a performed input changed it (``tellObservers()``).

    /// The current phase.
    public var phase: AdPhase {
        access(keyPath: \.phase)
        return reading { $0.phase }
    }
    /// What was loaded (its expiry filled in from the provider's default when the response named none).
    public var info: LoadedAdInfo? {
        access(keyPath: \.info)
        return reading { $0.info }
    }
    /// The ad's own binding, while bound.
    public var binding: AdBinding? {
        access(keyPath: \.binding)
        return reading { $0.state(of: .main) }?.binding
    }
    /// The current presentation, while presented.
    public var presentation: PresentationContext? {
        access(keyPath: \.presentation)
        return reading { $0.presentation }
    }
    /// When the ad's own impression counted.
    public var impressionAt: AdInstant? {
        access(keyPath: \.impressionAt)
        return reading { $0.state(of: .main) }?.impressionAt
    }
    /// The parts bound on their own, once loaded (a slider's cards).
    public internal(set) var components: [AdComponent] = []

    @ObservationIgnored var machine: AdLifecycleStateMachine
    @ObservationIgnored let provider: any AdProvider
    /// The provider's descriptor, as the host read it when it made this ad. Kept, and read here: each read of
    /// `provider.descriptor` (an existential's property) copies the whole value, every string and table retained.
    @ObservationIgnored public let descriptor: ProviderDescriptor
    @ObservationIgnored let host: AdHost
    @ObservationIgnored var providerAd: (any ProviderAd)? {
        didSet { madeContent = nil }
    }
    /// ``content``, once made for the ad in ``providerAd``.
    @ObservationIgnored var madeContent: NativeAdContent?
    /// The provider ad a finishing load delivered, until the machine says to keep or discard it.
    @ObservationIgnored var delivered: (any ProviderAd)?
    @ObservationIgnored var handlers: [@MainActor (AdEvent) -> Void] = []
    @ObservationIgnored var sink: AdEventSink?
    @ObservationIgnored var loadTask: Task<Void, Never>?
    /// The generation of the load running through its provider's callback (`ScheduledAdProvider`: no task), until
    /// it ends.
    @ObservationIgnored var callbackLoad: UInt64?
    /// The tasks ``load()`` returned for that load, resumed when it ends.
    @ObservationIgnored var callbackLoadWaiters: [AdResumer<Void>] = []
    @ObservationIgnored var loadTimer: ScheduledActionID?
    @ObservationIgnored var expiryTimer: ScheduledActionID?
    /// The impression trackers of the ad's own part and of its components (kept apart: most ads have no component,
    /// and a dictionary per ad would be most of its memory).
    @ObservationIgnored var mainTracker: ImpressionTrackerSet.TrackerID?
    @ObservationIgnored var componentTrackers: [String: ImpressionTrackerSet.TrackerID] = [:]
    /// Where each click view of each part sat when the part was bound (rule I28).
    @ObservationIgnored var mainOwnership: [HostNodeID: ExternalClickRule.Ownership] = [:]
    @ObservationIgnored var componentOwnership: [String: [HostNodeID: ExternalClickRule.Ownership]] = [:]
    @ObservationIgnored var pendingOwnership: [HostNodeID: ExternalClickRule.Ownership] = [:]
    /// The bound components' containers and rules, read by the ad's own tracker condition each frame.
    @ObservationIgnored var boundComponents: [(container: HostNodeID, rule: ImpressionRule)] = []
    /// The required asset last reported as not fully visible, per part (one diagnostic per episode).
    @ObservationIgnored var hiddenRequiredAsset: [AdPart: AssetKind] = [:]
    /// Whether the ad is performing an input's actions: the machine is not run meanwhile.
    @ObservationIgnored var isPerforming = false
    /// The inputs (host calls, callbacks) that arrived while the ad was performing actions, in arrival order.
    @ObservationIgnored var queuedInputs: [@MainActor () -> Void] = []
    /// Whether ``queuedInputs`` is being run (an input run from it leaves the rest to that run).
    @ObservationIgnored var isRunningQueue = false
    /// The provider's timers and tasks for this ad, made at the first load (most ads' only use of it).
    @ObservationIgnored private var scope: AdTaskScope?

    /// The scheduler the provider sees for this ad: its timers and tasks are the ad's, bounded, and cancelled when
    /// the ad is destroyed (``AdTaskScope``).
    var taskScope: AdTaskScope {
        if let scope { return scope }
        let made = AdTaskScope(base: host.scheduler, owner: id, providerID: providerID, diagnostics: host.diagnostics)
        scope = made
        return made
    }

    /// Creates the ad of `request` from `provider`, whose `descriptor` the host read once.
    init(id: AdID, request: AdRequest, provider: any AdProvider, descriptor: ProviderDescriptor, host: AdHost) {
        self.id = id
        self.request = request
        self.provider = provider
        self.providerID = descriptor.id
        self.descriptor = descriptor
        self.host = host
        self.machine = AdLifecycleStateMachine(
            providerID: descriptor.id, retryPolicy: descriptor.retryPolicy, providerCodes: descriptor.providerCodes)
    }

    /// A released ad cleans up as if destroyed: its timers stop, its click views and containers are free for other
    /// ads, its overlay leaves the window, and its provider is told (rule C5). Keep a reference while it is shown.
    isolated deinit {
        destroy()
    }

    /// The loaded provider ad, for provider-specific API (a slider's cards, IFLY's ad data).
    public var loadedAd: (any ProviderAd)? { providerAd }

    /// What the ad shows, once loaded: the same model for every provider's native ads (N1); `nil` before the load,
    /// after destroy and for full-screen formats. Its required assets are the ones binding enforces, for the ad and
    /// for each component.
    ///
    /// Made once per loaded ad, on first use (a loaded ad's assets do not change), and forgotten with the ad.
    public var content: NativeAdContent? {
        let components = self.components  // read on every call: observation tracks `content` through it
        if let made = madeContent { return made }
        guard var content = providerAd?.content else { return nil }
        content.requiredAssets = providerAd?.requiredAssets ?? []
        for index in content.components.indices {
            let id = content.components[index].id
            content.components[index].content.requiredAssets =
                components.first { $0.id == id }?.requiredAssets ?? []
        }
        madeContent = content
        return content
    }

    /// When the loaded ad expires, if it does.
    public var expiresAt: AdInstant? { reading { $0.expiresAt } }

    /// A part's binding, while bound.
    public func binding(of part: AdPart) -> AdBinding? { reading { $0.state(of: part) }?.binding }

    /// When a part's impression counted.
    public func impressionAt(of part: AdPart) -> AdInstant? { reading { $0.state(of: part) }?.impressionAt }

    /// Adds an event handler; handlers run on the main actor, in the order events happen.
    public func onEvent(_ handler: @escaping @MainActor (AdEvent) -> Void) {
        handlers.append(handler)
    }

    // MARK: Load (C7)

    /// Starts loading; the returned task ends when the load ends (with an ad, a typed failure or a timeout).
    ///
    /// Calling it while loading, after a successful load, or after more failures than the provider's retry policy
    /// allows emits nothing and returns a finished task; the rejection is recorded in diagnostics.
    @discardableResult
    public func load() -> Task<Void, Never> {
        startLoad(newCall: true)
    }

    /// Loads, and after a failure the provider's retry policy allows (its retryable errors, its bound) loads
    /// again, at most `maxAttempts` times in this call; returns when the last attempt ended (rules Y12, I23).
    public func load(maxAttempts: Int) async {
        await startLoad(newCall: true).value
        for _ in 1..<Swift.max(maxAttempts, 1) {
            guard case .failed = phase, reading({ $0.loadRejection(newCall: false) }) == nil else { return }
            await startLoad(newCall: false).value
        }
    }

    /// Why ``load()`` would be refused now (loading, loaded, destroyed, or the provider's retries used up), or
    /// `nil`. Changes nothing.
    public func loadRejection() -> AdError? { reading { $0.loadRejection() } }

    /// Starts loading as ``load()`` does, without a task to wait on: mediation learns the load's end from the ad's
    /// events, so a load through a `ScheduledAdProvider`'s callback costs it no task at all.
    package func startLoading() {
        if isPerforming, deferredCall({ [self] in startLoading() }) { return }
        _ = beginLoad(newCall: true)
    }

    private func startLoad(newCall: Bool) -> Task<Void, Never> {
        // Called while performing actions (from an event handler): the load starts after them.
        if isPerforming, deferredCall({ [self] in _ = startLoad(newCall: newCall) }) {
            return Task { [weak self] in await self?.loadEnding()?.value }
        }
        guard beginLoad(newCall: newCall) else { return Task {} }
        return loadEnding() ?? Task {}
    }

    /// Runs the machine's load input and performs its actions; returns whether a load started (a refusal is
    /// recorded in diagnostics).
    private func beginLoad(newCall: Bool) -> Bool {
        let effects = machine.startLoad(timeout: request.timeout, at: host.scheduler.now, newCall: newCall)
        if case .reject(let error)? = effects.first {
            host.diagnostics.record(
                .warning, "load() ignored: \(error)", providerID: providerID, recommendation: error.hint)
            return false
        }
        run(effects)
        return true
    }

    /// What ends when the current load ends: its task, or for a load through the provider's callback a task that
    /// waits for it; `nil` when no load runs.
    private func loadEnding() -> Task<Void, Never>? {
        if let loadTask { return loadTask }
        guard callbackLoad != nil else { return nil }
        let scheduler = host.scheduler
        return scheduler.spawn { [weak self] in
            await scheduler.suspend { (resumer: AdResumer<Void>) in
                guard let self, self.callbackLoad != nil else {
                    resumer.resume(returning: ())
                    return
                }
                self.callbackLoadWaiters.append(resumer)
            }
        }
    }

    /// The load through the provider's callback ended (delivered, timed out, or the ad destroyed): the tasks
    /// waiting for it are returned, to be resumed once its end is performed.
    func endCallbackLoad() -> [AdResumer<Void>] {
        callbackLoad = nil
        guard !callbackLoadWaiters.isEmpty else { return [] }
        defer { callbackLoadWaiters = [] }
        return callbackLoadWaiters
    }

    func startLoad(generation: UInt64) {
        let provider = self.provider
        let request = self.request
        let environment = host.environment(
            for: providerID, privacy: request.privacy, placement: request.placementKey, isTest: request.isTest,
            scheduler: taskScope, globalVendorListID: descriptor.globalVendorListID)
        let startup = host.startup
        let providerID = self.providerID
        if let scheduled = provider as? any ScheduledAdProvider, startup.becomeReadyWithoutWaiting(providerID) {
            startCallbackLoad(scheduled, environment: environment, generation: generation)
            return
        }
        loadTask = host.scheduler.spawn { [weak self] in
            let result: Result<any ProviderAd, AdError>
            do throws(AdError) {
                // A provider that has not started is waited for, within this load's own timeout (H2).
                if !startup.state(of: providerID).isReady {
                    try await startup.waitUntilReady(providerID).get()
                }
                result = .success(try await provider.load(request, environment: environment))
            } catch {
                result = .failure(error)
            }
            Self.finishLoad(result, of: self, generation: generation)
        }
    }

    /// Loads through the provider's callback, with no task. The provider starts once this input's actions are
    /// performed (the load's timer armed, C7), as a spawned load starts on a later turn; its result is taken once
    /// the timers due at its instant have run, as a spawned load's is when its task resumes. So a scheduled
    /// provider's events keep the order of the async path's, ties at one instant included.
    private func startCallbackLoad(
        _ provider: any ScheduledAdProvider, environment: ProviderEnvironment, generation: UInt64
    ) {
        callbackLoad = generation
        let request = self.request
        let scheduler = host.scheduler
        whenIdle { [self] in
            guard callbackLoad == generation else { return }  // cancelled before it started
            provider.load(request, environment: environment) { [weak self] result in
                scheduler.schedule(after: .zero) { [weak self] in
                    Self.finishLoad(result, of: self, generation: generation)
                }
            }
        }
    }

    /// A load's end, for `ad` if it still exists; an ad delivered to a unified ad already released is destroyed.
    private static func finishLoad(_ result: Result<any ProviderAd, AdError>, of ad: UnifiedAd?, generation: UInt64) {
        guard let ad else {
            if case .success(let delivered) = result { delivered.destroy() }
            return
        }
        ad.finishLoad(result, generation: generation)
    }

    private func finishLoad(_ result: Result<any ProviderAd, AdError>, generation: UInt64) {
        guard isPerforming else { return deliver(result, generation: generation) }  // no closure kept when idle
        whenIdle { [self] in deliver(result, generation: generation) }
    }

    /// The machine takes a load's end: the delivered ad is kept or discarded by its actions.
    private func deliver(_ result: Result<any ProviderAd, AdError>, generation: UInt64) {
        // A finished task's frame is not kept with the ad.
        if generation == reading({ $0.generation }) { loadTask = nil }
        let waiters = generation == callbackLoad ? endCallbackLoad() : []
        defer { for waiter in waiters { waiter.resume(returning: ()) } }
        switch result {
        case .success(let ad):
            let info = descriptor.expiring(ad.info)
            delivered = ad
            run(
                machine.loadSucceeded(
                    info, components: ad.components.map(\.id), generation: generation, at: host.scheduler.now))
            delivered = nil
        case .failure(let error):
            run(machine.loadFailed(error.attributed(to: providerID), generation: generation))
        }
    }

    // MARK: Close / destroy

    /// The user closed the ad on screen, whatever its provider: one call for every format.
    ///
    /// - A bound native ad (its close view) releases everything bound and emits `closed`.
    /// - A presented full-screen ad (the player's close button) tells its provider, which stops playback and fires
    ///   its close tracking, then the overlay goes and `willDismiss` and `didDismiss` follow; a reward not earned
    ///   before the close is never granted (rule G11).
    ///
    /// ```swift
    /// closeButton.onTap = { try? ad.close() }   // a native ad's close view, or a full-screen player's button
    /// ```
    ///
    /// - Throws: `notReady` when nothing is on screen (loading, loaded but neither bound nor presented);
    ///   `alreadyUsed` when it was already closed or dismissed; `cancelled` after ``destroy()``. A call made while
    ///   the ad is performing another input (from an event handler) runs after it, and a refusal then is logged.
    public func close() throws(AdError) {
        if isPerforming, deferredCall({ [self] () throws(AdError) in try close() }) { return }
        if let rejection = reading({ $0.closeRejection() }) { throw rejection }
        try perform(machine.userClosed())
    }

    /// Destroys the ad: timers stop, everything bound or shown is released, the provider is told, and no event is
    /// ever emitted again (rule C5).
    public func destroy() {
        if isPerforming, deferredCall({ [self] in destroy() }) { return }
        run(machine.destroy())
        scope?.close()
        handlers.removeAll()
    }
}
