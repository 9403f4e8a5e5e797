public import AdCore

/// The mediation of one placement as a sans-I/O state machine: a value type whose mutating methods take inputs
/// stamped with an `AdInstant` and return the ``Action``s a driver performs. It never reads a clock, draws a
/// random number or touches a provider; ``Mediator`` drives it against an `AdHost` in apps, tests drive it
/// directly in virtual time.
///
/// It runs waterfall, bidding and hybrid requests (timeouts, auction deadline, floors, first and second price,
/// parallel tiers, learned prices), keeps the placement's ready ad with its expiry, counts impressions for caps
/// and pacing, and schedules retries with exponential backoff after a request fails. Where a request is lives in
/// one ``State``, whose cases carry what that phase needs.
///
/// Every input has two forms: one returns a new array of actions, the other (`into:`) appends to a buffer the
/// driver reuses, which keeps allocation out of the decision path.
///
/// ```swift
/// var machine = MediationStateMachine(placement: placement)
/// var actions = machine.startRequest(at: .zero, context: MediationContext())
/// // [.load(item 0), .startTimer(itemTimeout(0)#1, at: t=5.000s)]; machine.state is .waterfall
/// actions = machine.itemFailed(0, error: AdError(.noFill, "none"), at: AdInstant(sinceEpoch: .seconds(0.3)))
/// // [.cancelTimer(...), .discard(lineItem: 0), .load(item 1), .startTimer(...)]
/// ```
public struct MediationStateMachine: Sendable {
    /// Where the placement's mediation is.
    ///
    /// ```swift
    /// switch machine.state {
    /// case .auction(let round): print("bidding until", round.deadline)
    /// case .waterfall(let round): print("asking", round.tier)
    /// case .ready(let delivery): print("ready:", delivery.lineItemID)
    /// case .idle, .awaitingRetry: break
    /// }
    /// ```
    public enum State: Sendable, Equatable {
        /// No request runs, no ad is ready and no retry is scheduled.
        case idle
        /// Bidders are bidding (bidding and hybrid requests).
        case auction(AuctionRound)
        /// The waterfall asks its line items, tier by tier (waterfall requests, and hybrid ones after the auction).
        case waterfall(WaterfallRound)
        /// A request delivered this ad: it waits to be taken, until it expires.
        case ready(MediationDelivery)
        /// The last request ended without an ad; its retry runs at this instant (backoff, rules Y12, I23).
        case awaitingRetry(at: AdInstant)
    }

    /// The placement's derived configuration, shared with loads, deliveries and reports.
    let plan: PlacementPlan
    /// Where the machine is.
    public private(set) var state = State.idle
    /// What outlives requests: caps and pacing history, learned prices, consecutive failures.
    private(set) var memory: PlacementMemory
    /// The request running now, or the last one (an empty one before the first): what reports are made of.
    private(set) var record: RequestRecord
    /// The tier buffer of the last waterfall round, handed to the next round: asking tiers allocates nothing.
    private var spareTier: [Int] = []

    /// Creates the machine of one placement.
    ///
    /// - Parameters:
    ///   - placement: the placement (validated with ``MediationConfiguration/validate(providers:)``).
    ///   - currency: the configuration's currency.
    ///   - timeToLive: the app's own cap on how long an ad of a provider and format may be kept
    ///     (``MediationConfiguration/timeToLive(provider:format:)``), on top of the ad's own expiry, which its
    ///     provider declares and the fill carries; none by default.
    public init(
        placement: PlacementConfiguration, currency: String = "USD",
        timeToLive: (ProviderID, AdFormat) -> Duration? = { _, _ in nil }
    ) {
        plan = PlacementPlan(placement: placement, currency: currency, timeToLive: timeToLive)
        memory = PlacementMemory(plan: plan)
        record = RequestRecord(number: 0, startedAt: .zero, retryAttempt: 0, itemCount: placement.lineItems.count)
        spareTier.reserveCapacity(plan.tierSize)
    }

    // MARK: Inputs

