import AdCore

/// A provider of the fast tier: it declares and starts as its real provider does, fetches through the host's
/// transport with the same timeout race (`environment.fetch`), but the simulated ad server answers it with the
/// market's draw (``FastAnswer``) instead of a document, and it replays what the real provider did with that
/// answer (``LoadBehaviors``): the same info, price, delay or error, without parsing.
///
/// ```swift
/// let provider = FastTierProvider(real: YandexProvider(), behaviors: behaviors)
/// ```
struct FastTierProvider: AdProvider {
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
    func load(_ request: AdRequest, environment: ProviderEnvironment) async throws(AdError) -> any ProviderAd {
        let id = descriptor.id
        let answer: LoadBehaviors.Answer
        var priceMicros: Int64?
        do throws(AdError) {
            let response = try await environment.fetch(
                TransportRequest(
                    providerID: id, adUnitID: request.adUnitID, format: request.format,
                    parameters: request.parameters, timeout: request.timeout))
            switch FastAnswer(body: response.body) {
            case .fill(let index, let micros):
                answer = .fill(index)
                priceMicros = micros
            case .noFill:
                answer = .noFill
            case nil:
                throw AdError(
                    .internal, "The fast tier's '\(id)' got a response that is not the simulated server's answer.",
                    providerID: id, hint: "Run the fast tier against the simulated ad server only.")
            }
        } catch  where error.code != .internal {
            // An error the transport threw: replayed as the real provider passed it on, or passed on as is (a
            // cancellation after the ad's timeout).
            guard let behavior = behaviors.behavior(id, request, .error(error.code)) else { throw error }
            return try await replay(behavior, priceMicros: nil, environment: environment)
        }
        guard let behavior = behaviors.behavior(id, request, answer) else {
            throw AdError(
                .internal, "The fast tier never learned how '\(id)' loads \(answer) of ad unit '\(request.adUnitID)'.",
                providerID: id, hint: "Report this as an AdSimulator bug; run the scenario with --tier full.")
        }
        return try await replay(behavior, priceMicros: priceMicros, environment: environment)
    }

    /// Waits the real provider's delay, then loads its ad or throws its error.
    @MainActor
    private func replay(
        _ behavior: LoadBehavior, priceMicros: Int64?, environment: ProviderEnvironment
    ) async throws(AdError) -> any ProviderAd {
        let answeredAt = environment.scheduler.now
        if behavior.delay > .zero {
            let scheduler = environment.scheduler
            let delay = behavior.delay
            await scheduler.suspend { (resumer: AdResumer<Void>) in
                scheduler.schedule(after: delay) { _ = resumer.resume(returning: ()) }
            }
        }
        switch behavior.outcome {
        case .fails(let error):
            throw error
        case .loads(let info, let price, let loadedAfter, let expiresAfter):
            return FastTierAd(
                info: LoadBehavior.info(
                    info, price: price, priceMicros: priceMicros, loadedAfter: loadedAfter,
                    expiresAfter: expiresAfter, answeredAt: answeredAt))
        }
    }
}
