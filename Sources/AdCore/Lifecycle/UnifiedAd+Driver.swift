extension UnifiedAd {
    // MARK: Driving the machine (never while performing)

    /// An input of the machine: it moves the machine and returns the actions to perform.
    typealias Input = @MainActor (inout AdLifecycleStateMachine) -> [AdLifecycleStateMachine.Action]

    /// Asks the machine where it is, lent rather than copied. A non-mutating call on the stored `machine` (as
    /// `machine.phase` or `machine.bindRejection(...)`) copies the whole machine first, its state and loaded ad
    /// retained and released again: the optimiser cannot lend a class's stored property across an opaque call, but
    /// it can lend an `inout` access, which is exclusive. `read` only asks the machine (it must not reach this ad).
    func reading<Value>(_ read: (inout AdLifecycleStateMachine) -> Value) -> Value {
        read(&machine)
    }

    /// Does `work` now, or, while the ad is performing an input's actions (`work` came from one of them: an event
    /// handler, the provider, a tracker that fired at once), after them: whatever arrives meanwhile waits its turn,
    /// in arrival order, so the machine never runs while its actions are being performed.
    func whenIdle(_ work: @escaping @MainActor () -> Void) {
        guard isPerforming else { return work() }
        queuedInputs.append(work)
    }

    /// Queues a host call made while the ad is performing an input's actions, to run after them, and returns
    /// `true`; otherwise returns `false` and the caller goes on. Nobody catches a queued call's refusal: it is logged.
    func deferredCall(_ call: @escaping @MainActor () throws(AdError) -> Void) -> Bool {
        guard isPerforming else { return false }
        queuedInputs.append { [self] in
            do throws(AdError) {
                try call()
            } catch {
                logRejection(error)
            }
        }
        return true
    }

    /// Runs an input where nobody catches a refusal (callbacks, timers), now or once idle: a refusal is logged.
    func run(_ input: @escaping Input) {
        whenIdle { [self] in run(input(&machine)) }
    }

    /// Performs the actions of an input in order, then the inputs that arrived meanwhile. A refusal is thrown; a
    /// provider that refuses to attach or present undoes its step through the machine (after the inputs that
    /// arrived before its refusal), and its error is thrown. Only while idle: the machine ran the input just now.
    func perform(_ effects: [AdLifecycleStateMachine.Action]) throws(AdError) {
        isPerforming = true
        var failure: AdError?
        do throws(AdError) {
            try performInOrder(effects)
        } catch {
            failure = error
        }
        isPerforming = false
        tellObservers()
        runQueuedInputs()
        if let failure { throw failure }
    }

    /// Runs the inputs that arrived while actions were performed, in arrival order (and those they queue).
    private func runQueuedInputs() {
        guard !isRunningQueue else { return }
        isRunningQueue = true
        while !queuedInputs.isEmpty { queuedInputs.removeFirst()() }
        isRunningQueue = false
    }

    /// Performs actions in order; stops at the first refusal or provider failure, and throws it.
    private func performInOrder(_ effects: [AdLifecycleStateMachine.Action]) throws(AdError) {
        for effect in effects {
            switch effect {
            case .reject(let error):
                throw error
            case .attachProvider(let part, let binding):
                do throws(AdError) {
                    try providerAd?.attach(binding, part: part, context: context(binding))
                } catch {
                    let failure = attributed(error)
                    run { $0.attachFailed(part, error: failure) }
                    throw failure
                }
            case .showOverlay(let presentation):
                do throws(AdError) {
                    try host.tree.addChild(presentation.overlay, to: try host.tree.rootNode(of: presentation.window))
                    host.beginPresentation(of: self, in: presentation.window)
                } catch {
                    let failure = attributed(error)
                    run { $0.presentFailed(failure) }
                    throw failure
                }
            case .presentProvider(let presentation):
                do throws(AdError) {
                    try providerAd?.present(presentation, context: context(presentation: presentation))
                } catch {
                    let failure = attributed(error)
                    run { $0.presentFailed(failure) }
                    throw failure
                }
            default:
                apply(effect)
            }
        }
    }

    /// Performs the actions of an input where nobody catches a refusal: a refusal is logged.
    func run(_ effects: [AdLifecycleStateMachine.Action]) {
        do throws(AdError) {
            try perform(effects)
        } catch {
            logRejection(error)
        }
    }

    /// Records a refusal nobody catches.
    private func logRejection(_ error: AdError) {
        host.diagnostics.record(.warning, "Rejected: \(error)", providerID: providerID, recommendation: error.hint)
    }

    /// The effects that cannot fail.
    func apply(_ effect: AdLifecycleStateMachine.Action) {
        switch effect {
        case .emit(let event): emit(event)
        case .ignore(let reason): host.diagnostics.record(.debug, "Ignored: \(reason).", providerID: providerID)
        case .startLoad(let generation): startLoad(generation: generation)
        case .cancelLoad:
            loadTask?.cancel()
            loadTask = nil
            for waiter in endCallbackLoad() { waiter.resume(returning: ()) }
        case .startLoadTimer(let deadline, let generation):
            loadTimer = host.scheduler.schedule(at: deadline) { [weak self] in
                guard let self else { return }
                self.loadTimer = nil
                let timeout = self.request.timeout
                self.run { $0.loadTimedOut(generation: generation, after: timeout) }
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
                let now = self.host.scheduler.now
                self.run { $0.expire(at: now) }
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
        case .notifyClose: providerAd?.didClose()
        case .closeEvents: sink?.close()
        case .destroyProvider:
            providerAd?.destroy()
            providerAd = nil
        case .reject, .attachProvider, .showOverlay, .presentProvider:
            break  // performed by performInOrder(_:)
        }
    }

    func keep() {
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

    func emit(_ event: AdEvent) {
        guard reading({ $0.phase }) != .destroyed else { return }
        for handler in handlers { handler(event) }
    }

    /// Tells observers which observable properties changed since they were last told, as the machine noted them
    /// (nothing is copied here, so performing an input touches nothing the input did not).
    func tellObservers() {
        let changes = machine.takeChanges()
        guard !changes.isEmpty else { return }
        if changes.contains(.phase) { withMutation(keyPath: \.phase) {} }
        if changes.contains(.info) { withMutation(keyPath: \.info) {} }
        if changes.contains(.binding) { withMutation(keyPath: \.binding) {} }
        if changes.contains(.presentation) { withMutation(keyPath: \.presentation) {} }
        if changes.contains(.impressionAt) { withMutation(keyPath: \.impressionAt) {} }
    }

    /// What the provider may use for a call about `bindings` (its geometry reads their nodes).
    func context(_ bindings: AdBinding..., presentation: PresentationContext? = nil) -> ProviderContext {
        // The bindings and overlay as they are now; their nodes are gathered when the provider first reads geometry.
        let bound = reading { machine in machine.boundParts.compactMap { machine.state(of: $0)?.binding } }
        let all = bindings + bound
        let overlay = (presentation ?? reading({ $0.presentation }))?.overlay
        return host.makeProviderContext(
            adID: id, providerID: providerID, events: sink ?? AdEventSink(mailbox: host.scheduler.mailbox) { _ in },
            gatheringNodes: {
                var nodes: Set<HostNodeID> = []
                for binding in all {
                    nodes.insert(binding.container)
                    nodes.formUnion(binding.assets.values)
                    nodes.formUnion(binding.clickViews)
                    if let close = binding.closeView { nodes.insert(close) }
                    if let video = binding.videoView { nodes.insert(video) }
                }
                if let overlay { nodes.insert(overlay) }
                return nodes
            }, ad: self)
    }

}
