public import AdCore

/// The outcome of ``MediationStateMachine/take(at:context:)``: the ad (or why not) and the actions to perform.
///
/// ```swift
/// let take = machine.take(at: now, context: context)
/// perform(take.actions)
/// let delivery = try take.result.get()
/// ```
public struct MediationTake: Sendable {
    /// The ad to show, or why there is none.
    public var result: Result<MediationDelivery, AdError>
    /// What the driver must do (cancel the expiry timer, start preloading, destroy an expired ad).
    public var actions: [MediationStateMachine.Action]
}
