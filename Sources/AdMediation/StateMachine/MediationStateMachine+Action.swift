public import AdCore

extension MediationStateMachine {
    /// What the machine asks its driver to do after an input. The driver performs the actions in order, and feeds
    /// the machine no other input until it has performed them all.
    ///
    /// ```swift
    /// for action in machine.startRequest(at: scheduler.now, context: context) {
    ///     switch action {
    ///     case .load(let load): startLoading(load)
    ///     case .startTimer(let timer, let deadline): schedule(timer, at: deadline)
    ///     default: break
    ///     }
    /// }
    /// ```
    public enum Action: Sendable, Equatable {
        /// Start loading a line item; report the outcome with `itemLoaded` or `itemFailed`.
        case load(LineItemLoad)
        /// Stop loading a line item and destroy any ad it loaded (outbid, timed out, late, below the floor).
        case discard(lineItem: Int)
        /// Fire `timer` at `deadline` by calling `timerFired`.
        case startTimer(MediationTimer, at: AdInstant)
        /// The timer is no longer needed.
        case cancelTimer(MediationTimer)
        /// The request ended with an ad: it is the placement's ready ad until taken or expired.
        case deliver(MediationDelivery)
        /// The request ended without an ad; the report says why and when the next retry runs (a
        /// `.startTimer(.retry)` action comes with it when one is scheduled).
        indirect case fail(MediationReport)
        /// The ready ad expired before it was taken: destroy it, it must never be shown (rule G10).
        case expired(MediationDelivery)
    }
}
