extension UnifiedAd {
    /// A part's viewability rule: the component's or the ad's own, else the provider's.
    func rule(of part: AdPart) -> ImpressionRule {
        let own = part == .main ? providerAd?.impressionRule : component(part)?.impressionRule
        return own ?? descriptor.impressionRule
    }

    func component(_ part: AdPart) -> AdComponent? {
        guard let componentID = part.componentID else { return nil }
        return components.first { $0.id == componentID }
    }

    // MARK: Impression tracking (C3)

    func tracker(of part: AdPart) -> ImpressionTrackerSet.TrackerID? {
        guard let id = part.componentID else { return mainTracker }
        return componentTrackers[id]
    }

    func setTracker(_ tracker: ImpressionTrackerSet.TrackerID?, of part: AdPart) {
        if let id = part.componentID { componentTrackers[id] = tracker } else { mainTracker = tracker }
    }

    func ownership(of part: AdPart) -> [HostNodeID: ExternalClickRule.Ownership] {
        guard let id = part.componentID else { return mainOwnership }
        return componentOwnership[id] ?? [:]
    }

    func setOwnership(_ ownership: [HostNodeID: ExternalClickRule.Ownership], of part: AdPart) {
        if let id = part.componentID {
            componentOwnership[id] = ownership.isEmpty ? nil : ownership
        } else {
            mainOwnership = ownership
        }
    }

    func startTracking(_ part: AdPart) {
        guard !descriptor.selfReportsImpressions, tracker(of: part) == nil,
            reading({ $0.state(of: part) })?.impressionAt == nil
        else { return }
        let node: HostNodeID
        if part == .main, let overlay = reading({ $0.presentation })?.overlay {
            node = overlay
        } else if let container = reading({ $0.state(of: part) })?.binding?.container {
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

    func stopTracking(_ part: AdPart) {
        if let tracker = tracker(of: part) {
            host.trackers.stop(tracker)
            setTracker(nil, of: part)
        }
        if !hiddenRequiredAsset.isEmpty { hiddenRequiredAsset[part] = nil }
    }

    /// The extra condition a part's visibility must meet the whole time: required assets fully visible (Y22), and
    /// for an ad that counts only with a visible component, one component bound inside it and seen (Y22).
    func condition(for part: AdPart, rule: ImpressionRule) -> (@MainActor () -> Bool)? {
        guard let binding = reading({ $0.state(of: part) })?.binding else { return nil }
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
    func requiredAssetNotFullyVisible(_ kind: AssetKind, of part: AdPart) {
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
    func updateBoundComponents() {
        boundComponents = components.compactMap { component in
            guard let container = reading({ $0.state(of: .component(component.id)) })?.binding?.container else {
                return nil
            }
            return (container, rule(of: .component(component.id)))
        }
        if let mainTracker { host.trackers.resample(mainTracker) }
    }

    func trackerFired(_ part: AdPart, at instant: AdInstant) {
        setTracker(nil, of: part)
        recordImpression(part, at: instant)
    }

    func recordImpression(_ part: AdPart, at instant: AdInstant) {
        guard let info = reading({ $0.info }) else { return }
        let data = ImpressionData(
            providerID: providerID, placementID: request.placementID, adUnitID: request.adUnitID,
            creativeID: part == .main ? info.creativeID : component(part)?.creativeID,
            component: part.componentID, revenue: part == .main ? info.revenue : nil)
        guard isPerforming else { return run(machine.impression(part, data: data, at: instant)) }  // no closure kept
        run { $0.impression(part, data: data, at: instant) }
    }

}
