import AdCore
import AdMediation

/// The fast tier's answers to a user's line-item loads, given to the user's mediator (`LineItemAnswering`): the
/// simulated ad server's draw for the request (``SimulatedAdServer``) and what the real provider did with that answer
/// (``LoadBehaviors``), the same reading ``FastTierProvider`` makes of them, with no unified ad, provider call, fetch
/// or race per load. The mediator plays each answer with a unified ad's timers, so mediation sees what it sees
/// through ``FastTierProvider``, at the same instants, in the same order (a test compares the two runs' reports).
///
/// ```swift
/// mediator.answering = FastTierAnswers(server: server, behaviors: behaviors)
/// ```
@MainActor
final class FastTierAnswers: LineItemAnswering {
    /// The user's simulated ad server.
    let server: SimulatedAdServer
    /// What each real provider does with each answer.
    let behaviors: LoadBehaviors
    /// How many loads it answered.
    private(set) var answered = 0

    /// Creates the answers of `server`'s user.
    init(server: SimulatedAdServer, behaviors: LoadBehaviors) {
        self.server = server
        self.behaviors = behaviors
    }

    /// The server's answer to the request (its draw, taken directly: no fetch built), and the real provider's load
    /// of it.
    func answer(_ request: AdRequest, descriptor: ProviderDescriptor, at now: AdInstant) -> LineItemAnswer? {
        let id = descriptor.id
        let (answeredAfter, response, unit) = server.fastAnswer(provider: id, adUnit: request.adUnitID)
        answered += 1
        switch behaviors.replay(response, provider: id, request: request, unit: unit) {
        case .success(let (behavior, priceMicros)):
            let answeredAt = now.advanced(by: answeredAfter ?? .zero)
            return LineItemAnswer(
                answeredAfter: answeredAfter, delay: behavior.delay,
                result: behavior.outcome(priceMicros: priceMicros, answeredAt: answeredAt))
        case .failure(let error):
            return LineItemAnswer(answeredAfter: answeredAfter, delay: .zero, result: .failure(error))
        }
    }
}
