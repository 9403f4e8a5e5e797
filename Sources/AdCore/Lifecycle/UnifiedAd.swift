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
/// It is a thin performer: ``AdLifecycleStateMachine`` decides, and this class carries out its effects on the
/// host (registries, trackers, overlays, timers) and the provider.
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
    // The observable state is read from the machine (one copy per ad: a live ad's memory matters), and observers
    // are told when a performed input changed it (``tellObservers()``).

    /// The current phase.
    public var phase: AdPhase {
        access(keyPath: \.phase)
        return machine.phase
    }
    /// What was loaded (its expiry filled in from the provider's default when the response named none).
    public var info: LoadedAdInfo? {
        access(keyPath: \.info)
        return machine.info
    }
    /// The ad's own binding, while bound.
    public var binding: AdBinding? {
        access(keyPath: \.binding)
        return machine.state(of: .main)?.binding
    }
    /// The current presentation, while presented.
    public var presentation: PresentationContext? {
        access(keyPath: \.presentation)
        return machine.presentation
    }
    /// When the ad's own impression counted.
    public var impressionAt: AdInstant? {
        access(keyPath: \.impressionAt)
        return machine.state(of: .main)?.impressionAt
    }
    /// The parts bound on their own, once loaded (a slider's cards).
    public private(set) var components: [AdComponent] = []

    @ObservationIgnored private var machine: AdLifecycleStateMachine
    @ObservationIgnored private let provider: any AdProvider
    @ObservationIgnored private let host: AdHost
    @ObservationIgnored private var providerAd: (any ProviderAd)? {
        didSet { madeContent = nil }
    }
    /// ``content``, once made for the ad in ``providerAd``.
    @ObservationIgnored private var madeContent: NativeAdContent?
    /// The provider ad a finishing load delivered, until the machine says to keep or discard it.
    @ObservationIgnored private var delivered: (any ProviderAd)?
    @ObservationIgnored private var handlers: [@MainActor (AdEvent) -> Void] = []
    @ObservationIgnored private var sink: AdEventSink?
    @ObservationIgnored private var loadTask: Task<Void, Never>?
    @ObservationIgnored private var loadTimer: ScheduledActionID?
    @ObservationIgnored private var expiryTimer: ScheduledActionID?
    /// The impression trackers of the ad's own part and of its components (kept apart: most ads have no component,
    /// and a dictionary per ad would be most of its memory).
    @ObservationIgnored private var mainTracker: ImpressionTrackerSet.TrackerID?
    @ObservationIgnored private var componentTrackers: [String: ImpressionTrackerSet.TrackerID] = [:]
    /// Where each click view of each part sat when the part was bound (rule I28).
    @ObservationIgnored private var mainOwnership: [HostNodeID: ExternalClickRule.Ownership] = [:]
    @ObservationIgnored private var componentOwnership: [String: [HostNodeID: ExternalClickRule.Ownership]] = [:]
    @ObservationIgnored private var pendingOwnership: [HostNodeID: ExternalClickRule.Ownership] = [:]
    /// The bound components' containers and rules, read by the ad's own tracker condition each frame.
    @ObservationIgnored private var boundComponents: [(container: HostNodeID, rule: ImpressionRule)] = []
    /// The required asset last reported as not fully visible, per part (one diagnostic per episode).
    @ObservationIgnored private var hiddenRequiredAsset: [AdPart: AssetKind] = [:]

    init(id: AdID, request: AdRequest, provider: any AdProvider, host: AdHost) {
        self.id = id
        self.request = request
        self.provider = provider
        self.providerID = provider.descriptor.id
        self.host = host
        self.machine = AdLifecycleStateMachine(
            providerID: provider.descriptor.id, retryPolicy: provider.descriptor.retryPolicy,
            providerCodes: provider.descriptor.providerCodes)
    }

    /// A released ad cleans up as if destroyed: its timers stop, its click views and containers are free for other
    /// ads, its overlay leaves the window, and its provider is told (rule C5). Keep a reference while it is shown.
    isolated deinit {
        destroy()
    }

    /// The provider's descriptor.
    public var descriptor: ProviderDescriptor { provider.descriptor }

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
    public var expiresAt: AdInstant? { machine.expiresAt }

    /// A part's binding, while bound.
    public func binding(of part: AdPart) -> AdBinding? { machine.state(of: part)?.binding }

    /// When a part's impression counted.
    public func impressionAt(of part: AdPart) -> AdInstant? { machine.state(of: part)?.impressionAt }

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
            guard case .failed = phase, machine.loadRejection(newCall: false) == nil else { return }
            await startLoad(newCall: false).value
        }
    }

    /// Why ``load()`` would be refused now (loading, loaded, destroyed, or the provider's retries used up), or
    /// `nil`. Changes nothing.
    public func loadRejection() -> AdError? { machine.loadRejection() }

    private func startLoad(newCall: Bool) -> Task<Void, Never> {
        let effects = machine.startLoad(timeout: request.timeout, at: host.scheduler.now, newCall: newCall)
        if case .reject(let error)? = effects.first {
            host.diagnostics.record(
                .warning, "load() ignored: \(error)", providerID: providerID, recommendation: error.hint)
            return Task {}
        }
        run(effects)
        return loadTask ?? Task {}
    }

    private func startLoad(generation: UInt64) {
        let provider = self.provider
        let request = self.request
        let environment = host.environment(for: providerID, privacy: request.privacy)
        let startup = host.startup
        let providerID = self.providerID
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
            guard let self else {
                if case .success(let ad) = result { ad.destroy() }
                return
            }
            self.finishLoad(result, generation: generation)
        }
    }

    private func finishLoad(_ result: Result<any ProviderAd, AdError>, generation: UInt64) {
        if generation == machine.generation { loadTask = nil }  // a finished task's frame is not kept with the ad
        switch result {
        case .success(let ad):
            var info = ad.info
            if info.expiresAt == nil, let timeToLive = provider.descriptor.timeToLive[info.format] {
                info.expiresAt = info.loadedAt.advanced(by: timeToLive)
            }
            delivered = ad
            run(
                machine.loadSucceeded(
                    info, components: ad.components.map(\.id), generation: generation, at: host.scheduler.now))
            delivered = nil
        case .failure(var error):
            if error.providerID == nil { error.providerID = providerID }
            run(machine.loadFailed(error, generation: generation))
        }
    }

    // MARK: Bind / detach

    /// Binds the ad, or one of its components, to the host's container.
    ///
    /// - Throws: `notReady`/`expired`/`cancelled` from the lifecycle; `invalidBinder` for a container not in the
    ///   tree or showing another ad, or click views registered to another ad; `bindingFailed` naming missing
    ///   required assets (rule Y9); the provider's own binder errors. A failure after load is also emitted as
    ///   `.bindingFailed`.
    public func bind(_ binding: AdBinding, part: AdPart = .main) throws(AdError) {
        let now = host.scheduler.now
        if let rejection = machine.bindRejection(part, at: now) {
            refuse(rejection, at: now)
            throw rejection
        }
        do throws(AdError) {
            pendingOwnership = try check(binding, part: part, releasing: [])
        } catch {
            run(machine.bindingFailed(error))
            throw error
        }
        try perform(machine.bind(binding, part: part, at: now))
    }

    /// Checks a binding the way ``bind(_:part:)`` would (expiry, required assets, the container and click views
    /// free, their ownership, the provider's own rules) without binding, registering or moving anything, so a host
    /// can validate a move to another container before it detaches the ad, or another ad, from anything.
    ///
    /// A bound part may be checked for another container: its own views do not count as taken.
    ///
    /// - Parameter releasing: ads the caller will detach before binding (the ad it displaces from the target
    ///   container); views they hold do not count as taken.
    /// - Throws: what ``bind(_:part:)`` would throw; a failure after load is also emitted as `.bindingFailed`.
    public func validate(_ binding: AdBinding, part: AdPart = .main, releasing others: Set<AdID> = []) throws(AdError) {
        let now = host.scheduler.now
        if let rejection = machine.bindRejection(part, at: now), machine.state(of: part)?.isBound != true {
            refuse(rejection, at: now)
            throw rejection
        }
        do throws(AdError) {
            _ = try check(binding, part: part, releasing: others)
        } catch {
            run(machine.bindingFailed(error))
            throw error
        }
    }

    /// A bind refused by the lifecycle: an expired ad becomes expired first, and after load the refusal is
    /// reported as a binding failure.
    private func refuse(_ rejection: AdError, at now: AdInstant) {
        guard rejection.code == .expired else { return }
        run(machine.expire(at: now))
        if case .expired = machine.phase { emit(.bindingFailed(rejection)) }
    }

    /// The unified checks of a binding; returns where each click view sits (rule I28) without registering it.
    private func check(
        _ binding: AdBinding, part: AdPart, releasing others: Set<AdID>
    ) throws(AdError) -> [HostNodeID: ExternalClickRule.Ownership] {
        guard let providerAd else {
            throw AdError(.notReady, "The ad cannot be bound while \(phase).", providerID: providerID)
        }
        let owner = AdHost.ViewOwner(ad: id, part: part)
        let clickViewCode = provider.descriptor.clickPolicy.invalidClickViewCode
        try host.checkClickViews(
            binding.clickViews, for: owner, releasing: others, providerID: providerID, providerCode: clickViewCode)
        if let other = host.viewOwner(of: binding.container, otherThan: owner, releasing: others) {
            let holder = other.ad == id ? "the \(other.part) of this ad" : "another ad (\(other.ad))"
            throw AdError(
                .invalidBinder,
                "The view \(binding.container) already shows \(holder); one view shows one ad at a time.",
                providerID: providerID, hint: "Detach the other ad from this container before binding here (Y22, I17).")
        }
        let required = part == .main ? providerAd.requiredAssets : component(part)?.requiredAssets ?? []
        try AssetBinder(engine: host.engine).check(binding, required: required, providerID: providerID)
        var recorded: [HostNodeID: ExternalClickRule.Ownership] = [:]
        for node in binding.clickViews {
            recorded[node] = try ExternalClickRule.Ownership(
                recording: node, container: binding.container, in: host.tree)
        }
        try providerAd.checkAttach(binding, part: part, context: context(binding))
        return recorded
    }

    /// Detaches everything bound (the ad and its components) from its containers (rule I16): click views and
    /// containers are released, impression timers that had not fired are dropped, and the ad may be bound again.
    ///
    /// - Throws: `detached` when nothing is bound; `cancelled` after destroy.
    public func detach() throws(AdError) {
        let parts = machine.boundParts
        guard !parts.isEmpty else {
            try perform(machine.detach(.main, at: host.scheduler.now))
            return
        }
        for part in parts { try perform(machine.detach(part, at: host.scheduler.now)) }
    }

    /// Detaches one part (the ad's own container, or one component) from its container.
    ///
    /// - Throws: `detached` when the part is not bound; `cancelled` after destroy.
    public func detach(_ part: AdPart) throws(AdError) {
        try perform(machine.detach(part, at: host.scheduler.now))
    }

    // MARK: Present (G2-G11)

    /// Why presenting from `context` now would fail, or `nil`: `notReady` before load (G6), `alreadyUsed` the
    /// second time (G9), `expired` (G10), `cancelled` after destroy, `presenterNotInWindow` (G3), `invalidRequest`
    /// for a context that takes room (G5), `presenterBusy` while its window shows another full-screen ad (G2).
    /// Changes nothing.
    public func presentRejection(from context: HostContextProvider) -> AdError? {
        if let rejection = machine.presentRejection(at: host.scheduler.now) { return rejection }
        do throws(AdError) {
            let window = try context.presentationWindow(in: host.tree)
            try host.checkPresenterFree(window, for: id, providerID: providerID)
        } catch {
            return attributed(error)
        }
        return nil
    }

    /// Presents a full-screen ad from the host's context provider (rules G2-G7, G9).
    ///
    /// - Throws: what ``presentRejection(from:)`` names. Failures after load are also emitted as
    ///   `.failedToPresent`. A destroyed ad emits nothing (C5).
    public func present(from context: HostContextProvider) throws(AdError) {
        let now = host.scheduler.now
        if let rejection = machine.presentRejection(at: now) {
            if rejection.code == .expired { run(machine.expire(at: now)) }
            run(machine.presentRefused(rejection))
            throw rejection
        }
        let presentation: PresentationContext
        do throws(AdError) {
            let tree = host.tree
            let window = try context.presentationWindow(in: tree)
            try host.checkPresenterFree(window, for: id, providerID: providerID)
            let frame = try tree.frame(of: window)
            let overlay = try tree.makeNode(
                frame: Rect(x: 0, y: 0, width: frame.width, height: frame.height), isOpaque: true)
            presentation = PresentationContext(window: window, scene: try tree.scene(of: window), overlay: overlay)
        } catch {
            let failure = attributed(error)
            run(machine.presentRefused(failure))
            throw failure
        }
        try perform(machine.present(presentation, at: now))
    }

    private func attributed(_ error: AdError) -> AdError {
        var error = error
        error.providerID = providerID
        if error.providerCode == nil { error.providerCode = provider.descriptor.providerCodes[error.code] }
        return error
    }

    // MARK: Clicks (C4)

    /// A tap on `node` (at `point` in window coordinates, when known): counted once per impression of the part the
    /// node is a click view of (the ad, or one of its components).
    @discardableResult
    public func click(on node: HostNodeID, at point: Point? = nil) -> ClickOutcome {
        if let closeView = binding?.closeView, node == closeView {
            close()
            return rejectClick(
                AdError(
                    .clickRejected, "The close view closes the ad; it is never an ad click.", providerID: providerID,
                    hint: "Handle the close button separately from the click views (I15)."), part: .main)
        }
        let registered = host.clickViewOwner(of: node)
        let part = registered.flatMap { $0.ad == id ? $0.part : nil } ?? .main
        if let rejection = machine.clickRejection(part) { return rejectClick(rejection, part: part) }
        guard let providerAd, let state = machine.state(of: part), let partBinding = state.binding else {
            return rejectClick(
                AdError(.clickRejected, "Click on an unbound \(part).", providerID: providerID), part: part)
        }
        let policy = provider.descriptor.clickPolicy
        let validator = ClickValidator(
            engine: host.engine, policy: policy, providerID: providerID,
            invalidClickViewCode: policy.invalidClickViewCode)
        if let error = validator.validate(
            click: node, at: point, binding: partBinding, impressionAt: state.impressionAt, now: host.scheduler.now,
            ownership: ownership(of: part), registeredOwner: registered?.ad, adID: id)
        {
            return rejectClick(error, part: part)
        }
        if let error = providerAd.validateClick(on: node, part: part, binding: partBinding) {
            return rejectClick(error, part: part)
        }
        let effects = machine.click(part, on: node)
        switch effects.first {
        case .reject(let error)?: return rejectClick(error, part: part)
        case .ignore?:
            // A repeated click in the same impression counts nothing again but opens the landing again (N6).
            openLanding(of: part, providerAd: providerAd)
            return .repeated
        default:
            run(effects)
            openLanding(of: part, providerAd: providerAd)
            return .counted
        }
    }

    /// Opens the landing the provider declares for `part` through the host, reporting `.jumped` (N6).
    private func openLanding(of part: AdPart, providerAd: any ProviderAd) {
        guard let candidates = providerAd.landingURLs(for: part), let sink else { return }
        AdLandings(
            host: host, events: sink, diagnostics: ProviderDiagnostics(log: host.diagnostics, providerID: providerID)
        ).open(candidates)
    }

    private func rejectClick(_ error: AdError, part: AdPart) -> ClickOutcome {
        if machine.state(of: part)?.isBound == true { emit(.clickRejected(error)) }
        return .rejected(error)
    }

    // MARK: Close / destroy

    /// The user closed a native ad with its close view: everything bound is released.
    public func close() {
        run(machine.close())
    }

    /// Destroys the ad: timers stop, everything bound or shown is released, the provider is told, and no event is
    /// ever emitted again (rule C5).
    public func destroy() {
        run(machine.destroy())
        handlers.removeAll()
    }

    // MARK: Performing effects

    /// Performs the effects of an input in order. A refusal is thrown; a provider that refuses to attach or
    /// present undoes its step through the machine, and its error is thrown.
    private func perform(_ effects: [AdLifecycleStateMachine.Action]) throws(AdError) {
        defer { tellObservers() }
        for effect in effects {
            switch effect {
            case .reject(let error):
                throw error
            case .attachProvider(let part, let binding):
                do throws(AdError) {
                    try providerAd?.attach(binding, part: part, context: context(binding))
                } catch {
                    let failure = attributed(error)
                    run(machine.attachFailed(part, error: failure))
                    throw failure
                }
            case .showOverlay(let presentation):
                do throws(AdError) {
                    try host.tree.addChild(presentation.overlay, to: try host.tree.rootNode(of: presentation.window))
                    host.beginPresentation(of: id, in: presentation.window)
                } catch {
                    run(machine.presentFailed(attributed(error)))
                    throw attributed(error)
                }
            case .presentProvider(let presentation):
                do throws(AdError) {
                    try providerAd?.present(presentation, context: context(presentation: presentation))
                } catch {
                    let failure = attributed(error)
                    run(machine.presentFailed(failure))
                    throw failure
                }
            default:
                apply(effect)
            }
        }
    }

    /// Performs effects where nobody catches a refusal (callbacks, timers): a refusal is logged.
    private func run(_ effects: [AdLifecycleStateMachine.Action]) {
        do throws(AdError) {
            try perform(effects)
        } catch {
            host.diagnostics.record(.warning, "Rejected: \(error)", providerID: providerID, recommendation: error.hint)
        }
    }

    /// The effects that cannot fail.
    private func apply(_ effect: AdLifecycleStateMachine.Action) {
        switch effect {
        case .emit(let event): emit(event)
        case .ignore(let reason): host.diagnostics.record(.debug, "Ignored: \(reason).", providerID: providerID)
        case .startLoad(let generation): startLoad(generation: generation)
        case .cancelLoad:
            loadTask?.cancel()
            loadTask = nil
        case .startLoadTimer(let deadline, let generation):
            loadTimer = host.scheduler.schedule(at: deadline) { [weak self] in
                guard let self else { return }
                self.loadTimer = nil
                self.run(self.machine.loadTimedOut(generation: generation, after: self.request.timeout))
            }
        case .cancelLoadTimer:
            if let loadTimer { host.scheduler.cancel(loadTimer) }
            loadTimer = nil
        case .keepLoadedAd: keep()
        case .discardLoadedAd:
            delivered?.destroy()
            host.diagnostics.record(.info, "Late answer of an abandoned load dropped.", providerID: providerID)
        case .startExpiryTimer(let deadline):
            if let expiryTimer { host.scheduler.cancel(expiryTimer) }
            expiryTimer = host.scheduler.schedule(at: deadline) { [weak self] in
                guard let self else { return }
                self.expiryTimer = nil
                self.run(self.machine.expire(at: self.host.scheduler.now))
            }
        case .cancelExpiryTimer:
            if let expiryTimer { host.scheduler.cancel(expiryTimer) }
            expiryTimer = nil
        case .registerClickViews(let part, let nodes):
            host.registerClickViews(nodes, to: AdHost.ViewOwner(ad: id, part: part))
            setOwnership(pendingOwnership, of: part)
            pendingOwnership = [:]
        case .releaseClickViews(let part, let nodes):
            host.unregisterClickViews(nodes, of: AdHost.ViewOwner(ad: id, part: part))
            setOwnership([:], of: part)
        case .claimView(let part, let container):
            host.claimView(container, for: AdHost.ViewOwner(ad: id, part: part))
            if part != .main { updateBoundComponents() }
        case .releaseView(let part, let container):
            host.releaseView(container, for: AdHost.ViewOwner(ad: id, part: part))
            if part != .main { updateBoundComponents() }
        case .detachProvider(let part): providerAd?.detach(part: part)
        case .startTracking(let part): startTracking(part)
        case .stopTracking(let part): stopTracking(part)
        case .removeOverlay(let presentation):
            try? host.tree.removeFromParent(presentation.overlay)
            host.endPresentation(of: id, in: presentation.window)
        case .notifyImpression(let data): providerAd?.didRecordImpression(data)
        case .notifyClick(let part, let node): providerAd?.didRecordClick(on: node, part: part)
        case .closeEvents: sink?.close()
        case .destroyProvider:
            providerAd?.destroy()
            providerAd = nil
        case .reject, .attachProvider, .showOverlay, .presentProvider:
            break  // performed by perform(_:)
        }
    }

    private func keep() {
        guard let ad = delivered else { return }
        providerAd = ad
        components = ad.components
        let diagnostics = host.diagnostics
        let providerID = self.providerID
        sink = AdEventSink(
            mailbox: host.scheduler.mailbox, deliver: { [weak self] event in self?.receive(event) },
            dropped: { event in
                diagnostics.record(
                    .debug, Self.containment(event, from: providerID, "sent after the ad was destroyed (C5)"),
                    providerID: providerID)
            })
        ad.didLoad(context: context())
    }

    private func emit(_ event: AdEvent) {
        guard machine.phase != .destroyed else { return }
        for handler in handlers { handler(event) }
    }

    /// Tells observers which observable properties changed since they were last told, as the machine noted them
    /// (nothing is copied here, so performing an input touches nothing the input did not).
    private func tellObservers() {
        let changes = machine.takeChanges()
        guard !changes.isEmpty else { return }
        if changes.contains(.phase) { withMutation(keyPath: \.phase) {} }
        if changes.contains(.info) { withMutation(keyPath: \.info) {} }
        if changes.contains(.binding) { withMutation(keyPath: \.binding) {} }
        if changes.contains(.presentation) { withMutation(keyPath: \.presentation) {} }
        if changes.contains(.impressionAt) { withMutation(keyPath: \.impressionAt) {} }
    }

    /// What the provider may use for a call about `bindings` (its geometry reads their nodes).
    private func context(_ bindings: AdBinding..., presentation: PresentationContext? = nil) -> ProviderContext {
        var nodes: Set<HostNodeID> = []
        for binding in bindings + machine.boundParts.compactMap({ machine.state(of: $0)?.binding }) {
            nodes.insert(binding.container)
            nodes.formUnion(binding.assets.values)
            nodes.formUnion(binding.clickViews)
            if let close = binding.closeView { nodes.insert(close) }
            if let video = binding.videoView { nodes.insert(video) }
        }
        if let overlay = (presentation ?? machine.presentation)?.overlay { nodes.insert(overlay) }
        return host.makeProviderContext(
            adID: id, providerID: providerID,
            events: sink ?? AdEventSink(mailbox: host.scheduler.mailbox) { _ in }, nodes: nodes, ad: self)
    }

    /// A part's viewability rule: the component's or the ad's own, else the provider's.
    private func rule(of part: AdPart) -> ImpressionRule {
        let own = part == .main ? providerAd?.impressionRule : component(part)?.impressionRule
        return own ?? provider.descriptor.impressionRule
    }

    private func component(_ part: AdPart) -> AdComponent? {
        guard let componentID = part.componentID else { return nil }
        return components.first { $0.id == componentID }
    }

    // MARK: Impression tracking (C3)

    private func tracker(of part: AdPart) -> ImpressionTrackerSet.TrackerID? {
        guard let id = part.componentID else { return mainTracker }
        return componentTrackers[id]
    }

    private func setTracker(_ tracker: ImpressionTrackerSet.TrackerID?, of part: AdPart) {
        if let id = part.componentID { componentTrackers[id] = tracker } else { mainTracker = tracker }
    }

    private func ownership(of part: AdPart) -> [HostNodeID: ExternalClickRule.Ownership] {
        guard let id = part.componentID else { return mainOwnership }
        return componentOwnership[id] ?? [:]
    }

    private func setOwnership(_ ownership: [HostNodeID: ExternalClickRule.Ownership], of part: AdPart) {
        if let id = part.componentID {
            componentOwnership[id] = ownership.isEmpty ? nil : ownership
        } else {
            mainOwnership = ownership
        }
    }

    private func startTracking(_ part: AdPart) {
        guard !provider.descriptor.selfReportsImpressions, tracker(of: part) == nil,
            machine.state(of: part)?.impressionAt == nil
        else { return }
        let node: HostNodeID
        if part == .main, let overlay = machine.presentation?.overlay {
            node = overlay
        } else if let container = machine.state(of: part)?.binding?.container {
            node = container
        } else {
            return
        }
        let rule = rule(of: part)
        let tracker = host.trackers.track(
            node: node, rule: rule, condition: condition(for: part, rule: rule),
            onImpression: { [weak self] instant in self?.trackerFired(part, at: instant) })
        // A tracker that fired at once (no minimum duration) is gone already.
        if host.trackers.isTracking(tracker) { setTracker(tracker, of: part) }
    }

    private func stopTracking(_ part: AdPart) {
        if let tracker = tracker(of: part) {
            host.trackers.stop(tracker)
            setTracker(nil, of: part)
        }
        if !hiddenRequiredAsset.isEmpty { hiddenRequiredAsset[part] = nil }
    }

    /// The extra condition a part's visibility must meet the whole time: required assets fully visible (Y22), and
    /// for an ad that counts only with a visible component, one component bound inside it and seen (Y22).
    private func condition(for part: AdPart, rule: ImpressionRule) -> (@MainActor () -> Bool)? {
        guard let binding = machine.state(of: part)?.binding else { return nil }
        let engine = host.engine
        var required: [(AssetKind, HostNodeID?)] = []
        if rule.requiresFullyVisibleRequiredAssets {
            let kinds = part == .main ? providerAd?.requiredAssets ?? [] : component(part)?.requiredAssets ?? []
            required = kinds.sorted { $0.rawValue < $1.rawValue }.map { ($0, binding.assets[$0]) }
        }
        let needsComponent = part == .main && providerAd?.countsOnlyWithVisibleComponent == true
        guard !required.isEmpty || needsComponent else { return nil }
        let container = binding.container
        let tree = host.tree
        return { [weak self] in
            for (kind, node) in required {
                guard let node, engine.visibleRatio(of: node) >= ImpressionRule.fullyVisibleRatio else {
                    self?.requiredAssetNotFullyVisible(kind, of: part)
                    return false
                }
            }
            if !required.isEmpty { self?.hiddenRequiredAsset[part] = nil }
            guard needsComponent, let self else { return true }
            return self.boundComponents.contains { component in
                (try? tree.isDescendant(component.container, of: container)) == true
                    && component.rule.isSatisfied(byRatio: engine.visibleRatio(of: component.container))
            }
        }
    }

    /// Records, once per episode, that a part is on screen but a required asset is not fully visible (Y17, Y22).
    private func requiredAssetNotFullyVisible(_ kind: AssetKind, of part: AdPart) {
        guard hiddenRequiredAsset[part] != kind else { return }
        hiddenRequiredAsset[part] = kind
        host.diagnostics.record(
            .debug,
            "The \(part) is on screen but its required asset \(kind.rawValue) is not fully visible; its impression "
                + "waits for one continuous period with every required asset fully visible.",
            providerID: providerID,
            recommendation: "Keep required assets fully inside the visible part of the ad (Y22).")
    }

    /// Records the bound components for the ad's own tracker condition, and samples that tracker again: its
    /// condition changed without the tree changing.
    private func updateBoundComponents() {
        boundComponents = components.compactMap { component in
            guard let container = machine.state(of: .component(component.id))?.binding?.container else { return nil }
            return (container, rule(of: .component(component.id)))
        }
        if let mainTracker { host.trackers.resample(mainTracker) }
    }

    private func trackerFired(_ part: AdPart, at instant: AdInstant) {
        setTracker(nil, of: part)
        recordImpression(part, at: instant)
    }

    private func recordImpression(_ part: AdPart, at instant: AdInstant) {
        guard let info = machine.info else { return }
        let data = ImpressionData(
            providerID: providerID, placementID: request.placementID, adUnitID: request.adUnitID,
            creativeID: part == .main ? info.creativeIDs.first : component(part)?.creativeID,
            component: part.componentID, revenue: part == .main ? info.revenue : nil)
        run(machine.impression(part, data: data, at: instant))
    }

    // MARK: Provider events

    /// Routes a provider-originated event through the lifecycle.
    private func receive(_ event: AdEvent) {
        let descriptor = provider.descriptor
        switch event {
        case .impression(let data):
            guard descriptor.selfReportsImpressions else {
                ignoreProviderEvent(event, "the unified tracker decides impressions for \(providerID)")
                return
            }
            contain(event, machine.impression(AdPart(component: data.component), data: data, at: host.scheduler.now))
        case .click(let component):
            guard descriptor.selfReportsClicks else {
                ignoreProviderEvent(event, "the unified validator decides clicks for \(providerID)")
                return
            }
            contain(event, machine.click(AdPart(component: component), on: nil))
        case .rewardEarned(let reward): contain(event, machine.reward(reward))
        case .willDismiss, .didDismiss: contain(event, machine.dismissed())
        case .closed: close()
        case .failedToPresent(let error): contain(event, machine.presentFailed(error))
        case .bindingFailed, .clickRejected, .jumped, .videoStateChanged, .rendered:
            contain(event, machine.passThrough(event))
        case .loadStarted, .loadSucceeded, .loadFailed, .willPresent, .expired:
            ignoreProviderEvent(event, "only the unified layer emits lifecycle events")
        }
    }

    /// Performs what a provider's event led to; what the lifecycle ignored is recorded as contained (the
    /// conformance kit's K19 reads these).
    private func contain(_ event: AdEvent, _ effects: [AdLifecycleStateMachine.Action]) {
        var kept: [AdLifecycleStateMachine.Action] = []
        for effect in effects {
            if case .ignore(let reason) = effect { ignoreProviderEvent(event, reason) } else { kept.append(effect) }
        }
        run(kept)
    }

    /// Records a provider's event the lifecycle did not act on: `Contained <event> from <provider>: <reason>.`
    private func ignoreProviderEvent(_ event: AdEvent, _ reason: String) {
        host.diagnostics.record(.debug, Self.containment(event, from: providerID, reason), providerID: providerID)
    }

    /// The diagnostic of a contained provider event: `Contained <event> from <provider>: <reason>.`
    private static func containment(_ event: AdEvent, from providerID: ProviderID, _ reason: String) -> String {
        "Contained \(event) from \(providerID): \(reason)."
    }
}
