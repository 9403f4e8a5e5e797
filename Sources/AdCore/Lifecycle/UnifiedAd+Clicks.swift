extension UnifiedAd {
    // MARK: Clicks (C4)

    /// A tap on `node` (at `point` in window coordinates, when known): counted once per impression of the part the
    /// node is a click view of (the ad, or one of its components).
    @discardableResult
    public func click(on node: HostNodeID, at point: Point? = nil) -> ClickOutcome {
        if isPerforming, deferredCall({ [self] in _ = click(on: node, at: point) }) {
            return .rejected(
                AdError(
                    .deferred, "The click came while the ad was performing another input; it is checked after it.",
                    providerID: providerID, hint: "Its .click or .clickRejected event tells whether it counted."))
        }
        if let closeView = binding?.closeView, node == closeView {
            run { $0.userClosed() }
            return rejectClick(
                AdError(
                    .clickRejected, "The close view closes the ad; it is never an ad click.", providerID: providerID,
                    hint: "Handle the close button separately from the click views (I15)."), part: .main)
        }
        let registered = host.clickViewOwner(of: node)
        let part = registered.flatMap { $0.ad == id ? $0.part : nil } ?? .main
        if let rejection = reading({ $0.clickRejection(part) }) { return rejectClick(rejection, part: part) }
        guard let providerAd, let state = reading({ $0.state(of: part) }), let partBinding = state.binding else {
            return rejectClick(
                AdError(.clickRejected, "Click on an unbound \(part).", providerID: providerID), part: part)
        }
        let policy = descriptor.clickPolicy
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
    func openLanding(of part: AdPart, providerAd: any ProviderAd) {
        guard let candidates = providerAd.landingURLs(for: part), let sink else { return }
        AdLandings(
            host: host, events: sink, diagnostics: ProviderDiagnostics(log: host.diagnostics, providerID: providerID)
        ).open(candidates)
    }

    func rejectClick(_ error: AdError, part: AdPart) -> ClickOutcome {
        if reading({ $0.state(of: part) })?.isBound == true { emit(.clickRejected(error)) }
        return .rejected(error)
    }
}
