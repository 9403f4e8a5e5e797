/// The one lifecycle of every ad (rules C1-C7) as a value type whose inputs return the actions to perform, in
/// order (``Action``): the model is ``ImpressionStateMachine``. ``UnifiedAd`` performs them.
///
/// The machine owns every fact of the lifecycle in one ``State``, whose cases hold what is meaningful in them: the
/// load's generation and retries (Y12, I23), the loaded ad with its expiry (G10, I26), whether each part (the ad,
/// and each of its ``AdComponent``s) is bound, when its impression counted and whether a click counted in that
/// impression (C3, C4, Y23), the presentation and the reward (G9, G11); every other read derives from it. Illegal
/// calls become typed rejections that change nothing; late or repeated provider callbacks are ignored; nothing is
/// ever emitted after ``destroy()`` (C5). The `...Rejection` queries answer "would this be refused" without
/// changing anything.
///
/// ```swift
/// var machine = AdLifecycleStateMachine(providerID: "example")
/// machine.startLoad(timeout: .seconds(10), at: .zero)
/// // [.emit(.loadStarted), .startLoad(generation: 1), .startLoadTimer(at: t=10.000s, generation: 1)]
/// machine.loadSucceeded(info, components: [], generation: 1, at: .zero)
/// // [.cancelLoadTimer, .keepLoadedAd, .emit(.loadSucceeded(info))]
/// machine.bind(binding, part: .main, at: .zero)
/// // [.registerClickViews(main, [cta]), .claimView(main, card), .attachProvider(main, binding),
/// //  .startTracking(main), .emit(.rendered)]
/// ```
public struct AdLifecycleStateMachine: Sendable {
    /// The observed properties an input changed since the last ``takeChanges()``: a driver learns what changed
    /// without copying the values (one byte per ad; each move notes what it changes of what a host observes).
    public private(set) var changes: ObservedProperties = []
    /// Where the machine is, and what it holds there.
    public private(set) var state: State = .idle

    let providerID: ProviderID?
    let retryPolicy: LoadRetryPolicy
    let providerCodes: [AdError.Code: Int]

    /// Creates a machine in the `idle` phase.
    ///
    /// - Parameters:
    ///   - providerID: the provider, for error attribution.
    ///   - retryPolicy: how often a failed load may be retried (rules Y12, I23).
    ///   - providerCodes: the provider's own codes for the errors raised on its behalf (rule C6).
    public init(
        providerID: ProviderID? = nil, retryPolicy: LoadRetryPolicy = .standard,
        providerCodes: [AdError.Code: Int] = [:]
    ) {
        self.providerID = providerID
        self.retryPolicy = retryPolicy
        self.providerCodes = providerCodes
    }

    // MARK: Reads (derived from the state)

    /// The current phase.
    public var phase: AdPhase { state.phase }
    /// The info of the loaded ad (its expiry filled in), once loaded.
    public var info: LoadedAdInfo? { state.readLoadedAd { $0.info } }
    /// Whether a reward has been granted (G11).
    public var rewardGranted: Bool { state.readLoadedAd { $0.rewardGranted } ?? false }
    /// Whether the ad was ever presented (a full-screen ad shows once, G9).
    public var wasPresented: Bool { state.wasPresented }
    /// Where the ad is presented, while presented.
    public var presentation: PresentationContext? { state.presentation }
    /// The IDs of the ad's components, in the provider's order.
    public var componentIDs: [String] { state.readLoadedAd { $0.componentIDs } ?? [] }
    /// The current load's generation: a result of another generation is dropped.
    public var generation: UInt64 { state.loads.generation }
    /// How many loads failed so far (the retry policy's count: over the ad's life, or within the current call).
    public var failedLoads: Int { state.loads.failures }
    /// When the loaded ad expires, if it does.
    public var expiresAt: AdInstant? { state.readLoadedAd { $0.info.expiresAt } ?? nil }

