extension UnifiedAd {
    // MARK: Present (G2-G11)

    /// Why presenting from `context` now would fail, or `nil`: `notReady` before load (G6), `alreadyUsed` the
    /// second time (G9), `expired` (G10), `cancelled` after destroy, `presenterNotInWindow` (G3), `invalidRequest`
    /// for a context that takes room (G5), `presenterBusy` while its window shows another full-screen ad (G2).
    /// Changes nothing.
    public func presentRejection(from context: HostContextProvider) -> AdError? {
        if let rejection = reading({ $0.presentRejection(at: host.scheduler.now) }) { return rejection }
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
        if isPerforming, deferredCall({ [self] () throws(AdError) in try present(from: context) }) { return }
        let now = host.scheduler.now
        if let rejection = reading({ $0.presentRejection(at: now) }) {
            if rejection.code == .expired { run(machine.expire(at: now)) }
            run(reading { $0.presentRefused(rejection) })
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
            run(reading { $0.presentRefused(failure) })
            throw failure
        }
        try perform(machine.present(presentation, at: now))
    }

    func attributed(_ error: AdError) -> AdError {
        var error = error
        error.providerID = providerID
        if error.providerCode == nil { error.providerCode = descriptor.providerCodes[error.code] }
        return error
    }

}
