package import AdCore

/// How one line item's load ends when a ``LineItemAnswering`` answers it without a unified ad: when its fetch is
/// answered, how long its provider then takes, and the ad's info or the error it ends with. The ``Mediator`` plays
/// it on the host's scheduler with the timers a unified ad's load would run (its timeout armed first, rule C7; the
/// result taken on a zero-delay turn), so mediation sees the same inputs at the same instants, in the same order.
///
/// ```swift
/// LineItemAnswer(answeredAfter: .milliseconds(140), delay: .zero, result: .success(info))
/// ```
package struct LineItemAnswer: Sendable {
    /// How long after the load starts its fetch is answered; `nil`: at once, as the load starts (a request the
    /// server refuses).
    package var answeredAfter: Duration?
    /// How long after the fetch's answer the provider's load ends.
    package var delay: Duration
    /// The loaded ad's info (its times and expiry as its unified ad would report them) or the load's error.
    package var result: Result<LoadedAdInfo, AdError>

    /// Creates an answer.
    package init(answeredAfter: Duration?, delay: Duration, result: Result<LoadedAdInfo, AdError>) {
        self.answeredAfter = answeredAfter
        self.delay = delay
        self.result = result
    }
}