    /// What the machine knows of a part (`nil` for an unknown component, or before load).
    public func state(of part: AdPart) -> PartState? { state.readLoadedAd { $0.part(part) } ?? nil }

    /// The bound parts: the components in order, then the ad itself (the order teardown follows).
    public var boundParts: [AdPart] { state.readLoadedAd { $0.boundParts } ?? [] }

    /// Whether the ad's impression has counted.
    public var impressionCounted: Bool { state.readLoadedAd { $0.main.impressionAt != nil } ?? false }

    /// Returns the observed properties changed since the last call, and empties the set.
    public mutating func takeChanges() -> ObservedProperties {
        defer { changes = [] }
        return changes
    }

    /// Changes the state in place, noting `changed`: what a host observes that differs. Each input knows what it
    /// changes (as 8b0da5b's setters did), so no input copies the loaded ad out of two states to compare them; a debug
    /// build checks the note against ``ObservedProperties/changed(from:to:)``, which compares the whole states.
    @discardableResult
    private mutating func change<Value>(noting changed: ObservedProperties, _ body: (inout State) -> Value) -> Value {
        #if DEBUG
            let old = state
        #endif
        let value = body(&state)
        #if DEBUG
            assert(changed == ObservedProperties.changed(from: old, to: state), "\(phase): noted \(changed)")
        #endif
        changes.formUnion(changed)
        return value
    }

    /// Moves to `next`, noting `changed` (see ``change(noting:_:)``).
    private mutating func move(to next: State, changing changed: ObservedProperties) {
        change(noting: changed) { $0 = next }
    }

    /// Changes the loaded ad in place, its case kept (``State/updateLoadedAd(_:)``), noting `changed`; returns whether
    /// there was a loaded ad to change.
    @discardableResult
    private mutating func updateAd(changing changed: ObservedProperties, _ update: (inout LoadedAd) -> Void) -> Bool {
        change(noting: changed) { $0.updateLoadedAd(update) != nil }
    }

    // MARK: Load (C7, Y12, I23)

    /// The host asked to load (`newCall`), or a load call retries after a failure.
    public mutating func startLoad(timeout: Duration, at now: AdInstant, newCall: Bool = true) -> [Action] {
        if let rejection = loadRejection(newCall: newCall) { return [.reject(rejection)] }
        var loads = state.loads
        if newCall, retryPolicy.scope == .loadCall { loads.failures = 0 }
        loads.generation &+= 1
        move(to: .loading(loads), changing: .phase)
        return [
            .emit(.loadStarted), .startLoad(generation: loads.generation),
            .startLoadTimer(at: now.advanced(by: timeout), generation: loads.generation),
        ]
    }

    /// The provider delivered an ad for `generation`, with these components.
    public mutating func loadSucceeded(
        _ info: LoadedAdInfo, components: [String], generation: UInt64, at now: AdInstant
    ) -> [Action] {
        guard case .loading(let loads) = state, generation == loads.generation else {
            return [.discardLoadedAd, .ignore("loadSucceeded of load \(generation) while \(phase)")]
        }
        move(to: .loaded(LoadedAd(loads: loads, info: info, componentIDs: components)), changing: [.phase, .info])
        var actions: [Action] = [.cancelLoadTimer, .keepLoadedAd]
        if let expiresAt = info.expiresAt { actions.append(.startExpiryTimer(at: expiresAt)) }
        actions.append(.emit(.loadSucceeded(info)))
        return actions
    }

    /// The provider failed the load of `generation`.
    public mutating func loadFailed(_ failure: AdError, generation: UInt64) -> [Action] {
        guard case .loading(let loads) = state, generation == loads.generation else {
            return [.ignore("loadFailed of load \(generation) while \(phase)")]
        }
        return fail(failure, loads: loads, actions: [.cancelLoadTimer])
    }

