extension UnifiedAd {
    // MARK: Bind / detach

    /// Binds the ad, or one of its components, to the host's container.
    ///
    /// - Throws: `notReady`/`expired`/`cancelled` from the lifecycle; `invalidBinder` for a container not in the
    ///   tree or showing another ad, or click views registered to another ad; `bindingFailed` naming missing
    ///   required assets (rule Y9); the provider's own binder errors. A failure after load is also emitted as
    ///   `.bindingFailed`.
    public func bind(_ binding: AdBinding, part: AdPart = .main) throws(AdError) {
        if isPerforming, deferredCall({ [self] () throws(AdError) in try bind(binding, part: part) }) { return }
        let now = host.scheduler.now
        if let rejection = reading({ $0.bindRejection(part, at: now) }) {
            refuse(rejection, at: now)
            throw rejection
        }
        do throws(AdError) {
            pendingOwnership = try check(binding, part: part, releasing: [])
        } catch {
            run(reading { $0.bindingFailed(error) })
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
    /// - Parameters:
    ///   - binding: the views the ad would be bound to.
    ///   - part: the part that would be bound (`.main` for the whole ad, a card of a slider).
    ///   - others: ads the caller will detach before binding (the ad it displaces from the target container);
    ///     views they hold do not count as taken.
    /// - Throws: what ``bind(_:part:)`` would throw; a failure after load is also emitted as `.bindingFailed`.
    public func validate(_ binding: AdBinding, part: AdPart = .main, releasing others: Set<AdID> = []) throws(AdError) {
        let now = host.scheduler.now
        if let rejection = reading({ $0.bindRejection(part, at: now) }),
            reading({ $0.state(of: part) })?.isBound != true
        {
            refuse(rejection, at: now)
            throw rejection
        }
        do throws(AdError) {
            _ = try check(binding, part: part, releasing: others)
        } catch {
            run { $0.bindingFailed(error) }
            throw error
        }
    }

    /// A bind refused by the lifecycle: an expired ad becomes expired first, and after load the refusal is
    /// reported as a binding failure.
    func refuse(_ rejection: AdError, at now: AdInstant) {
        guard rejection.code == .expired else { return }
        whenIdle { [self] in
            run(machine.expire(at: now))
            if case .expired = reading({ $0.phase }) { emit(.bindingFailed(rejection)) }
        }
    }

    /// The unified checks of a binding; returns where each click view sits (rule I28) without registering it.
    func check(
        _ binding: AdBinding, part: AdPart, releasing others: Set<AdID>
    ) throws(AdError) -> [HostNodeID: ExternalClickRule.Ownership] {
        guard let providerAd else {
            throw AdError(.notReady, "The ad cannot be bound while \(phase).", providerID: providerID)
        }
        let owner = AdHost.ViewOwner(ad: id, part: part)
        let clickViewCode = descriptor.clickPolicy.invalidClickViewCode
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
        if isPerforming, deferredCall({ [self] () throws(AdError) in try detach() }) { return }
        let parts = reading { $0.boundParts }
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
        if isPerforming, deferredCall({ [self] () throws(AdError) in try detach(part) }) { return }
        try perform(machine.detach(part, at: host.scheduler.now))
    }

}