    /// Starts a request. Does nothing while one runs or while an unexpired ad is ready; an expired ready ad is
    /// dropped first (rule G10). Frequency caps (this placement's and the app's, from `context`) end the request
    /// at once with every item `capped` and no retry; pacing does not stop a request (the ad is preloaded and
    /// ``take(at:context:)`` waits for the interval).
    public mutating func startRequest(
        at now: AdInstant, context: MediationContext, into actions: inout [Action]
    ) {
        switch state {
        case .auction, .waterfall, .awaitingRetry:
            // With a retry scheduled, it is the next request: asking again now would skip the backoff and the
            // attempt limit (Y12, I23), so the app's call waits for it.
            return
        case .ready(let ready):
            guard ready.isExpired(at: now) else { return }
            expire(ready, into: &actions)
        case .idle:
            break
        }
        record.restart(number: record.number + 1, startedAt: now, retryAttempt: memory.failedRequests)
        if let block = memory.history.block(at: now, includingPacing: false) ?? context.appBlock {
            record.capAll()
            let error = MediationErrors.blocked(
                placement, by: block,
                hint: "Ask again after the time given, or relax the placement's caps in the configuration.")
            actions.append(.fail(report(at: now, error: error)))
            return
        }
        let order = memory.ranking.order(plan: plan, explore: context.explorationRoll < plan.explorationRate)
        guard !plan.bidders.isEmpty else {
            advance(WaterfallRound(order: order, winningBid: nil, buffer: &spareTier), at: now, into: &actions)
            return
        }
        let round = AuctionRound(
            bidders: plan.bidders.count, deadline: now.advanced(by: plan.auctionDeadline), waterfallOrder: order)
        for index in plan.bidders {
            let timeout = min(plan.timeouts[index], plan.auctionDeadline)
            record.startLoading(index, timeout: timeout, plan: plan, at: now, into: &actions)
        }
        actions.append(.startTimer(MediationTimer(kind: .auctionDeadline, request: record.number), at: round.deadline))
        state = .auction(round)
    }

    /// A line item loaded an ad. Late answers (after a timeout, the auction's deadline or the request's end) are
    /// discarded.
    public mutating func itemLoaded(
        _ index: Int, fill: LineItemFill, at now: AdInstant, into actions: inout [Action]
    ) {
        guard isLoading, record.isLoading(index) else {
            actions.append(.discard(lineItem: index))
            return
        }
        record.settle(index, plan: plan, at: now, into: &actions)
        let isBidder = plan.isBidder[index]
        let micros: Int64
        let precision: Revenue.Precision
        if let reported = fill.priceMicros {
            guard fill.currency == plan.currency else {
                let item = placement.lineItems[index]
                let error = MediationErrors.currencyMismatch(item, reported: fill.currency, expected: plan.currency)
                fail(index, .error, error, at: now, into: &actions)
                continueRequest(at: now, into: &actions)
                return
            }
            micros = reported
            precision = fill.precision
        } else if isBidder {
            fail(index, .error, MediationErrors.bidWithoutPrice(placement.lineItems[index]), at: now, into: &actions)
            continueRequest(at: now, into: &actions)
            return
        } else {
            micros = memory.ranking.expected[index]
            precision = plan.isLearned[index] ? .estimated : .publisherDefined
        }
        record.outcomes[index].setPrice(micros: micros, precision: precision)
        record.outcomes[index].didBid = isBidder
        if plan.isLearned[index] {
            memory.ranking.observeFill(index, priceMicros: micros, smoothing: plan.smoothing, at: now)
        }
        if fill.isExcludedCreative {
            record.outcomes[index].state = .excludedCreative
            actions.append(.discard(lineItem: index))
        } else if micros < plan.floors[index] {
            record.outcomes[index].state = .belowFloor
            actions.append(.discard(lineItem: index))
        } else {
            record.outcomes[index].state = .filled
            record.hold(fill, of: index, at: now)
        }
        continueRequest(at: now, into: &actions)
    }

    /// A line item failed: `noFill`, `timeout` or any other error (`providerNotReady`: `notReady`,
    /// `excludedByPrivacy`: `excludedByPrivacy`, `excludedCreative`: `excludedCreative`, the provider's own no-repeat
    /// exclusion (Y18); none of these three counted as a miss of a learned price). Late failures are ignored.
    public mutating func itemFailed(_ index: Int, error: AdError, at now: AdInstant, into actions: inout [Action]) {
        guard isLoading, record.isLoading(index) else { return }
        record.settle(index, plan: plan, at: now, into: &actions)
        let state: LineItemState =
            switch error.code {
            case .noFill: .noFill
            case .timeout: .timeout
            case .providerNotReady: .notReady
            case .excludedByPrivacy: .excludedByPrivacy
            case .excludedCreative: .excludedCreative
            default: .error
            }
        fail(index, state, error, at: now, into: &actions)
        continueRequest(at: now, into: &actions)
    }