    /// The load of `generation` did not end within `timeout` (rule C7): it is abandoned (a late answer is dropped)
    /// and fails with `timeout`.
    public mutating func loadTimedOut(generation: UInt64, after timeout: Duration) -> [Action] {
        guard case .loading(var loads) = state, generation == loads.generation else {
            return [.ignore("load timeout of load \(generation) while \(phase)")]
        }
        // The abandoned load is cancelled before the failure is reported: a host that loads again from its
        // handler starts a new load, which this must not cancel.
        loads.generation &+= 1
        let timeoutError = Self.timeoutError(providerID: providerID, providerCodes: providerCodes, after: timeout)
        return fail(timeoutError, loads: loads, actions: [.cancelLoad])
    }

    /// The error a load that did not end within `timeout` fails with (rule C7), with the provider's own code for it.
    package static func timeoutError(
        providerID: ProviderID?, providerCodes: [AdError.Code: Int], after timeout: Duration
    ) -> AdError {
        AdError(
            .timeout, "\(providerID.map(\.rawValue) ?? "The provider") did not answer within \(timeout).",
            providerID: providerID, providerCode: providerCodes[.timeout],
            hint: "Check the network, or raise AdRequest.timeout for this ad unit.")
    }

    private mutating func fail(_ failure: AdError, loads: Loads, actions: [Action]) -> [Action] {
        var loads = loads
        loads.failures += 1
        move(to: .failed(failure, loads), changing: .phase)
        return actions + [.emit(.loadFailed(failure))]
    }

    // MARK: Bind / detach

    /// The host binds `part` (every unified and vendor check passed). The provider's `attach` may still refuse:
    /// then ``attachFailed(_:error:)`` undoes it.
    public mutating func bind(_ binding: AdBinding, part: AdPart, at now: AdInstant) -> [Action] {
        if let rejection = bindRejection(part, at: now) { return [.reject(rejection)] }
        if part == .main, case .loaded(var ad) = state {
            ad.main.binding = binding
            move(to: .bound(ad), changing: [.phase, .binding])
        } else if part == .main || !updateAd(changing: [], { $0.update(part) { $0.binding = binding } }) {
            return [.reject(notUsable("bind"))]
        }
        return [
            .registerClickViews(part, binding.clickViews), .claimView(part, binding.container),
            .attachProvider(part, binding), .startTracking(part),
        ] + (part == .main ? [.emit(.rendered)] : [])
    }

    /// The provider refused the binding of `part` in its `attach`: the binding is undone and reported.
    public mutating func attachFailed(_ part: AdPart, error failure: AdError) -> [Action] {
        guard let binding = unbind(part) else { return [.ignore("attachFailed of unbound \(part)")] }
        return [
            .stopTracking(part), .releaseView(part, binding.container), .releaseClickViews(part, binding.clickViews),
        ]
            + bindingFailed(failure)
    }

    /// A binding failed a check: the failure is reported; the ad stays as it was (loaded, or bound elsewhere) and
    /// may be bound again once the host fixes its layout.
    public func bindingFailed(_ failure: AdError) -> [Action] {
        switch phase {
        case .loaded, .bound: return [.emit(.bindingFailed(failure))]
        default: return [.ignore("bindingFailed while \(phase)")]
        }
    }

    /// The host detaches `part` from its container (rule I16): its click views and view are released, an
    /// impression timer that had not fired is dropped, and it may be bound again. A part detached after the ad
    /// expired leaves it expired when nothing else is bound.
    public mutating func detach(_ part: AdPart, at now: AdInstant) -> [Action] {
        if case .destroyed = state { return [.reject(notUsable("detach"))] }
        guard let binding = unbind(part) else {
            return [
                .reject(error(.detached, "The \(part) is not bound (\(phase)).", "Only a bound part can be detached."))
            ]
        }
        var actions: [Action] = [
            .stopTracking(part), .releaseClickViews(part, binding.clickViews), .releaseView(part, binding.container),
            .detachProvider(part),
        ]
        if let expiresAt, now >= expiresAt, case .loaded(let ad) = state, ad.boundParts.isEmpty {
            move(to: .expired(ad), changing: .phase)
            actions += [.cancelExpiryTimer, .emit(.expired)]
        }
        return actions
    }

