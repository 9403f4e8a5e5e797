import AdCore

/// What one request did so far, line item by line item: the source of its ``MediationReport``.
///
/// The machine keeps the record of the request running now, or of the last one, beside its
/// ``MediationStateMachine/State``: every state has one (an empty record before the first request), and the report
/// of a finished request is still read from it after its round ended.
struct RequestRecord: Sendable, Equatable {
    /// The request's number for its placement (1-based; 0 before the first request).
    private(set) var number: Int
    /// When the request started.
    private(set) var startedAt: AdInstant
    /// Which retry the request is (0: the first request).
    private(set) var retryAttempt: Int
    /// Every line item's part, by index in the placement's configuration.
    var outcomes: [ItemOutcome]
    /// The errors of the items that failed, in the order they failed (sparse).
    var errors: [ItemError] = []
    /// What the fills of this request hold until an item wins or loses, in the order they arrived (sparse).
    private var fills: [HeldFill] = []
    /// What the chosen ad is worth per impression, once one is delivered.
    var deliveredPrice: Revenue?

    init(number: Int, startedAt: AdInstant, retryAttempt: Int, itemCount: Int) {
        self.number = number
        self.startedAt = startedAt
        self.retryAttempt = retryAttempt
        outcomes = Array(repeating: ItemOutcome(), count: itemCount)
    }

    /// Makes this the empty record of the next request, as `init` would, but in the buffers it already has: a
    /// buffer no report shares any more is reused, so the fills (never shared) cost no allocation after the first
    /// requests; a new record grew its fills' buffer from empty on every request, about five allocations.
    mutating func restart(number: Int, startedAt: AdInstant, retryAttempt: Int) {
        self.number = number
        self.startedAt = startedAt
        self.retryAttempt = retryAttempt
        for index in outcomes.indices { outcomes[index] = ItemOutcome() }
        errors.removeAll(keepingCapacity: true)
        fills.removeAll(keepingCapacity: true)
        deliveredPrice = nil
    }

    /// Whether the item was asked and has not answered yet.
    func isLoading(_ index: Int) -> Bool { outcomes.indices.contains(index) && outcomes[index].state == .loading }

    /// Caps or pacing stopped the request before any item was asked.
    mutating func capAll() {
        for index in outcomes.indices { outcomes[index].state = .capped }
    }

    /// Asks a line item: a load and, unless the auction's deadline covers it, its own timeout.
    mutating func startLoading(
        _ index: Int, timeout: Duration, plan: PlacementPlan, at now: AdInstant,
        into actions: inout [MediationStateMachine.Action]
    ) {
        outcomes[index].state = .loading
        outcomes[index].startedAt = now
        actions.append(.load(LineItemLoad(index: index, timeout: timeout, plan: plan)))
        if plan.timedInAuction[index] {
            actions.append(
                .startTimer(MediationTimer(kind: .itemTimeout(index), request: number), at: now.advanced(by: timeout)))
        }
    }

    /// Records the latency of an answer and cancels the item's own timer.
    mutating func settle(
        _ index: Int, plan: PlacementPlan, at now: AdInstant, into actions: inout [MediationStateMachine.Action]
    ) {
        outcomes[index].answered(at: now)
        if plan.timedInAuction[index] {
            actions.append(.cancelTimer(MediationTimer(kind: .itemTimeout(index), request: number)))
        }
    }

    /// The item failed (or was dropped) with `state` and `error`: its load is discarded.
    mutating func fail(
        _ index: Int, _ state: LineItemState, _ error: AdError, into actions: inout [MediationStateMachine.Action]
    ) {
        outcomes[index].state = state
        errors.append(ItemError(index: index, error: error))
        actions.append(.discard(lineItem: index))
    }

    /// The item lost to another one: its ad is discarded.
    mutating func outbid(_ index: Int, into actions: inout [MediationStateMachine.Action]) {
        outcomes[index].state = .outbid
        actions.append(.discard(lineItem: index))
    }

    /// Keeps what an item's fill carries until it wins or loses.
    mutating func hold(_ fill: LineItemFill, of index: Int, at now: AdInstant) {
        // As before the rounds held fills: an expiry at the epoch itself reads as none.
        let expiresAt = fill.expiresAt == .zero ? nil : fill.expiresAt
        fills.append(HeldFill(index: index, creativeIDs: fill.creativeIDs, expiresAt: expiresAt, filledAt: now))
    }

    /// What the item's fill in this request holds, if it filled.
    func fill(of index: Int) -> HeldFill? { fills.last { $0.index == index } }

    /// The report of this request as of `now`.
    func report(
        plan: PlacementPlan, at now: AdInstant, error: AdError?, nextRetryAt: AdInstant?
    ) -> MediationReport {
        MediationReport(
            plan: plan, outcomes: outcomes, errors: errors, requestNumber: number, startedAt: startedAt,
            finishedAt: now, winnerIndex: outcomes.firstIndex { $0.state == .filled }, price: deliveredPrice,
            error: error, retryAttempt: retryAttempt, nextRetryAt: nextRetryAt)
    }
}

/// What a line item's fill carries to its delivery: its creatives, its own expiry, and when it filled (a
/// configured time-to-live counts from there).
struct HeldFill: Sendable, Equatable {
    /// The line item's index.
    let index: Int
    /// The creatives loaded.
    let creativeIDs: [String]
    /// When the provider says the ad expires, if it does.
    let expiresAt: AdInstant?
    /// When the fill arrived.
    let filledAt: AdInstant
}

/// One line item's part in the running request: the compact, trivially copyable form of ``LineItemReport``
/// (prices are kept in the plan's currency; errors live in a separate sparse list), so the per-request array is
/// cheap to reset and to snapshot into a report.
struct ItemOutcome: Sendable, Equatable {
    var state = LineItemState.notAttempted
    var didBid = false
    private var hasPrice = false
    private var precision = Revenue.Precision.unknown
    private var micros: Int64 = 0
    var startedAt = AdInstant.zero
    private var answeredAt = AdInstant.zero
    private var hasAnswered = false

    var priceMicros: Int64? { hasPrice ? micros : nil }
    var pricePrecision: Revenue.Precision? { hasPrice ? precision : nil }

    func price(in currency: String) -> Revenue? {
        hasPrice ? Revenue(micros: micros, currency: currency, precision: precision) : nil
    }

    mutating func setPrice(micros: Int64, precision: Revenue.Precision) {
        hasPrice = true
        self.micros = micros
        self.precision = precision
    }

    var latency: Duration? { hasAnswered ? startedAt.duration(to: answeredAt) : nil }

    mutating func answered(at now: AdInstant) {
        answeredAt = now
        hasAnswered = true
    }
}

/// The error of one line item in one request.
struct ItemError: Sendable, Equatable {
    let index: Int
    let error: AdError
}