    /// A timer the machine asked for fired. Stale timers (of an earlier request, or for an item that answered)
    /// are ignored.
    public mutating func timerFired(
        _ timer: MediationTimer, at now: AdInstant, context: MediationContext, into actions: inout [Action]
    ) {
        switch timer.kind {
        case .itemTimeout(let index):
            guard isLoading, timer.request == record.number, record.isLoading(index) else { return }
            record.outcomes[index].answered(at: now)
            fail(index, .timeout, MediationErrors.itemTimedOut(placement.lineItems[index]), at: now, into: &actions)
            continueRequest(at: now, into: &actions)
        case .auctionDeadline:
            guard case .auction(let round) = state, timer.request == record.number else { return }
            for index in plan.bidders where record.outcomes[index].state == .loading {
                record.outcomes[index].answered(at: now)
                let error = MediationErrors.bidTimedOut(placement.lineItems[index], deadline: plan.auctionDeadline)
                if plan.timedInAuction[index] {
                    actions.append(.cancelTimer(MediationTimer(kind: .itemTimeout(index), request: record.number)))
                }
                fail(index, .timeout, error, at: now, into: &actions)
            }
            endAuction(round, at: now, into: &actions)
        case .retry:
            guard case .awaitingRetry = state, timer.request == record.number else { return }
            state = .idle
            startRequest(at: now, context: context, into: &actions)
        case .expiry:
            guard case .ready(let ready) = state, ready.request == timer.request, ready.isExpired(at: now)
            else { return }
            expire(ready, into: &actions)
        case .preload:
            guard timer.request == record.number else { return }
            startRequest(at: now, context: context, into: &actions)
        }
    }

    /// Takes the ready ad to show it. Fails with `notReady` when there is none, `expired` when it outlived its
    /// time-to-live (it is dropped, rule G10), `capped`/`paced` when caps or pacing block an impression now (the
    /// ad stays ready). With `preload`, a timer for the next request comes with a taken or expired ad.
    public mutating func take(at now: AdInstant, context: MediationContext) -> MediationTake {
        guard case .ready(let ready) = state else {
            return MediationTake(result: .failure(MediationErrors.notReady(placement)), actions: [])
        }
        var actions: [Action] = []
        if ready.isExpired(at: now) {
            let error = MediationErrors.expired(ready, of: placement, at: now)
            expire(ready, into: &actions)
            return MediationTake(result: .failure(error), actions: actions)
        }
        if let block = memory.history.block(at: now) ?? context.appBlock {
            let error = MediationErrors.blocked(
                placement, by: block, hint: "Show the ad after the time given; it stays ready.")
            return MediationTake(result: .failure(error), actions: [])
        }
        state = .idle
        if ready.expiresAt != nil {
            actions.append(.cancelTimer(MediationTimer(kind: .expiry, request: ready.request)))
        }
        if plan.preload { actions.append(.startTimer(MediationTimer(kind: .preload, request: record.number), at: now)) }
        return MediationTake(result: .success(ready), actions: actions)
    }

    /// A shown ad's first impression counted: the ad counts once against the placement's caps and pacing,
    /// whichever of its parts counted first.
    public mutating func adShown(at now: AdInstant) { memory.history.record(at: now) }

    /// Starts a new session: per-session caps count from zero.
    public mutating func startNewSession() { memory.history.startNewSession() }

    // MARK: Request steps

    /// The item failed: its outcome and error are recorded, and a learned item counts a miss (unless its provider
    /// was not ready or privacy excluded it, so the item was never really asked, or the provider left out ads it
    /// had because other placements show them, which is no miss of the network's).
    private mutating func fail(
        _ index: Int, _ state: LineItemState, _ error: AdError, at now: AdInstant, into actions: inout [Action]
    ) {
        record.fail(index, state, error, into: &actions)
        if plan.isLearned[index], ![.notReady, .excludedByPrivacy, .excludedCreative].contains(state) {
            memory.ranking.observeMiss(index, smoothing: plan.smoothing, at: now)
        }
    }

    /// An item of the running round answered: the auction ends once every bid is in, a tier once it is decided.
    private mutating func continueRequest(at now: AdInstant, into actions: inout [Action]) {
        switch state {
        case .auction(var round):
            guard round.bidderAnswered() else {
                state = .auction(round)
                return
            }
            actions.append(.cancelTimer(MediationTimer(kind: .auctionDeadline, request: record.number)))
            endAuction(round, at: now, into: &actions)
        case .waterfall(let round):
            state = .idle  // the round is taken out, so its tier is changed in place
            resolveTier(round, at: now, into: &actions)
        case .idle, .ready, .awaitingRetry:
            break
        }
    }

    /// The auction is over: bidding delivers its winner; hybrid takes it (or nothing) into the waterfall.
    private mutating func endAuction(_ round: AuctionRound, at now: AdInstant, into actions: inout [Action]) {
        let winningBid = round.winningBid(plan: plan, outcomes: record.outcomes)
        // Without a winner no bidder filled; with one, every other bidder that filled lost.
        for index in plan.bidders where record.outcomes[index].state == .filled && index != winningBid?.index {
            record.outbid(index, into: &actions)
        }
        if plan.strategy == .bidding {
            guard let winningBid else { return finishWithoutAd(at: now, into: &actions) }
            deliver(winningBid, at: now, into: &actions)
        } else {
            let next = WaterfallRound(order: round.waterfallOrder, winningBid: winningBid, buffer: &spareTier)
            advance(next, at: now, into: &actions)
        }
    }