    /// Unbinds a bound part (the ad's own: a bound ad is loaded again); returns its binding, `nil` when unbound.
    private mutating func unbind(_ part: AdPart) -> AdBinding? {
        guard let binding = state(of: part)?.binding else { return nil }
        if part == .main, case .bound(var ad) = state {
            ad.main.binding = nil
            move(to: .loaded(ad), changing: [.phase, .binding])
        } else {
            updateAd(changing: part == .main ? .binding : []) { $0.update(part) { $0.binding = nil } }
        }
        return binding
    }

    // MARK: Present (G2-G11)

    /// The host presents the ad (its window and overlay were checked and made).
    public mutating func present(_ presentation: PresentationContext, at now: AdInstant) -> [Action] {
        if let rejection = presentRejection(at: now) { return [.reject(rejection)] }
        guard case .loaded(let ad) = state else { return [.reject(notUsable("present"))] }
        move(to: .presented(ad, presentation), changing: [.phase, .presentation])
        return [
            .showOverlay(presentation), .emit(.willPresent), .presentProvider(presentation), .cancelExpiryTimer,
            .startTracking(.main),
        ]
    }

    /// A call to present was refused before anything was shown: the failure is reported after load, the phase
    /// stays as it is.
    public func presentRefused(_ failure: AdError) -> [Action] {
        switch phase {
        case .loaded, .presented, .closed, .expired: return [.emit(.failedToPresent(failure))]
        default: return [.ignore("presentRefused while \(phase)")]
        }
    }

    /// Presenting failed (the provider refused, or reported a failure before its dismissal): the overlay goes, the
    /// ad is loaded again and may be presented once more.
    public mutating func presentFailed(_ failure: AdError) -> [Action] {
        switch state {
        case .presented(let ad, let shown):
            move(to: .loaded(ad), changing: [.phase, .presentation])
            var actions: [Action] = [.stopTracking(.main), .removeOverlay(shown)]
            if let expiresAt = ad.info.expiresAt { actions.append(.startExpiryTimer(at: expiresAt)) }
            return actions + [.emit(.failedToPresent(failure))]
        case .loaded, .expired:
            return [.emit(.failedToPresent(failure))]
        default:
            return [.ignore("presentFailed while \(phase)")]
        }
    }

    /// The full-screen ad was dismissed.
    public mutating func dismissed() -> [Action] {
        guard case .presented(let ad, let shown) = state else { return [.ignore("dismiss while \(phase)")] }
        move(to: .dismissed(ad), changing: [.phase, .presentation])
        return [.stopTracking(.main), .removeOverlay(shown), .emit(.willDismiss), .emit(.didDismiss)]
    }

    /// The user earned the reward. Granted once, and only while presented (so always before `didDismiss`, G11).
    public mutating func reward(_ reward: AdReward) -> [Action] {
        guard case .presented(let ad, _) = state else { return [.ignore("reward while \(phase)")] }
        guard !ad.rewardGranted else { return [.ignore("second reward")] }
        updateAd(changing: []) { $0.rewardGranted = true }
        return [.emit(.rewardEarned(reward))]
    }

    // MARK: Impressions and clicks (C3, C4)

    /// A part's impression counted (its tracker fired, or a self-reporting provider said so). Counted once per
    /// part, only while it is bound (or presented), never on load or render alone (C3).
    public mutating func impression(_ part: AdPart, data: ImpressionData, at now: AdInstant) -> [Action] {
        guard let known = state(of: part), isShown(part) else {
            return [.ignore("impression of \(part) while \(phase)")]
        }
        guard known.impressionAt == nil else { return [.ignore("second impression of \(part)")] }
        updateAd(changing: part == .main ? .impressionAt : []) {
            $0.update(part) {
                $0.impressionAt = now
                $0.clickCounted = false
            }
        }
        return [.emit(.impression(data)), .notifyImpression(data)]
    }

