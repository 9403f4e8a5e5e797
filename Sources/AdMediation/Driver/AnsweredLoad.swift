import AdCore

/// A line item's load that a ``LineItemAnswering`` answered, as a ``Mediator`` plays it: its identity and request,
/// the answer and the provider's descriptor the steps of the play read, and the timers still to fire (its timeout,
/// and the next step of its answer), cancelled when mediation discards the load or its timeout ends it.
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
    /// How the load is answered: when, after what delay, with what result.
    let answer: LineItemAnswer
    /// The mediator playing it, weakly: its timers' actions hold the load alone.
    let owner: WeakMediator
    // Exclusivity: the timers are plain values set and read by the mediator between its calls to the scheduler,
    // never during one, so no two accesses overlap; the run-time check that proves it on each access is off.
    /// The load's timeout (C7).
    @exclusivity(unchecked) var timeoutTimer: ScheduledActionID?
    /// The answer's next step: the fetch's answer, the provider's delay, or the turn its result is taken on.
    @exclusivity(unchecked) var stepTimer: ScheduledActionID?

    /// Creates the load.
    init(id: AdID, admitted: AdmittedRequest, answer: LineItemAnswer, owner: WeakMediator) {
        self.id = id
        self.admitted = admitted
        self.answer = answer
        self.owner = owner
    }

    /// Cancels the timers still armed.
    func cancelTimers(on scheduler: any AdScheduler) {
        if let timeoutTimer { scheduler.cancel(timeoutTimer) }
        if let stepTimer { scheduler.cancel(stepTimer) }
        timeoutTimer = nil
        stepTimer = nil
    }
}