    /// Asks the waterfall's next tier, or ends the request when the order is exhausted: with the winning bid if
    /// there is one, else without an ad. The round is consumed (moved, not copied: its tier is changed in place).
    private mutating func advance(_ round: consuming WaterfallRound, at now: AdInstant, into actions: inout [Action]) {
        guard round.nextTier(plan: plan, expected: memory.ranking.expected, outcomes: &record.outcomes) else {
            spareTier = round.tier  // the round ends: the next one asks its tiers in this buffer
            if let winningBid = round.winningBid { return deliver(winningBid, at: now, into: &actions) }
            return finishWithoutAd(at: now, into: &actions)
        }
        for index in round.tier {
            record.startLoading(index, timeout: plan.timeouts[index], plan: plan, at: now, into: &actions)
        }
        state = .waterfall(round)
    }

    /// Decides the tier once it can be: its first filled item wins, the others and a waiting bid lose.
    private mutating func resolveTier(
        _ round: consuming WaterfallRound, at now: AdInstant, into actions: inout [Action]
    ) {
        let winner: Int
        switch round.resolution(outcomes: record.outcomes) {
        case .waiting:
            state = .waterfall(round)
            return
        case .exhausted:
            return advance(round, at: now, into: &actions)
        case .won(let index):
            winner = index
        }
        guard let price = record.outcomes[winner].price(in: plan.currency) else {
            return advance(round, at: now, into: &actions)
        }
        for index in round.tier where index != winner {
            let state = record.outcomes[index].state
            guard state == .loading || state == .filled else { continue }
            if state == .loading {
                actions.append(.cancelTimer(MediationTimer(kind: .itemTimeout(index), request: record.number)))
            }
            record.outbid(index, into: &actions)
        }
        if let winningBid = round.winningBid { record.outbid(winningBid.index, into: &actions) }
        spareTier = round.tier  // the round ends: the next one asks its tiers in this buffer
        deliver(winner, price: price, at: now, into: &actions)
    }

    /// The request ends with an ad: it becomes the ready ad, expiring at the earlier of its provider's expiry and
    /// the configured time-to-live counted from its fill.
    private mutating func deliver(_ index: Int, price: Revenue, at now: AdInstant, into actions: inout [Action]) {
        record.deliveredPrice = price
        let fill = record.fill(of: index)
        var expiresAt = fill?.expiresAt
        if let ttl = plan.timeToLive[index] {
            let policy = (fill?.filledAt ?? now).advanced(by: ttl)
            expiresAt = expiresAt.map { min($0, policy) } ?? policy
        }
        let delivery = MediationDelivery(
            index: index, price: price, creativeIDs: fill?.creativeIDs ?? [], expiresAt: expiresAt,
            request: record.number, report: report(at: now))
        state = .ready(delivery)
        memory.failedRequests = 0
        actions.append(.deliver(delivery))
        if let expiresAt {
            actions.append(.startTimer(MediationTimer(kind: .expiry, request: record.number), at: expiresAt))
        }
    }

    /// The auction's winner is the request's ad, at its clearing price.
    private mutating func deliver(_ bid: WinningBid, at now: AdInstant, into actions: inout [Action]) {
        deliver(bid.index, price: bid.price(plan: plan, outcomes: record.outcomes), at: now, into: &actions)
    }

    /// The request ends without an ad: a retry is scheduled with backoff while attempts are left.
    private mutating func finishWithoutAd(at now: AdInstant, into actions: inout [Action]) {
        let error = MediationErrors.noFill(placement)
        if memory.failedRequests < plan.retry.maxAttempts {
            let retryAt = now.advanced(by: plan.retry.delay(beforeRetry: memory.failedRequests + 1))
            actions.append(.fail(report(at: now, error: error, nextRetryAt: retryAt)))
            actions.append(.startTimer(MediationTimer(kind: .retry, request: record.number), at: retryAt))
            state = .awaitingRetry(at: retryAt)
            memory.failedRequests += 1
        } else {
            actions.append(.fail(report(at: now, error: error)))
            state = .idle
            memory.failedRequests = 0
        }
    }

    /// Drops the ready ad (it must never be shown) and, with `preload`, asks for the next one.
    private mutating func expire(_ ready: MediationDelivery, into actions: inout [Action]) {
        state = .idle
        actions.append(.expired(ready))
        if plan.preload {
            actions.append(
                .startTimer(
                    MediationTimer(kind: .preload, request: record.number), at: ready.expiresAt ?? record.startedAt))
        }
    }
}
