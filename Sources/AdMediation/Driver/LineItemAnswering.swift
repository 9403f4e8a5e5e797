package import AdCore

/// Answers line items' loads without a unified ad: a ``Mediator`` given one (``Mediator/answering``) asks it for
/// each load it starts and plays the answer (``LineItemAnswer``) on the host's scheduler instead of loading an ad
/// through its provider. It is the simulator's fast tier, which knows each load's outcome from its market draws;
/// package access, not an app's API: an ad answered this way has no unified ad to bind or present, so it is taken
/// with ``Mediator/take(for:)``, not ``Mediator/takeAd(for:)``.
///
/// The host still admits each request first (its refusals and diagnostics are the same), and a load the answering
/// side declines (`nil`), or one whose provider has not started or that goes out without personalisation, loads
/// through a unified ad as usual.
///
/// ```swift
/// final class Replay: LineItemAnswering {
///     func answer(_ request: AdRequest, descriptor: ProviderDescriptor, at now: AdInstant) -> LineItemAnswer? {
///         LineItemAnswer(answeredAfter: .milliseconds(100), delay: .zero,
///                        result: .failure(AdError(.noFill, "No ad.", providerID: descriptor.id)))
///     }
/// }
/// mediator.answering = Replay()
/// ```
@MainActor
package protocol LineItemAnswering: AnyObject {
    /// The answer to `request` (as the host admitted it) from `descriptor`'s provider, for a load starting at `now`;
    /// `nil` to load it through a unified ad.
    func answer(_ request: AdRequest, descriptor: ProviderDescriptor, at now: AdInstant) -> LineItemAnswer?
}
