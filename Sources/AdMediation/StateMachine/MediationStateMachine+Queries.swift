public import AdCore

extension MediationStateMachine {
    /// The placement this machine mediates.
    public var placement: PlacementConfiguration { plan.placement }

    /// Whether a request is running (an auction or a waterfall).
    public var isLoading: Bool {
        switch state {
        case .auction, .waterfall: true
        case .idle, .ready, .awaitingRetry: false
        }
    }

    /// The ready ad, if any (it may have expired: ``take(at:context:)`` checks).
    public var readyAd: MediationDelivery? {
        if case .ready(let delivery) = state { return delivery }
        return nil
    }

    /// The number of requests started so far.
    public var requestCount: Int { record.number }

    /// What was learned about each line item with learned pricing, by line item ID.
    public var learnedPrices: [String: LearnedPrice] {
        var result: [String: LearnedPrice] = [:]
        for index in plan.learnedItems { result[placement.lineItems[index].id] = memory.ranking.learned[index] }
        return result
    }

    /// The waterfall order the next request would use (line item IDs), without exploration.
    public var waterfallOrder: [String] {
        var ranking = memory.ranking
        return ranking.order(plan: plan, explore: false).map { placement.lineItems[$0].id }
    }

    /// The report of the request running now (or of the last one).
    public func report(at now: AdInstant, error: AdError? = nil, nextRetryAt: AdInstant? = nil) -> MediationReport {
        record.report(plan: plan, at: now, error: error, nextRetryAt: nextRetryAt)
    }

    /// Why caps or pacing block an impression of this placement now, if they do.
    public func controlBlock(at now: AdInstant) -> ControlBlock? { memory.history.block(at: now) }

    /// The impression-level revenue of one counted impression of a shown ad: its own, or one of its components'
    /// (`component`, a slider's card), each at the delivered price.
    public func revenue(
        of delivery: MediationDelivery, component: String? = nil, at now: AdInstant
    ) -> RevenueEvent {
        RevenueEvent(
            providerID: delivery.providerID, placementID: placement.id, lineItemID: delivery.lineItemID,
            adUnitID: delivery.adUnitID, component: component, revenue: delivery.price, at: now)
    }
}
