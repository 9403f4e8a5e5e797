import AdCore

/// A provider of the fast tier: it declares and starts as its real provider does, fetches through the host's
/// transport with the same timeout race (`environment.fetch`), but the simulated ad server answers it with the
/// market's draw (``FastAnswer``) instead of a document, and it replays what the real provider did with that
/// answer (``LoadBehaviors``): the same info, price, delay or error, without parsing.
///
/// It loads through a callback (`ScheduledAdProvider`): the fetch is the server's timer raced against the
/// deadline's, the replayed delay one more timer, and no task runs for the load. Most fast-tier loads never reach
/// it: the user's mediator answers them with ``FastTierAnswers`` (the same reading of the same answer, without a
/// unified ad); it loads what that declines (a provider still starting, a request without personalisation), and
/// every load when ``SimulationRunner/answersFastTierLoads`` is off.
///
/// ```swift
/// let provider = FastTierProvider(real: YandexProvider(), behaviors: behaviors)
/// ```
struct FastTierProvider: ScheduledAdProvider {
    /// The provider it stands for.
    let real: any AdProvider
    /// What the real provider does with each answer.
    let behaviors: LoadBehaviors
    /// The real provider's declaration, read once.
    let descriptor: ProviderDescriptor

    /// The fast tier's stand-in for `real`, replaying `behaviors`.
    init(real: any AdProvider, behaviors: LoadBehaviors) {
        self.real = real
        self.behaviors = behaviors
        descriptor = real.descriptor
    }

    /// Starts the real provider (its start takes the same time in both tiers).
    @MainActor
    func start(_ configuration: ProviderConfiguration, environment: ProviderEnvironment) async throws(AdError) {
        try await real.start(configuration, environment: environment)
    }

    /// Fetches the server's answer and replays the real provider's load of it.
    @MainActor
    func load(
        _ request: AdRequest, environment: ProviderEnvironment,
        completion: @escaping @MainActor (Result<any ProviderAd, AdError>) -> Void
    ) {
        environment.fetch(Self.fetch(of: request, provider: descriptor.id)) { response in
            switch behaviors.replay(response, provider: descriptor.id, request: request) {
            case .success(let (behavior, priceMicros)):
                replay(behavior, priceMicros: priceMicros, on: environment.scheduler, completion: completion)
            case .failure(let error):
                completion(.failure(error))
            }
        }
    }

    /// The fetch of a fast-tier load: the request's ad unit, format, parameters and timeout, from the simulated ad
    /// server (``FastTierAnswers`` asks the server the same).
    static func fetch(of request: AdRequest, provider id: ProviderID) -> TransportRequest {
        TransportRequest(
            providerID: id, adUnitID: request.adUnitID, format: request.format, parameters: request.parameters,
            timeout: request.timeout)
    }

    /// Waits the real provider's delay on a timer, then delivers its ad or its error.
    @MainActor
    private func replay(
        _ behavior: LoadBehavior, priceMicros: Int64?, on scheduler: any AdScheduler,
        completion: @escaping @MainActor (Result<any ProviderAd, AdError>) -> Void
    ) {
        let answeredAt = scheduler.now
        let outcome: @MainActor () -> Result<any ProviderAd, AdError> = {
            behavior.outcome(priceMicros: priceMicros, answeredAt: answeredAt).map { info in
                FastTierAd(info: info) as any ProviderAd
            }
        }
        guard behavior.delay > .zero else { return completion(outcome()) }
        scheduler.schedule(after: behavior.delay) { completion(outcome()) }
    }
}
