import AdCore

/// A provider of the fast tier: it declares and starts as its real provider does, fetches through the host's
/// transport with the same timeout race (`environment.fetch`), but the simulated ad server answers it with the
/// market's draw (``FastAnswer``) instead of a document, and it replays what the real provider did with that
/// answer (``LoadBehaviors``): the same info, price, delay or error, without parsing.
///
/// It loads through a callback (`ScheduledAdProvider`): the fetch is the server's timer raced against the
/// deadline's, the replayed delay one more timer, and no task runs for the load.
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
        let fetch = TransportRequest(
            providerID: descriptor.id, adUnitID: request.adUnitID, format: request.format,
            parameters: request.parameters, timeout: request.timeout)
        environment.fetch(fetch) { response in
            switch replayed(response, of: request) {
            case .success(let (behavior, priceMicros)):
                replay(behavior, priceMicros: priceMicros, on: environment.scheduler, completion: completion)
            case .failure(let error):
                completion(.failure(error))
            }
        }
    }

    /// What the real provider did with the server's `response` to `request` (with the drawn price of a fill), or
    /// the error the load fails with at once.
    private func replayed(
        _ response: Result<TransportResponse, AdError>, of request: AdRequest
    ) -> Result<(LoadBehavior, priceMicros: Int64?), AdError> {
        let id = descriptor.id
        let answer: LoadBehaviors.Answer
        var priceMicros: Int64?
        switch response {
        case .failure(let error) where error.code != .internal:
            // An error the transport threw: replayed as the real provider passed it on, or passed on as is (a
            // cancellation after the ad's timeout).
            guard let behavior = behaviors.behavior(id, request, .error(error.code)) else { return .failure(error) }
            return .success((behavior, nil))
        case .failure(let error):
            return .failure(error)
        case .success(let response):
            switch FastAnswer(body: response.body) {
            case .fill(let index, let micros):
                answer = .fill(index)
                priceMicros = micros
            case .noFill:
                answer = .noFill
            case nil:
                return .failure(
                    AdError(
                        .internal, "The fast tier's '\(id)' got a response that is not the simulated server's answer.",
                        providerID: id, hint: "Run the fast tier against the simulated ad server only."))
            }
        }
        guard let behavior = behaviors.behavior(id, request, answer) else {
            return .failure(
                AdError(
                    .internal,
                    "The fast tier never learned how '\(id)' loads \(answer) of ad unit '\(request.adUnitID)'.",
                    providerID: id, hint: "Report this as an AdSimulator bug; run the scenario with --tier full."))
        }
        return .success((behavior, priceMicros))
    }

    /// Waits the real provider's delay on a timer, then delivers its ad or its error.
    @MainActor
    private func replay(
        _ behavior: LoadBehavior, priceMicros: Int64?, on scheduler: any AdScheduler,
        completion: @escaping @MainActor (Result<any ProviderAd, AdError>) -> Void
    ) {
        let answeredAt = scheduler.now
        guard behavior.delay > .zero else {
            return completion(Self.outcome(of: behavior, priceMicros: priceMicros, answeredAt: answeredAt))
        }
        scheduler.schedule(after: behavior.delay) {
            completion(Self.outcome(of: behavior, priceMicros: priceMicros, answeredAt: answeredAt))
        }
    }

    /// The ad the real provider loaded from an answer at `answeredAt` (at the drawn price), or its error.
    @MainActor
    private static func outcome(
        of behavior: LoadBehavior, priceMicros: Int64?, answeredAt: AdInstant
    ) -> Result<any ProviderAd, AdError> {
        switch behavior.outcome {
        case .fails(let error):
            return .failure(error)
        case .loads(let info, let price, let loadedAfter, let expiresAfter):
            return .success(
                FastTierAd(
                    info: LoadBehavior.info(
                        info, price: price, priceMicros: priceMicros, loadedAfter: loadedAfter,
                        expiresAfter: expiresAfter, answeredAt: answeredAt)))
        }
    }
}
