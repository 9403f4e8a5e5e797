extension UnifiedAd {
    // MARK: Provider events

    /// Routes a provider-originated event through the lifecycle (once idle: see ``whenIdle(_:)``).
    func receive(_ event: AdEvent) {
        guard isPerforming else { return route(event) }  // no closure kept when idle
        whenIdle { [self] in route(event) }
    }

    private func route(_ event: AdEvent) {
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
        case .closed: contain(event, machine.userClosed())
        case .failedToPresent(let error): contain(event, machine.presentFailed(error))
        case .bindingFailed, .clickRejected, .jumped, .videoStateChanged, .rendered:
            contain(event, reading { $0.passThrough(event) })
        case .loadStarted, .loadSucceeded, .loadFailed, .willPresent, .expired:
            ignoreProviderEvent(event, "only the unified layer emits lifecycle events")
        }
    }

    /// Performs what a provider's event led to; what the lifecycle ignored is recorded as contained (the
    /// conformance kit's K19 reads these).
    func contain(_ event: AdEvent, _ effects: [AdLifecycleStateMachine.Action]) {
        var kept: [AdLifecycleStateMachine.Action] = []
        for effect in effects {
            if case .ignore(let reason) = effect { ignoreProviderEvent(event, reason) } else { kept.append(effect) }
        }
        run(kept)
    }

    /// Records a provider's event the lifecycle did not act on: `Contained <event> from <provider>: <reason>.`
    func ignoreProviderEvent(_ event: AdEvent, _ reason: String) {
        host.diagnostics.record(.debug, Self.containment(event, from: providerID, reason), providerID: providerID)
    }

    /// The diagnostic of a contained provider event: `Contained <event> from <provider>: <reason>.`
    static func containment(_ event: AdEvent, from providerID: ProviderID, _ reason: String) -> String {
        "Contained \(event) from \(providerID): \(reason)."
    }
}