    /// A click on `part` that every check accepted: counted once per impression (C4, Y23). Returns `[.reject]`
    /// when the part is not shown, `[.ignore]` for a repeat within the same impression, otherwise the click.
    public mutating func click(_ part: AdPart, on node: HostNodeID?) -> [Action] {
        if let rejection = clickRejection(part) { return [.reject(rejection)] }
        guard let known = state(of: part), !known.clickCounted else {
            return [.ignore("repeated click on \(part) in one impression")]
        }
        updateAd(changing: []) { $0.update(part) { $0.clickCounted = true } }
        return [.emit(.click(component: part.componentID)), .notifyClick(part, node)]
    }

    // MARK: Close, pass-through, expiry, destroy

    /// The user closed a native ad with its close view: everything bound is released and the ad is done.
    public mutating func close() -> [Action] {
        guard case .bound(var ad) = state else { return [.ignore("close while \(phase)")] }
        var actions: [Action] = []
        actions.reserveCapacity(2 + Self.releaseActionsPerPart * (ad.components.count + 1))
        let changed: ObservedProperties = ad.main.isBound ? [.phase, .binding] : .phase
        Self.releaseBoundParts(of: &ad, into: &actions)
        move(to: .closed(ad), changing: changed)
        actions.append(.cancelExpiryTimer)
        actions.append(.emit(.closed))
        return actions
    }

    /// A provider event that does not change the phase (jump, video state); delivered only while the ad is live.
    public func passThrough(_ event: AdEvent) -> [Action] {
        switch phase {
        case .bound, .presented, .loaded: return [.emit(event)]
        default: return [.ignore("\(event) while \(phase)")]
        }
    }

    /// The expiry timer fired, or a call found the ad past its expiry. Only a loaded ad with nothing bound and
    /// never presented expires; a shown one is never taken away, but cannot be bound again once detached.
    public mutating func expire(at now: AdInstant) -> [Action] {
        guard case .loaded(let ad) = state, ad.boundParts.isEmpty, let expiresAt, now >= expiresAt else {
            return [.ignore("expire while \(phase)")]
        }
        move(to: .expired(ad), changing: .phase)
        return [.cancelExpiryTimer, .emit(.expired)]
    }

    /// The ad is destroyed: timers stop, everything bound or shown is released, the provider is told, and nothing
    /// is ever emitted again (C5). Destroying twice does nothing.
    public mutating func destroy() -> [Action] {
        if case .destroyed = state { return [] }
        // One allocation, sized up front: an app tears down whole feeds at once (issue 19's teardown series).
        var actions: [Action] = []
        let componentCount = state.readLoadedAd { $0.components.count } ?? 0
        actions.reserveCapacity(7 + Self.releaseActionsPerPart * (componentCount + 1))
        actions.append(.cancelLoadTimer)
        actions.append(.cancelLoad)
        actions.append(.cancelExpiryTimer)
        // Only the phase, the presentation and the ad's own binding can change: the ad and its info stay readable.
        var changed: ObservedProperties = state(of: .main)?.isBound == true ? [.phase, .binding] : .phase
        let presentation = self.presentation
        if presentation != nil { changed.insert(.presentation) }
        change(noting: changed) { state in  // in place: the state is released and boxed, not copied
            state.updateLoadedAd { Self.releaseBoundParts(of: &$0, into: &actions) }
            state.markDestroyed()
        }
        actions.append(.stopTracking(.main))
        if let presentation { actions.append(.removeOverlay(presentation)) }
        actions.append(.closeEvents)
        actions.append(.destroyProvider)
        return actions
    }
}
