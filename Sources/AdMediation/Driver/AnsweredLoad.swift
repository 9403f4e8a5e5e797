import AdCore

/// A line item's load that a ``LineItemAnswering`` answered, as a ``Mediator`` plays it: its identity and request,
/// the answer's times, its result until the turn that takes it, the provider's descriptor the steps read, and the
/// timers still to fire (its timeout, and the next step of its answer), cancelled when mediation discards the load
/// or its timeout ends it.
///
/// ```swift
/// let load = AnsweredLoad(id: host.makeAdID(), admitted: admitted, answer: answer, owner: WeakMediator(mediator))
/// load.cancelTimers(on: host.scheduler)
/// ```
@MainActor
final class AnsweredLoad {
    /// Its identity in the host.
    let id: AdID
    /// The request as the host let it through, with the descriptor of the provider answering (its ID and codes
    /// for the timeout, its times to live for the fill): kept whole, so neither is copied.
    let admitted: AdmittedRequest
    /// How long after the load starts its fetch is answered (``LineItemAnswer/answeredAfter``).
    let answeredAfter: Duration?
    /// How long after the fetch's answer the provider's load ends (``LineItemAnswer/delay``).
    let delay: Duration
    /// The mediator playing it, weakly: its timers' actions hold the load alone.
    let owner: WeakMediator
    // Exclusivity: the timers and the result are plain values set and read by the mediator between its calls to the
    // scheduler, never during one, so no two accesses overlap; the run-time check that proves it on each access is
    // off.
    /// The loaded ad's info or the load's error, until the turn that takes it (``takeResult()``).
    @exclusivity(unchecked) private var result: Result<LoadedAdInfo, AdError>?
    /// The load's timeout (C7).
    @exclusivity(unchecked) var timeoutTimer: ScheduledActionID?
    /// The answer's next step: the fetch's answer, the provider's delay, or the turn its result is taken on.
    @exclusivity(unchecked) var stepTimer: ScheduledActionID?

    /// Creates the load.
    init(id: AdID, admitted: consuming AdmittedRequest, answer: consuming LineItemAnswer, owner: WeakMediator) {
        self.id = id
        self.admitted = admitted
        answeredAfter = answer.answeredAfter
        delay = answer.delay
        result = answer.result
        self.owner = owner
    }

    /// The answer's result, moved out (not copied): `nil` once taken, on the turn its load ends.
    func takeResult() -> Result<LoadedAdInfo, AdError>? {
        result.take()
    }

    /// Cancels the timers still armed.
    func cancelTimers(on scheduler: any AdScheduler) {
        if let timeoutTimer { scheduler.cancel(timeoutTimer) }
        if let stepTimer { scheduler.cancel(stepTimer) }
        timeoutTimer = nil
        stepTimer = nil
    }
}
