import AdCore

/// What a placement's machine remembers across requests: the impressions its caps and pacing count, what it
/// learned about its line items' prices, and how many requests in a row ended without an ad (the next retry's
/// backoff). Per-request state lives in ``MediationStateMachine/State`` and the request's record instead.
struct PlacementMemory: Sendable {
    /// The placement's impressions, for its caps and pacing; per-session caps count from its session's start.
    var history: ImpressionHistory
    /// Learned prices and the waterfall order they imply.
    var ranking: LearnedRanking
    /// Consecutive requests that ended without an ad; reset by a delivery or when no retry is left.
    var failedRequests = 0

    init(plan: PlacementPlan) {
        history = ImpressionHistory(caps: plan.placement.caps, pacing: plan.placement.pacing)
        ranking = LearnedRanking(plan: plan)
    }
}
