import AdCore

extension LoadBehaviors {
    /// What the real provider `provider` did with the server's `response` to `request` (with the drawn price of a
    /// fill), or the error its load fails with at once: the one reading of a fast-tier answer, for
    /// ``FastTierProvider`` and ``FastTierAnswers`` alike.
    func replay(
        _ response: Result<TransportResponse, AdError>, provider id: ProviderID, request: AdRequest
    ) -> Result<(behavior: LoadBehavior, priceMicros: Int64?), AdError> {
        let answer = response.flatMap { (response) -> Result<FastAnswer, AdError> in
            guard let answer = FastAnswer(body: response.body) else {
                return .failure(
                    AdError(
                        .internal, "The fast tier's '\(id)' got a response that is not the simulated server's answer.",
                        providerID: id, hint: "Run the fast tier against the simulated ad server only."))
            }
            return .success(answer)
        }
        return replay(answer, provider: id, request: request)
    }

    /// ``replay(_:provider:request:)`` of the server's answer taken directly (``FastTierAnswers``), not read back
    /// from a response.
    func replay(
        _ answer: Result<FastAnswer, AdError>, provider id: ProviderID, request: AdRequest, unit: Int? = nil
    ) -> Result<(behavior: LoadBehavior, priceMicros: Int64?), AdError> {
        let key: Answer
        var priceMicros: Int64?
        switch answer {
        case .failure(let error) where error.code != .internal:
            // An error the transport threw: replayed as the real provider passed it on, or passed on as is (a
            // cancellation after the ad's timeout).
            guard let behavior = behavior(id, request, .error(error.code), unit: unit) else { return .failure(error) }
            return .success((behavior, nil))
        case .failure(let error):
            return .failure(error)
        case .success(.fill(let index, let micros)):
            key = .fill(index)
            priceMicros = micros
        case .success(.noFill):
            key = .noFill
        }
        guard let behavior = behavior(id, request, key, unit: unit) else {
            return .failure(
                AdError(
                    .internal,
                    "The fast tier never learned how '\(id)' loads \(key) of ad unit '\(request.adUnitID)'.",
                    providerID: id, hint: "Report this as an AdSimulator bug; run the scenario with --tier full."))
        }
        return .success((behavior, priceMicros))
    }
}
