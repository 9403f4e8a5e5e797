/// The one lifecycle of every ad (rules C1-C7) as a value type whose inputs return the effects to perform, in
/// order (``AdLifecycleEffect``): the model is ``ImpressionStateMachine``. ``UnifiedAd`` performs them.
///
/// The machine owns every fact of the lifecycle: the phase, the load's generation and retries (Y12, I23), the
/// expiry (G10, I26), whether each part (the ad, and each of its ``AdComponent``s) is bound, when its impression
/// counted and whether a click counted in that impression (C3, C4, Y23). Illegal calls become typed rejections
/// that change nothing; late or repeated provider callbacks are ignored; nothing is ever emitted after
/// ``destroy()`` (C5). The `...Rejection` queries answer "would this be refused" without changing anything.
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
    /// What the machine knows of one part.
    public struct PartState: Sendable, Hashable {
        /// The part's binding, while bound.
        public var binding: AdBinding?
        /// When the part's impression counted.
        public var impressionAt: AdInstant?
        /// Whether a click counted during the current impression (repeats count once, C4, Y23).
        public var clickCounted = false

        /// Whether the part is bound.
        public var isBound: Bool { binding != nil }
    }

    /// The properties a host observes (``UnifiedAd`` is `@Observable` through them), as a set.
    ///
    /// ```swift
    /// _ = machine.bind(binding, part: .main, at: now)
    /// machine.takeChanges()   // [.phase, .binding]: tell the observers of those two
    /// ```
    public struct ObservedProperties: OptionSet, Sendable {
        /// The set's bits.
        public let rawValue: UInt8
        /// Creates a set from its bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// ``AdLifecycleStateMachine/phase``.
        public static let phase = ObservedProperties(rawValue: 1 << 0)
        /// ``AdLifecycleStateMachine/info``.
        public static let info = ObservedProperties(rawValue: 1 << 1)
        /// ``AdLifecycleStateMachine/presentation``.
        public static let presentation = ObservedProperties(rawValue: 1 << 2)
        /// The ad's own part's binding.
        public static let binding = ObservedProperties(rawValue: 1 << 3)
        /// The ad's own part's impression time.
        public static let impressionAt = ObservedProperties(rawValue: 1 << 4)
    }

    /// The observed properties an input changed since the last ``takeChanges()``: a driver learns what changed
    /// without copying the values (one byte per ad; each property compares itself when it is set).
    public private(set) var changes: ObservedProperties = []
    /// The current phase.
    public private(set) var phase: AdPhase = .idle {
        didSet { if phase != oldValue { changes.insert(.phase) } }
    }
    /// The info of the loaded ad (its expiry filled in), once loaded.
    public private(set) var info: LoadedAdInfo? {
        didSet { if info != oldValue { changes.insert(.info) } }
    }
    /// Whether a reward has been granted (G11).
    public private(set) var rewardGranted = false
    /// Whether the ad was ever presented (a full-screen ad shows once, G9).
    public private(set) var wasPresented = false
    /// Where the ad is presented, while presented.
    public private(set) var presentation: PresentationContext? {
        didSet { if presentation != oldValue { changes.insert(.presentation) } }
    }
    /// The IDs of the ad's components, in the provider's order.
    public private(set) var componentIDs: [String] = []
    /// The current load's generation: a result of another generation is dropped.
    public private(set) var generation: UInt64 = 0
    /// How many loads failed so far (the retry policy's count: over the ad's life, or within the current call).
    public private(set) var failedLoads = 0

    /// The ad's own part, and its components' in ``componentIDs`` order (no dictionary: most ads have no component,
    /// and every byte of a live ad counts).
    private var main = PartState()
    private var componentParts: [PartState] = []
    private var isLoaded = false
    private let providerID: ProviderID?
    private let retryPolicy: LoadRetryPolicy
    private let providerCodes: [AdError.Code: Int]

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

    /// When the loaded ad expires, if it does.
    public var expiresAt: AdInstant? { info?.expiresAt }

    /// What the machine knows of a part (`nil` for an unknown component, or before load).
    public func state(of part: AdPart) -> PartState? {
        guard isLoaded else { return nil }
        guard let id = part.componentID else { return main }
        return componentIDs.firstIndex(of: id).map { componentParts[$0] }
    }

    /// Changes a part's state in place (an unknown part: nothing).
    private mutating func update(_ part: AdPart, _ change: (inout PartState) -> Void) {
        guard isLoaded else { return }
        guard let id = part.componentID else { return change(&main) }
        guard let index = componentIDs.firstIndex(of: id) else { return }
        change(&componentParts[index])
    }

    /// Binds or unbinds a part.
    private mutating func setBinding(_ binding: AdBinding?, of part: AdPart) {
        if isLoaded, part == .main { changes.insert(.binding) }
        update(part) { $0.binding = binding }
    }

    /// Returns the observed properties changed since the last call, and empties the set.
    public mutating func takeChanges() -> ObservedProperties {
        defer { changes = [] }
        return changes
    }

    /// The bound parts: the components in order, then the ad itself (the order teardown follows).
    public var boundParts: [AdPart] {
        guard isLoaded else { return [] }
        var bound: [AdPart] = []
        for (index, id) in componentIDs.enumerated() where componentParts[index].isBound {
            bound.append(.component(id))
        }
        if main.isBound { bound.append(.main) }
        return bound
    }

    /// Whether the ad's impression has counted.
    public var impressionCounted: Bool { main.impressionAt != nil }

    // MARK: Load (C7, Y12, I23)

    /// Why loading now would be refused (loading already, loaded, destroyed, retries used up), or `nil`.
    ///
    /// - Parameter newCall: whether the load starts a new load call of the host (which, under a
    ///   ``LoadRetryPolicy/Scope/loadCall`` policy, counts its retries afresh) rather than retrying within one.
    public func loadRejection(newCall: Bool = true) -> AdError? {
        switch phase {
        case .idle:
            return nil
        case .failed(let lastFailure):
            if newCall, retryPolicy.scope == .loadCall { return nil }
            guard !retryPolicy.allowsRetry(afterFailures: failedLoads, lastError: lastFailure) else { return nil }
            let allowed = "\(retryPolicy.maximumRetries) retr\(retryPolicy.maximumRetries == 1 ? "y" : "ies")"
            return error(
                .retryLimitReached,
                "The ad failed to load \(failedLoads) time(s); its provider allows \(allowed)"
                    + (retryPolicy.retryable == nil ? "" : " and only after transient failures")
                    + " (last: \(lastFailure.code)).",
                "Stop retrying this ad; the SDKs never retry by themselves and a host's retries must be capped "
                    + "(Y12, I23). Load a new ad later.")
        case .loading:
            return error(.notReady, "A load is already in progress.", "Wait for loadSucceeded or loadFailed.")
        case .destroyed:
            return notUsable("load")
        default:
            return error(
                .alreadyUsed, "The ad is already loaded (\(phase)).", "Create a new ad object to load another ad.")
        }
    }

    /// The host asked to load (`newCall`), or a load call retries after a failure.
    public mutating func startLoad(timeout: Duration, at now: AdInstant, newCall: Bool = true) -> [AdLifecycleEffect] {
        if let rejection = loadRejection(newCall: newCall) { return [.reject(rejection)] }
        if newCall, retryPolicy.scope == .loadCall { failedLoads = 0 }
        phase = .loading
        generation &+= 1
        return [
            .emit(.loadStarted), .startLoad(generation: generation),
            .startLoadTimer(at: now.advanced(by: timeout), generation: generation),
        ]
    }

    /// The provider delivered an ad for `generation`, with these components.
    public mutating func loadSucceeded(
        _ info: LoadedAdInfo, components: [String], generation: UInt64, at now: AdInstant
    ) -> [AdLifecycleEffect] {
        guard generation == self.generation, case .loading = phase else {
            return [.discardLoadedAd, .ignore("loadSucceeded of load \(generation) while \(phase)")]
        }
        phase = .loaded
        self.info = info
        componentIDs = components
        if main.isBound { changes.insert(.binding) }
        if main.impressionAt != nil { changes.insert(.impressionAt) }
        main = PartState()
        componentParts = Array(repeating: PartState(), count: components.count)
        isLoaded = true
        var effects: [AdLifecycleEffect] = [.cancelLoadTimer, .keepLoadedAd]
        if let expiresAt = info.expiresAt { effects.append(.startExpiryTimer(at: expiresAt)) }
        effects.append(.emit(.loadSucceeded(info)))
        return effects
    }

    /// The provider failed the load of `generation`.
    public mutating func loadFailed(_ failure: AdError, generation: UInt64) -> [AdLifecycleEffect] {
        guard generation == self.generation, case .loading = phase else {
            return [.ignore("loadFailed of load \(generation) while \(phase)")]
        }
        return fail(failure, effects: [.cancelLoadTimer])
    }

    /// The load of `generation` did not end within `timeout` (rule C7): it is abandoned (a late answer is dropped)
    /// and fails with `timeout`.
    public mutating func loadTimedOut(generation: UInt64, after timeout: Duration) -> [AdLifecycleEffect] {
        guard generation == self.generation, case .loading = phase else {
            return [.ignore("load timeout of load \(generation) while \(phase)")]
        }
        // The abandoned load is cancelled before the failure is reported: a host that loads again from its
        // handler starts a new load, which this must not cancel.
        self.generation &+= 1
        let timeoutError = AdError(
            .timeout, "\(providerID.map(\.rawValue) ?? "The provider") did not answer within \(timeout).",
            providerID: providerID, providerCode: providerCodes[.timeout],
            hint: "Check the network, or raise AdRequest.timeout for this ad unit.")
        return fail(timeoutError, effects: [.cancelLoad])
    }

    private mutating func fail(_ failure: AdError, effects: [AdLifecycleEffect]) -> [AdLifecycleEffect] {
        phase = .failed(failure)
        failedLoads += 1
        return effects + [.emit(.loadFailed(failure))]
    }

    // MARK: Bind / detach

    /// Why binding `part` now would be refused, or `nil` (no side effects).
    public func bindRejection(_ part: AdPart, at now: AdInstant) -> AdError? {
        switch (part, phase) {
        case (.main, .loaded), (.component, .loaded), (.component, .bound):
            break
        case (.main, .bound):
            return error(.notReady, "The ad is already bound.", "Call detach() before binding it elsewhere.")
        default:
            return notUsable("bind")
        }
        if let expiresAt, now >= expiresAt { return expiredError("bound") }
        guard let state = state(of: part) else {
            let known = componentIDs.joined(separator: ", ")
            return error(
                .invalidRequest, "The ad has no component '\(part.componentID ?? "")' (it has: \(known)).",
                "Bind the components the loaded ad lists.")
        }
        if let current = state.binding {
            return error(
                .invalidBinder,
                "The \(part) is already shown in \(current.container); one ad is shown in one view at a time.",
                "Detach it from its container before binding it to another (Y22).")
        }
        return nil
    }

    /// The host binds `part` (every unified and vendor check passed). The provider's `attach` may still refuse:
    /// then ``attachFailed(_:error:)`` undoes it.
    public mutating func bind(_ binding: AdBinding, part: AdPart, at now: AdInstant) -> [AdLifecycleEffect] {
        if let rejection = bindRejection(part, at: now) { return [.reject(rejection)] }
        setBinding(binding, of: part)
        if part == .main { phase = .bound }
        return [
            .registerClickViews(part, binding.clickViews), .claimView(part, binding.container),
            .attachProvider(part, binding), .startTracking(part),
        ] + (part == .main ? [.emit(.rendered)] : [])
    }

    /// The provider refused the binding of `part` in its `attach`: the binding is undone and reported.
    public mutating func attachFailed(_ part: AdPart, error failure: AdError) -> [AdLifecycleEffect] {
        guard let binding = state(of: part)?.binding else { return [.ignore("attachFailed of unbound \(part)")] }
        setBinding(nil, of: part)
        if part == .main, case .bound = phase { phase = .loaded }
        return [
            .stopTracking(part), .releaseView(part, binding.container), .releaseClickViews(part, binding.clickViews),
        ]
            + bindingFailed(failure)
    }

    /// A binding failed a check: the failure is reported; the ad stays as it was (loaded, or bound elsewhere) and
    /// may be bound again once the host fixes its layout.
    public func bindingFailed(_ failure: AdError) -> [AdLifecycleEffect] {
        switch phase {
        case .loaded, .bound: return [.emit(.bindingFailed(failure))]
        default: return [.ignore("bindingFailed while \(phase)")]
        }
    }

    /// The host detaches `part` from its container (rule I16): its click views and view are released, an
    /// impression timer that had not fired is dropped, and it may be bound again. A part detached after the ad
    /// expired leaves it expired when nothing else is bound.
    public mutating func detach(_ part: AdPart, at now: AdInstant) -> [AdLifecycleEffect] {
        if case .destroyed = phase { return [.reject(notUsable("detach"))] }
        guard let binding = state(of: part)?.binding else {
            return [
                .reject(error(.detached, "The \(part) is not bound (\(phase)).", "Only a bound part can be detached."))
            ]
        }
        setBinding(nil, of: part)
        if part == .main, case .bound = phase { phase = .loaded }
        var effects: [AdLifecycleEffect] = [
            .stopTracking(part), .releaseClickViews(part, binding.clickViews), .releaseView(part, binding.container),
            .detachProvider(part),
        ]
        if let expiresAt, now >= expiresAt, case .loaded = phase, boundParts.isEmpty {
            phase = .expired
            effects += [.cancelExpiryTimer, .emit(.expired)]
        }
        return effects
    }

    // MARK: Present (G2-G11)

    /// Why presenting now would be refused (not ready, already shown, expired, destroyed), or `nil`.
    public func presentRejection(at now: AdInstant) -> AdError? {
        switch phase {
        case .loaded where !wasPresented && !boundParts.isEmpty:
            return error(
                .notReady, "The ad has bound parts and cannot be presented full-screen over them.",
                "Detach every bound part first; a full-screen ad shows nothing bound.")
        case .loaded where !wasPresented:
            if let expiresAt, now >= expiresAt { return expiredError("presented") }
            return nil
        case .presented, .closed, .loaded:
            return error(.alreadyUsed, "A full-screen ad shows once; this one was already presented.", "Load a new ad.")
        default:
            return notUsable("present")
        }
    }

    /// The host presents the ad (its window and overlay were checked and made).
    public mutating func present(_ presentation: PresentationContext, at now: AdInstant) -> [AdLifecycleEffect] {
        if let rejection = presentRejection(at: now) { return [.reject(rejection)] }
        phase = .presented
        wasPresented = true
        self.presentation = presentation
        return [
            .showOverlay(presentation), .emit(.willPresent), .presentProvider(presentation), .cancelExpiryTimer,
            .startTracking(.main),
        ]
    }

    /// A call to present was refused before anything was shown: the failure is reported after load, the phase
    /// stays as it is.
    public func presentRefused(_ failure: AdError) -> [AdLifecycleEffect] {
        switch phase {
        case .loaded, .presented, .closed, .expired: return [.emit(.failedToPresent(failure))]
        default: return [.ignore("presentRefused while \(phase)")]
        }
    }

    /// Presenting failed (the provider refused, or reported a failure before its dismissal): the overlay goes, the
    /// ad is loaded again and may be presented once more.
    public mutating func presentFailed(_ failure: AdError) -> [AdLifecycleEffect] {
        switch phase {
        case .presented:
            let shown = presentation
            phase = .loaded
            wasPresented = false
            presentation = nil
            var effects: [AdLifecycleEffect] = [.stopTracking(.main)]
            if let shown { effects.append(.removeOverlay(shown)) }
            if let expiresAt = info?.expiresAt { effects.append(.startExpiryTimer(at: expiresAt)) }
            return effects + [.emit(.failedToPresent(failure))]
        case .loaded, .expired:
            return [.emit(.failedToPresent(failure))]
        default:
            return [.ignore("presentFailed while \(phase)")]
        }
    }

    /// The full-screen ad was dismissed.
    public mutating func dismissed() -> [AdLifecycleEffect] {
        guard case .presented = phase else { return [.ignore("dismiss while \(phase)")] }
        phase = .closed
        let shown = presentation
        presentation = nil
        return [.stopTracking(.main)] + (shown.map { [.removeOverlay($0)] } ?? []) + [
            .emit(.willDismiss), .emit(.didDismiss),
        ]
    }

    /// The user earned the reward. Granted once, and only while presented (so always before `didDismiss`, G11).
    public mutating func reward(_ reward: AdReward) -> [AdLifecycleEffect] {
        guard case .presented = phase else { return [.ignore("reward while \(phase)")] }
        guard !rewardGranted else { return [.ignore("second reward")] }
        rewardGranted = true
        return [.emit(.rewardEarned(reward))]
    }

    // MARK: Impressions and clicks (C3, C4)

    /// A part's impression counted (its tracker fired, or a self-reporting provider said so). Counted once per
    /// part, only while it is bound (or presented), never on load or render alone (C3).
    public mutating func impression(
        _ part: AdPart, data: ImpressionData, at now: AdInstant
    ) -> [AdLifecycleEffect] {
        guard let state = state(of: part), isShown(part) else {
            return [.ignore("impression of \(part) while \(phase)")]
        }
        guard state.impressionAt == nil else { return [.ignore("second impression of \(part)")] }
        if part == .main { changes.insert(.impressionAt) }
        update(part) {
            $0.impressionAt = now
            $0.clickCounted = false
        }
        return [.emit(.impression(data)), .notifyImpression(data)]
    }

    /// Why a click on `part` would be refused by the lifecycle (not bound or presented), or `nil`.
    public func clickRejection(_ part: AdPart) -> AdError? {
        guard state(of: part) != nil, isShown(part) else {
            return error(
                .clickRejected, "Click on a \(part) that is not bound (\(phase)).",
                "Only bound ads take clicks; check the ad's phase.")
        }
        return nil
    }

    /// A click on `part` that every check accepted: counted once per impression (C4, Y23). Returns `[.reject]`
    /// when the part is not shown, `[.ignore]` for a repeat within the same impression, otherwise the click.
    public mutating func click(_ part: AdPart, on node: HostNodeID?) -> [AdLifecycleEffect] {
        if let rejection = clickRejection(part) { return [.reject(rejection)] }
        guard state(of: part)?.clickCounted != true else {
            return [.ignore("repeated click on \(part) in one impression")]
        }
        update(part) { $0.clickCounted = true }
        return [.emit(.click(component: part.componentID)), .notifyClick(part, node)]
    }

    private func isShown(_ part: AdPart) -> Bool {
        switch phase {
        case .bound, .loaded: return state(of: part)?.isBound == true
        case .presented: return part == .main
        default: return false
        }
    }

    // MARK: Close, pass-through, expiry, destroy

    /// The user closed a native ad with its close view: everything bound is released and the ad is done.
    public mutating func close() -> [AdLifecycleEffect] {
        guard case .bound = phase else { return [.ignore("close while \(phase)")] }
        var effects: [AdLifecycleEffect] = []
        effects.reserveCapacity(2 + Self.releaseEffectsPerPart * (componentParts.count + 1))
        releaseBoundParts(into: &effects)
        phase = .closed
        effects.append(.cancelExpiryTimer)
        effects.append(.emit(.closed))
        return effects
    }

    /// A provider event that does not change the phase (jump, video state); delivered only while the ad is live.
    public func passThrough(_ event: AdEvent) -> [AdLifecycleEffect] {
        switch phase {
        case .bound, .presented, .loaded: return [.emit(event)]
        default: return [.ignore("\(event) while \(phase)")]
        }
    }

    /// The expiry timer fired, or a call found the ad past its expiry. Only a loaded ad with nothing bound and
    /// never presented expires; a shown one is never taken away, but cannot be bound again once detached.
    public mutating func expire(at now: AdInstant) -> [AdLifecycleEffect] {
        guard case .loaded = phase, !wasPresented, boundParts.isEmpty, let expiresAt, now >= expiresAt else {
            return [.ignore("expire while \(phase)")]
        }
        phase = .expired
        return [.cancelExpiryTimer, .emit(.expired)]
    }

    /// The ad is destroyed: timers stop, everything bound or shown is released, the provider is told, and nothing
    /// is ever emitted again (C5). Destroying twice does nothing.
    public mutating func destroy() -> [AdLifecycleEffect] {
        if case .destroyed = phase { return [] }
        // One allocation, sized up front: an app tears down whole feeds at once (issue 19's teardown series).
        var effects: [AdLifecycleEffect] = []
        effects.reserveCapacity(7 + Self.releaseEffectsPerPart * (componentParts.count + 1))
        effects.append(.cancelLoadTimer)
        effects.append(.cancelLoad)
        effects.append(.cancelExpiryTimer)
        releaseBoundParts(into: &effects)
        effects.append(.stopTracking(.main))
        if let presentation { effects.append(.removeOverlay(presentation)) }
        presentation = nil
        phase = .destroyed
        effects.append(.closeEvents)
        effects.append(.destroyProvider)
        return effects
    }

    /// How many effects ``releaseBoundParts(into:)`` appends per bound part.
    private static let releaseEffectsPerPart = 3

    /// Unbinds every bound part (components in order, then the ad itself), appending what releases each: its
    /// tracking, its click views and its container.
    private mutating func releaseBoundParts(into effects: inout [AdLifecycleEffect]) {
        guard isLoaded else { return }
        for index in componentParts.indices {
            guard let binding = componentParts[index].binding else { continue }
            let part = AdPart.component(componentIDs[index])
            effects.append(.stopTracking(part))
            effects.append(.releaseClickViews(part, binding.clickViews))
            effects.append(.releaseView(part, binding.container))
            componentParts[index].binding = nil
        }
        guard let binding = main.binding else { return }
        effects.append(.stopTracking(.main))
        effects.append(.releaseClickViews(.main, binding.clickViews))
        effects.append(.releaseView(.main, binding.container))
        setBinding(nil, of: .main)
    }

    // MARK: Errors

    private func expiredError(_ verb: String) -> AdError {
        error(
            .expired, "The ad expired at \(expiresAt.map { "\($0)" } ?? "its time-to-live") and cannot be \(verb).",
            "Load a fresh ad; show ads soon after they load (G10, I26).")
    }

    private func notUsable(_ call: String) -> AdError {
        switch phase {
        case .idle, .loading:
            error(.notReady, "Cannot \(call) before the ad has loaded (\(phase)).", "Wait for loadSucceeded.")
        case .failed(let failure):
            error(.notReady, "Cannot \(call): loading failed (\(failure.code)).", "Load again or use another ad.")
        case .expired:
            expiredError(call == "bind" ? "bound" : call == "present" ? "presented" : "used")
        case .destroyed:
            error(.cancelled, "Cannot \(call): the ad was destroyed.", "Load a new ad; a destroyed ad is never reused.")
        case .closed:
            error(.alreadyUsed, "Cannot \(call): the ad was closed.", "Load a new ad.")
        case .presented:
            error(.notReady, "Cannot \(call) a full-screen ad that is on screen.", "Wait for didDismiss.")
        case .loaded, .bound:
            error(.notReady, "Cannot \(call) while \(phase).", "Check the ad's phase before calling \(call).")
        }
    }

    private func error(_ code: AdError.Code, _ message: String, _ hint: String) -> AdError {
        AdError(code, message, providerID: providerID, providerCode: providerCodes[code], hint: hint)
    }
}

extension AdError.Code {
    /// A failed ad was loaded again more often than its provider's retry policy allows (rules Y12, I23).
    public static let retryLimitReached: AdError.Code = "retryLimitReached"
}
