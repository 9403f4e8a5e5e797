public import Observation

/// One ad, as the host sees it, whatever its provider: the one lifecycle (rule C1) with its phase observable and
/// its events delivered on the main actor, in order, once (C2).
///
/// The unified layer enforces the contract around the provider: the load ends (C7, with a timeout), the
/// impression counts once by the provider's viewability rule (C3), clicks count only when valid (C4), and a
/// destroyed ad never emits again, whatever its provider does (C5).
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
    /// The current phase.
    public private(set) var phase: AdPhase = .idle
    /// What was loaded, once loaded.
    public private(set) var info: LoadedAdInfo?
    /// The current binding, while bound.
    public private(set) var binding: AdBinding?
    /// The current presentation, while presented.
    public private(set) var presentation: PresentationContext?
    /// When the impression counted.
    public private(set) var impressionAt: AdInstant?

    @ObservationIgnored private var machine: AdLifecycleStateMachine
    @ObservationIgnored private let provider: any AdProvider
    @ObservationIgnored private let host: AdHost
    @ObservationIgnored private var providerAd: (any ProviderAd)?
    @ObservationIgnored private var handlers: [@MainActor (AdEvent) -> Void] = []
    @ObservationIgnored private var sink: AdEventSink?
    @ObservationIgnored private var tracker: ImpressionTrackerSet.TrackerID?
    @ObservationIgnored private var loadTask: Task<Void, Never>?
    /// Which call to ``load()`` the running load belongs to: a result of an earlier, abandoned load (timed out or
    /// cancelled) is dropped instead of ending a retry (C7).
    @ObservationIgnored private var loadGeneration: UInt64 = 0
    @ObservationIgnored private var loadTimeout: ScheduledActionID?
    @ObservationIgnored private var expiryTimer: ScheduledActionID?
    @ObservationIgnored private var clickCountedThisImpression = false
    @ObservationIgnored private var countedComponents: Set<String> = []
    @ObservationIgnored private var clickedComponents: Set<String> = []
    @ObservationIgnored private var ownership: [HostNodeID: ExternalClickRule.Ownership] = [:]

    init(id: AdID, request: AdRequest, provider: any AdProvider, host: AdHost) {
        self.id = id
        self.request = request
        self.provider = provider
        self.providerID = provider.descriptor.id
        self.host = host
        self.machine = AdLifecycleStateMachine(providerID: provider.descriptor.id)
    }

    /// A released ad cleans up as if destroyed: its timers stop, its click views are free for other ads, its
    /// overlay leaves the window, and its provider is told (rule C5). Keep a reference while the ad is shown.
    isolated deinit {
        destroy()
    }

    /// The provider's descriptor.
    public var descriptor: ProviderDescriptor { provider.descriptor }

    /// The loaded provider ad, for provider-specific API (a slider's cards, IFLY's ad data).
    public var loadedAd: (any ProviderAd)? { providerAd }

    /// Adds an event handler; handlers run on the main actor, in the order events happen.
    public func onEvent(_ handler: @escaping @MainActor (AdEvent) -> Void) {
        handlers.append(handler)
    }

    // MARK: Load (C7)

    /// Starts loading; the returned task ends when the load ends (with an ad, a typed failure or a timeout).
    ///
    /// Calling it while loading or after a successful load emits nothing and returns a finished task; the
    /// rejection is recorded in diagnostics. After a failure it loads again.
    @discardableResult
    public func load() -> Task<Void, Never> {
        switch machine.startLoad() {
        case .emit(let events):
            apply(events)
        case .reject(let error):
            host.diagnostics.record(
                .warning, "load() ignored: \(error)", providerID: providerID, recommendation: error.hint)
            return Task {}
        case .ignore(let reason):
            host.diagnostics.record(.debug, "load() ignored: \(reason).", providerID: providerID)
            return Task {}
        }
        let provider = self.provider
        let request = self.request
        let environment = host.environment
        loadGeneration &+= 1
        let generation = loadGeneration
        let task = Task { @MainActor [weak self] in
            let result: Result<any ProviderAd, AdError>
            do throws(AdError) {
                result = .success(try await provider.load(request, environment: environment))
            } catch {
                result = .failure(error)
            }
            self?.finishLoad(result, generation: generation)
        }
        loadTask = task
        loadTimeout = host.scheduler.schedule(after: request.timeout) { [weak self] in self?.loadTimedOut() }
        return task
    }

    private func finishLoad(_ result: Result<any ProviderAd, AdError>, generation: UInt64) {
        guard generation == loadGeneration else {
            // An abandoned load (it timed out and the host loaded again): its answer is never used and it must
            // not end, or cancel the timeout of, the load that replaced it.
            if case .success(let ad) = result { ad.destroy() }
            host.diagnostics.record(.info, "Late answer of an abandoned load dropped.", providerID: providerID)
            return
        }
        if let loadTimeout { host.scheduler.cancel(loadTimeout) }
        loadTimeout = nil
        loadTask = nil
        switch result {
        case .success(let ad):
            let action = machine.loadSucceeded(ad.info)
            guard case .emit = action else {
                // Late (after a timeout or destroy): the ad is never used.
                ad.destroy()
                host.diagnostics.record(.info, "Late ad from \(providerID) dropped.", providerID: providerID)
                return
            }
            providerAd = ad
            info = ad.info
            sink = AdEventSink { [weak self] event in self?.receive(event) }
            if let expiresAt = ad.info.expiresAt {
                expiryTimer = host.scheduler.schedule(at: expiresAt) { [weak self] in self?.expire() }
            }
            perform(action)
        case .failure(let error):
            perform(machine.loadFailed(error))
        }
    }

    private func loadTimedOut() {
        loadTimeout = nil
        let timeout = AdError(
            .timeout, "\(providerID) did not answer within \(request.timeout).", providerID: providerID,
            hint: "Check the network, or raise AdRequest.timeout for this ad unit.")
        // The abandoned load is cancelled before the failure is reported: a host that loads again from its
        // handler starts a new load, which this must not cancel.
        loadTask?.cancel()
        loadTask = nil
        loadGeneration &+= 1
        perform(machine.loadFailed(timeout))
    }

    private func expire() {
        expiryTimer = nil
        perform(machine.expire())
    }

    // MARK: Bind / present

    /// Binds a native ad to the host's container.
    ///
    /// - Throws: `notReady`/`expired`/`cancelled` from the lifecycle; `invalidBinder` for a container not in the
    ///   tree or click views registered to another ad; `bindingFailed` naming missing required assets (rule Y9);
    ///   the provider's own binder errors. A binding failure is also emitted as `.bindingFailed`.
    public func bind(_ binding: AdBinding) throws(AdError) {
        guard case .loaded = phase, let providerAd, let sink else {
            var probe = machine
            if case .reject(let error) = probe.bind() { throw error }
            throw AdError(.notReady, "The ad cannot be bound while \(phase).", providerID: providerID)
        }
        do throws(AdError) {
            let recorded = try checkBinding(binding, of: providerAd, releasing: [])
            try host.registerClickViews(
                binding.clickViews, to: id, providerID: providerID,
                providerCode: provider.descriptor.clickPolicy.invalidClickViewCode)
            do throws(AdError) {
                try providerAd.attach(binding, context: ProviderContext(host: host, events: sink, adID: id))
            } catch {
                host.unregisterClickViews(of: id)
                throw error
            }
            ownership = recorded
        } catch {
            perform(machine.bindingFailed(error))
            throw error
        }
        self.binding = binding
        perform(machine.bind())
        if !provider.descriptor.selfReportsImpressions && impressionAt == nil {
            tracker = host.trackers.track(node: binding.container, rule: provider.descriptor.impressionRule) {
                [weak self] instant in self?.trackerFired(at: instant)
            }
        }
    }

    /// Checks a binding the way ``bind(_:)`` would (required assets, click views free, their ownership, the
    /// provider's own rules) without binding, registering or moving anything, so a host can validate a move to
    /// another container before it detaches the ad, or another ad, from anything.
    ///
    /// A bound ad may be checked for another container: its own click views do not count as shared.
    ///
    /// - Parameter releasing: ads the caller will detach before binding (the ad it displaces from the target
    ///   container); click views they hold do not count as shared.
    /// - Throws: what ``bind(_:)`` would throw; a failure after the phase check is also emitted as
    ///   `.bindingFailed`, and the ad stays as it was.
    public func validate(_ binding: AdBinding, releasing others: Set<AdID> = []) throws(AdError) {
        guard phase == .loaded || phase == .bound, let providerAd else {
            var probe = machine
            if case .reject(let error) = probe.bind() { throw error }
            throw AdError(.notReady, "The ad cannot be bound while \(phase).", providerID: providerID)
        }
        do throws(AdError) {
            _ = try checkBinding(binding, of: providerAd, releasing: others)
            try providerAd.checkAttach(binding, host: host)
        } catch {
            perform(machine.bindingFailed(error))
            throw error
        }
    }

    /// The unified checks of a binding; returns where each click view sits (rule I28) without registering it.
    private func checkBinding(
        _ binding: AdBinding, of providerAd: any ProviderAd, releasing others: Set<AdID>
    ) throws(AdError) -> [HostNodeID: ExternalClickRule.Ownership] {
        try AssetBinder(engine: host.engine).check(binding, required: providerAd.requiredAssets, providerID: providerID)
        try host.checkClickViews(
            binding.clickViews, for: id, releasing: others, providerID: providerID,
            providerCode: provider.descriptor.clickPolicy.invalidClickViewCode)
        var recorded: [HostNodeID: ExternalClickRule.Ownership] = [:]
        for node in binding.clickViews {
            recorded[node] = try ExternalClickRule.Ownership(
                recording: node, container: binding.container, in: host.tree)
        }
        return recorded
    }

    /// Presents a full-screen ad from the host's context provider (rules G2-G7, G9).
    ///
    /// - Throws: `notReady` before load (G6), `alreadyUsed` the second time (G9), `expired` (G10),
    ///   `presenterNotInWindow` when the context is in no window (G3), `presenterBusy` when its window already shows
    ///   another full-screen ad (G2). Failures after load are also emitted as `.failedToPresent`.
    ///   A destroyed ad emits nothing (C5).
    public func present(from context: HostContextProvider) throws(AdError) {
        guard case .loaded = phase, !machine.wasPresented, let providerAd, let sink else {
            var probe = machine
            let error: AdError
            if case .reject(let rejection) = probe.present() {
                error = rejection
            } else {
                error = AdError(.notReady, "The ad cannot be presented while \(phase).", providerID: providerID)
            }
            perform(machine.presentRefused(error))
            throw error
        }
        let tree = host.tree
        let window: HostWindowID
        let overlay: HostNodeID
        let scene: SceneID
        do throws(AdError) {
            window = try context.presentationWindow(in: tree)
            try host.checkPresenterFree(window, for: id, providerID: providerID)
            scene = try tree.scene(of: window)
            let windowFrame = try tree.frame(of: window)
            overlay = try tree.makeNode(
                frame: Rect(x: 0, y: 0, width: windowFrame.width, height: windowFrame.height), isOpaque: true)
        } catch {
            let failure = AdError(
                error.code, error.message, providerID: providerID, hint: error.hint, underlying: error.underlying)
            perform(machine.presentFailed(failure))
            throw failure
        }
        let presentation = PresentationContext(window: window, scene: scene, overlay: overlay)
        perform(machine.present())
        do throws(AdError) {
            try tree.addChild(overlay, to: try tree.rootNode(of: window))
            try providerAd.present(presentation, context: ProviderContext(host: host, events: sink, adID: id))
        } catch {
            try? tree.removeFromParent(overlay)
            perform(machine.presentFailed(error))
            throw error
        }
        if let expiryTimer { host.scheduler.cancel(expiryTimer) }
        expiryTimer = nil
        self.presentation = presentation
        host.beginPresentation(of: id, in: window)
        if !provider.descriptor.selfReportsImpressions {
            tracker = host.trackers.track(node: overlay, rule: provider.descriptor.impressionRule) {
                [weak self] instant in self?.trackerFired(at: instant)
            }
        }
    }

    // MARK: Clicks (C4)

    /// A tap on `node` (at `point` in window coordinates, when known). Counted once per impression.
    @discardableResult
    public func click(on node: HostNodeID, at point: Point? = nil) -> ClickOutcome {
        guard let binding, let providerAd, case .bound = phase else {
            let error = AdError(
                .clickRejected, "Click on an ad that is not bound (\(phase)).", providerID: providerID,
                hint: "Only bound ads take clicks; check the ad's phase.")
            return reject(error)
        }
        if node == binding.closeView {
            close()
            return reject(
                AdError(
                    .clickRejected, "The close view closes the ad; it is never an ad click.", providerID: providerID,
                    hint: "Handle the close button separately from the click views (I15)."))
        }
        let validator = ClickValidator(
            engine: host.engine, policy: provider.descriptor.clickPolicy, providerID: providerID,
            invalidClickViewCode: provider.descriptor.clickPolicy.invalidClickViewCode)
        if let error = validator.validate(
            click: node, at: point, binding: binding, impressionAt: impressionAt, now: host.scheduler.now,
            ownership: ownership, registeredOwner: host.owner(ofClickView: node), adID: id)
        {
            return reject(error)
        }
        if let error = providerAd.validateClick(on: node, binding: binding) { return reject(error) }
        if clickCountedThisImpression { return .repeated }
        clickCountedThisImpression = true
        perform(machine.click(component: nil))
        providerAd.didRecordClick(on: node)
        return .counted
    }

    private func reject(_ error: AdError) -> ClickOutcome {
        if case .bound = phase { apply([.clickRejected(error)]) }
        return .rejected(error)
    }

    // MARK: Close / detach / destroy

    /// The user closed a native ad with its close view.
    public func close() {
        stopTracking()
        host.unregisterClickViews(of: id)
        perform(machine.close())
    }

    /// Detaches a bound ad from its container (rule I16): click views are released, an impression timer that had
    /// not fired is dropped, and the ad may be bound again elsewhere.
    public func detach() throws(AdError) {
        let action = machine.detach()
        if case .reject(let error) = action { throw error }
        stopTracking()
        host.unregisterClickViews(of: id)
        binding = nil
        ownership = [:]
        providerAd?.detach()
        perform(action)
    }

    /// Destroys the ad: timers stop, the provider is released, and no event is ever emitted again (rule C5).
    public func destroy() {
        guard phase != .destroyed else { return }
        stopTracking()
        host.unregisterClickViews(of: id)
        if let loadTimeout { host.scheduler.cancel(loadTimeout) }
        if let expiryTimer { host.scheduler.cancel(expiryTimer) }
        loadTask?.cancel()
        if let overlay = presentation?.overlay { try? host.tree.removeFromParent(overlay) }
        if presentation != nil { host.endPresentation(of: id) }
        sink?.close()
        providerAd?.destroy()
        providerAd = nil
        handlers.removeAll()
        binding = nil
        presentation = nil
        _ = machine.destroy()
        phase = .destroyed
    }

    // MARK: Events

    private func trackerFired(at instant: AdInstant) {
        tracker = nil
        recordImpression(component: nil, at: instant)
    }

    private func recordImpression(component: String?, at instant: AdInstant) {
        guard let info else { return }
        let data = ImpressionData(
            providerID: providerID, placementID: request.placementID, adUnitID: request.adUnitID,
            creativeID: info.creativeIDs.first, component: component, revenue: info.revenue)
        let action = machine.impression(data)
        if case .emit = action {
            impressionAt = instant
            clickCountedThisImpression = false
            perform(action)
            providerAd?.didRecordImpression(data)
        }
    }

    /// Routes a provider-originated event through the lifecycle.
    private func receive(_ event: AdEvent) {
        switch event {
        case .impression(let data):
            guard provider.descriptor.selfReportsImpressions else {
                ignoreProviderEvent(event, "the unified tracker decides impressions for \(providerID)")
                return
            }
            if let component = data.component {
                guard phase == .bound || phase == .presented, countedComponents.insert(component).inserted else {
                    ignoreProviderEvent(event, "repeated or late component impression")
                    return
                }
                apply([event])
            } else {
                let action = machine.impression(data)
                if case .emit = action { impressionAt = host.scheduler.now }
                perform(action)
            }
        case .click(let component):
            guard provider.descriptor.selfReportsClicks else {
                ignoreProviderEvent(event, "the unified validator decides clicks for \(providerID)")
                return
            }
            if let component, !clickedComponents.insert(component).inserted { return }
            perform(machine.click(component: component))
        case .rewardEarned(let reward): perform(machine.reward(reward))
        case .willDismiss, .didDismiss: dismissed()
        case .closed: close()
        case .failedToPresent(let error): perform(machine.presentFailed(error))
        case .bindingFailed, .clickRejected, .jumped, .videoStateChanged, .rendered:
            perform(machine.passThrough(event))
        case .loadStarted, .loadSucceeded, .loadFailed, .willPresent, .expired:
            ignoreProviderEvent(event, "only the unified layer emits lifecycle events")
        }
    }

    private func dismissed() {
        let action = machine.dismiss()
        guard case .emit = action else { return }
        stopTracking()
        if let overlay = presentation?.overlay { try? host.tree.removeFromParent(overlay) }
        if presentation != nil { host.endPresentation(of: id) }
        presentation = nil
        perform(action)
    }

    private func ignoreProviderEvent(_ event: AdEvent, _ reason: String) {
        host.diagnostics.record(.debug, "Dropped \(event) from \(providerID): \(reason).", providerID: providerID)
    }

    private func stopTracking() {
        if let tracker { host.trackers.stop(tracker) }
        tracker = nil
    }

    private func perform(_ action: AdLifecycleStateMachine.Action) {
        switch action {
        case .emit(let events): apply(events)
        case .reject(let error):
            host.diagnostics.record(.warning, "Rejected: \(error)", providerID: providerID, recommendation: error.hint)
        case .ignore(let reason):
            host.diagnostics.record(.debug, "Ignored: \(reason).", providerID: providerID)
        }
    }

    private func apply(_ events: [AdEvent]) {
        phase = machine.phase
        guard phase != .destroyed else { return }
        for event in events {
            for handler in handlers { handler(event) }
        }
    }
}
