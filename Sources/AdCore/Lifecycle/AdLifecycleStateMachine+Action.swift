extension AdLifecycleStateMachine {
    /// What the machine asks its driver (``UnifiedAd``) to do after an input, in order. The machine decides; the
    /// driver performs, and reports back the outcome of the steps that can fail (the provider's `attach` or
    /// `present`).
    ///
    /// ```swift
    /// for action in machine.bind(binding, part: .main, at: now) {
    ///     if case .emit(let event) = action { print(event) }
    /// }
    /// ```
    public enum Action: Sendable, Equatable {
        /// Deliver this event to the host.
        case emit(AdEvent)
        /// The call is refused with this error; nothing changed.
        case reject(AdError)
        /// A late or repeated call or callback is dropped (the reason is for diagnostics).
        case ignore(String)

        /// Start the provider's load; its result belongs to this generation.
        case startLoad(generation: UInt64)
        /// Cancel the running load (it timed out or the ad was destroyed).
        case cancelLoad
        /// Time the load out at this instant unless it ended (rule C7).
        case startLoadTimer(at: AdInstant, generation: UInt64)
        /// The load ended: drop its timer.
        case cancelLoadTimer
        /// Keep the provider ad the load delivered.
        case keepLoadedAd
        /// Destroy the provider ad the load delivered: it came too late.
        case discardLoadedAd

        /// Expire the loaded ad at this instant unless it is shown first.
        case startExpiryTimer(at: AdInstant)
        /// Drop the expiry timer (the ad was presented, or is gone).
        case cancelExpiryTimer

        /// Register a part's click views to the ad (rules C4, I14).
        case registerClickViews(AdPart, [HostNodeID])
        /// Release a part's click views.
        case releaseClickViews(AdPart, [HostNodeID])
        /// Record that a part shows in this container: one container shows one ad (rules Y22, I17).
        case claimView(AdPart, HostNodeID)
        /// Record that a part no longer shows in this container.
        case releaseView(AdPart, HostNodeID)
        /// Tell the provider a part is bound (it may still refuse; see
        /// ``AdLifecycleStateMachine/attachFailed(_:error:)``).
        case attachProvider(AdPart, AdBinding)
        /// Tell the provider a part was detached.
        case detachProvider(AdPart)

        /// Start a part's impression tracker (rule C3).
        case startTracking(AdPart)
        /// Stop a part's impression tracker: its timer is dropped and never fires.
        case stopTracking(AdPart)

        /// Put the opaque overlay over the window and mark the window's presenter busy (rule G2).
        case showOverlay(PresentationContext)
        /// Take the overlay away and free the window's presenter.
        case removeOverlay(PresentationContext)
        /// Tell the provider to show itself (see ``AdLifecycleStateMachine/presentFailed(_:)``).
        case presentProvider(PresentationContext)

        /// Tell the provider an impression counted: fire its impression tracking.
        case notifyImpression(ImpressionData)
        /// Tell the provider a click counted on a part (on this node, when a host view was tapped).
        case notifyClick(AdPart, HostNodeID?)
        /// Tell the provider the user closed the presented ad: stop playback, fire its close tracking.
        case notifyClose

        /// Close the ad's event sink: the provider's events are dropped from now on (rule C5).
        case closeEvents
        /// Tell the provider the ad is gone for good.
        case destroyProvider
    }
}
