extension AdLifecycleStateMachine {
    // MARK: The user's close, of any ad

    /// Why closing now would be refused, or `nil` (no side effects). A bound native ad closes (its close view), a
    /// presented full-screen ad closes (the player's close button); any other phase has nothing on screen to close.
    public func closeRejection() -> AdError? {
        switch state {
        case .bound, .presented:
            return nil
        case .loaded:
            return error(
                .notReady, "Nothing to close: the ad is loaded but neither bound nor presented.",
                "Call close() when the user closes an ad on screen: a bound native ad or a presented full-screen ad.")
        case .closed, .dismissed:
            return error(.alreadyUsed, "The ad was already closed.", "Load a new ad to show another.")
        default:
            return notUsable("close")
        }
    }

    /// The user closed the ad on screen: a bound native ad is released and emits `closed` (``close()``); a
    /// presented full-screen ad tells its provider (which stops playback and fires its close tracking), then is
    /// dismissed like any dismissal (``dismissed()``: the overlay goes, `willDismiss` and `didDismiss`). No reward
    /// is granted by a close (rule G11: only the provider's reward before it counts). In any other phase the close
    /// is ignored; ``closeRejection()`` says why.
    public mutating func userClosed() -> [Action] {
        switch state {
        case .bound: return close()
        case .presented: return [.notifyClose] + dismissed()
        default: return [.ignore("close while \(phase)")]
        }
    }

    // MARK: Releasing bound parts (close, destroy)

    /// How many actions ``releaseBoundParts(of:into:)`` appends per bound part.
    static let releaseActionsPerPart = 3

    /// Unbinds every bound part of `ad` (components in order, then the ad itself), appending what releases each:
    /// its tracking, its click views and its container.
    static func releaseBoundParts(of ad: inout LoadedAd, into actions: inout [Action]) {
        for index in ad.components.indices {
            guard let binding = ad.components[index].binding else { continue }
            let part = AdPart.component(ad.componentIDs[index])
            actions.append(.stopTracking(part))
            actions.append(.releaseClickViews(part, binding.clickViews))
            actions.append(.releaseView(part, binding.container))
            ad.components[index].binding = nil
        }
        guard let binding = ad.main.binding else { return }
        actions.append(.stopTracking(.main))
        actions.append(.releaseClickViews(.main, binding.clickViews))
        actions.append(.releaseView(.main, binding.container))
        ad.main.binding = nil
    }
}
