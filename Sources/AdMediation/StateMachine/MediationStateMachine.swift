public import AdCore

/// The mediation of one placement as a sans-I/O state machine: a value type whose mutating methods take inputs
/// stamped with an ``AdInstant`` and return the ``Action``s a driver performs. It never reads a clock,
/// draws a random number or touches a provider; ``Mediator`` drives it against an `AdHost` in apps, tests drive
/// it directly in virtual time.
///
/// It runs waterfall, bidding and hybrid requests (timeouts, auction deadline, floors, first and second price,
/// parallel tiers, learned prices), keeps the placement's ready ad with its expiry, counts impressions for caps
/// and pacing, and schedules retries with exponential backoff after a request fails.
///
/// Every input has two forms: one returns a new array of actions, the other (`into:`) appends to a buffer the
/// driver reuses, which keeps allocation out of the decision path.
///
/// ```swift
/// var machine = MediationStateMachine(placement: placement)
/// var actions = machine.startRequest(at: .zero, context: MediationContext())
/// // [.load(item 0), .startTimer(itemTimeout(0)#1, at: t=5.000s)]
/// actions = machine.itemFailed(0, error: AdError(.noFill, "none"), at: AdInstant(sinceEpoch: .seconds(0.3)))
/// // [.cancelTimer(...), .discard(lineItem: 0), .load(item 1), .startTimer(...)]
/// ```
public struct MediationStateMachine: Sendable {
    private enum Phase: Sendable {
        case idle
        case auction
        case waterfall
    }

    private let plan: PlacementPlan
    private var learned: [LearnedPrice]
    private var expected: [Int64]  // the price a fill without a reported price is booked at
    /// The waterfall's sort key in micros: the configured price, or for a learned item its expected revenue per
    /// request (price estimate × fill rate), so an item that stops filling sinks below one that fills.
    private var rank: [Int64]
    private var history: ImpressionHistory
    private var phase = Phase.idle
    private var request = 0
    private var attempt = 0  // consecutive requests without an ad
    private var requestAttempt = 0  // which retry the current request is
    private var retryPending = false
    private var requestStart = AdInstant.zero
    private var outcomes: [ItemOutcome]
    private var errors: [ItemError] = []
    private var fillCreatives: [[String]]
    private var fillExpiry: [AdInstant]  // `.zero` when the fill does not expire by itself
    private var filledAt: [AdInstant]
    private var order: [Int] = []
    private var learnedOrder: [Int] = []  // the waterfall order by rank, re-sorted only when a rank moves
    private var learnedOrderIsValid = false
    private var cursor = 0
    private var tier: [Int] = []
    /// The auction's winner in a hybrid request (index, clearing price in micros), waiting for its waterfall turn.
    private var winningBid: Int?
    private var winningBidMicros: Int64 = 0
    private var pendingBidders = 0
    private var ready: MediationDelivery?
    private var deliveredPrice: Revenue?

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
        let count = placement.lineItems.count
        learned = plan.configuredPrices.map { LearnedPrice(initialMicros: $0) }
        expected = plan.configuredPrices
        rank = plan.configuredPrices
        history = ImpressionHistory(caps: placement.caps, pacing: placement.pacing)
        outcomes = Array(repeating: ItemOutcome(), count: count)
        fillCreatives = Array(repeating: [], count: count)
        fillExpiry = Array(repeating: .zero, count: count)
        filledAt = Array(repeating: .zero, count: count)
        order.reserveCapacity(count)
        tier.reserveCapacity(plan.tierSize)
    }

    // MARK: Queries

    /// The placement this machine mediates.
    public var placement: PlacementConfiguration { plan.placement }

    /// Whether a request is running.
    public var isLoading: Bool { phase != .idle }

    /// The ready ad, if any (it may have expired: ``take(at:context:)`` checks).
    public var readyAd: MediationDelivery? { ready }

    /// The number of requests started so far.
    public var requestCount: Int { request }

    /// What was learned about each line item with learned pricing, by line item ID.
    public var learnedPrices: [String: LearnedPrice] {
        var result: [String: LearnedPrice] = [:]
        for index in plan.learnedItems { result[placement.lineItems[index].id] = learned[index] }
        return result
    }

    /// The waterfall order the next request would use (line item IDs), without exploration.
    public var waterfallOrder: [String] {
        var copy = self
        copy.computeOrder(explore: false)
        return copy.order.map { placement.lineItems[$0].id }
    }

    /// The report of the request running now (or of the last one).
    public func report(at now: AdInstant, error: AdError? = nil, nextRetryAt: AdInstant? = nil) -> MediationReport {
        MediationReport(
            plan: plan, outcomes: outcomes, errors: errors, requestNumber: request, startedAt: requestStart,
            finishedAt: now,
            winnerIndex: outcomes.firstIndex { $0.state == .filled }, price: deliveredPrice, error: error,
            retryAttempt: requestAttempt,
            nextRetryAt: nextRetryAt)
    }

    /// Why caps or pacing block an impression of this placement now, if they do.
    public func controlBlock(at now: AdInstant) -> ControlBlock? { history.block(at: now) }

    // MARK: Inputs

    /// Starts a request. Does nothing while one runs or while an unexpired ad is ready; an expired ready ad is
    /// dropped first (rule G10). Frequency caps (this placement's and the app's, from `context`) end the request
    /// at once with every item `capped` and no retry; pacing does not stop a request (the ad is preloaded and
    /// ``take(at:context:)`` waits for the interval).
    public mutating func startRequest(at now: AdInstant, context: MediationContext) -> [Action] {
        var actions: [Action] = []
        startRequest(at: now, context: context, into: &actions)
        return actions
    }

    /// ``startRequest(at:context:)``, appending the actions to `actions`.
    public mutating func startRequest(
        at now: AdInstant, context: MediationContext, into actions: inout [Action]
    ) {
        guard phase == .idle else { return }
        if ready != nil {
            guard isReadyExpired(at: now) else { return }
            expireReady(into: &actions)
        }
        // A retry is already scheduled: it is the next request. Asking again now would skip the backoff and the
        // attempt limit (Y12, I23), so the app's call waits for it.
        if retryPending { return }
        request += 1
        requestStart = now
        requestAttempt = attempt
        outcomes = Array(repeating: ItemOutcome(), count: outcomes.count)
        errors = []
        deliveredPrice = nil
        winningBid = nil
        tier.removeAll(keepingCapacity: true)
        if let block = history.block(at: now, includingPacing: false) ?? context.appBlock {
            for index in outcomes.indices { outcomes[index].state = .capped }
            let error = AdError(
                block.reason == .capped ? .capped : .paced,
                "Placement '\(placement.id)' is \(block).",
                hint: "Ask again after the time given, or relax the placement's caps in the configuration.")
            actions.append(.fail(report(at: now, error: error)))
            return
        }
        computeOrder(explore: context.explorationRoll < plan.explorationRate)
        cursor = 0
        if plan.bidders.isEmpty {
            phase = .waterfall
            advanceWaterfall(at: now, into: &actions)
        } else {
            phase = .auction
            pendingBidders = plan.bidders.count
            let deadline = plan.auctionDeadline
            for index in plan.bidders {
                startLoading(index, timeout: min(plan.timeouts[index], deadline), at: now, into: &actions)
            }
            actions.append(
                .startTimer(MediationTimer(kind: .auctionDeadline, request: request), at: now.advanced(by: deadline)))
        }
    }

    /// A line item loaded an ad. Late answers (after a timeout, the auction's deadline or the request's end) are
    /// discarded.
    public mutating func itemLoaded(_ index: Int, fill: LineItemFill, at now: AdInstant) -> [Action] {
        var actions: [Action] = []
        itemLoaded(index, fill: fill, at: now, into: &actions)
        return actions
    }

    /// ``itemLoaded(_:fill:at:)``, appending the actions to `actions`.
    public mutating func itemLoaded(
        _ index: Int, fill: LineItemFill, at now: AdInstant, into actions: inout [Action]
    ) {
        guard phase != .idle, outcomes.indices.contains(index), outcomes[index].state == .loading else {
            actions.append(.discard(lineItem: index))
            return
        }
        settle(index, at: now, into: &actions)
        let isBidder = plan.isBidder[index]
        let micros: Int64
        let precision: Revenue.Precision
        if let reported = fill.priceMicros {
            guard fill.currency == plan.currency else {
                let item = placement.lineItems[index]
                let error = AdError(
                    .invalidResponse,
                    "'\(item.id)' priced its ad in \(fill.currency); the placement uses \(plan.currency).",
                    providerID: item.providerID, hint: "Configure the provider's ad unit to report \(plan.currency).")
                fail(index, .error, error, at: now, into: &actions)
                continueRequest(at: now, into: &actions)
                return
            }
            micros = reported
            precision = fill.precision
        } else if isBidder {
            let item = placement.lineItems[index]
            let error = AdError(
                .invalidResponse, "Bidder '\(item.id)' answered without a price.", providerID: item.providerID,
                hint: "The provider must report its bid in LoadedAdInfo.revenue.")
            fail(index, .error, error, at: now, into: &actions)
            continueRequest(at: now, into: &actions)
            return
        } else {
            micros = expected[index]
            precision = plan.isLearned[index] ? .estimated : .publisherDefined
        }
        outcomes[index].setPrice(micros: micros, precision: precision)
        outcomes[index].didBid = isBidder
        if plan.isLearned[index] {
            learned[index].observeFill(priceMicros: micros, smoothing: plan.smoothing, at: now)
            relearned(index)
        }
        if fill.isExcludedCreative {
            outcomes[index].state = .excludedCreative
            actions.append(.discard(lineItem: index))
        } else if micros < plan.floors[index] {
            outcomes[index].state = .belowFloor
            actions.append(.discard(lineItem: index))
        } else {
            outcomes[index].state = .filled
            fillCreatives[index] = fill.creativeIDs
            fillExpiry[index] = fill.expiresAt ?? .zero
            filledAt[index] = now
        }
        continueRequest(at: now, into: &actions)
    }

    /// A line item failed: `noFill`, `timeout` or any other error (`providerNotReady`: `notReady`,
    /// `excludedByPrivacy`: `excludedByPrivacy`, neither counted as a miss of a learned price). Late failures are
    /// ignored.
    public mutating func itemFailed(_ index: Int, error: AdError, at now: AdInstant) -> [Action] {
        var actions: [Action] = []
        itemFailed(index, error: error, at: now, into: &actions)
        return actions
    }

    /// ``itemFailed(_:error:at:)``, appending the actions to `actions`.
    public mutating func itemFailed(
        _ index: Int, error: AdError, at now: AdInstant, into actions: inout [Action]
    ) {
        guard phase != .idle, outcomes.indices.contains(index), outcomes[index].state == .loading else { return }
        settle(index, at: now, into: &actions)
        let state: LineItemState =
            switch error.code {
            case .noFill: .noFill
            case .timeout: .timeout
            case .providerNotReady: .notReady
            case .excludedByPrivacy: .excludedByPrivacy
            default: .error
            }
        fail(index, state, error, at: now, into: &actions)
        continueRequest(at: now, into: &actions)
    }

    /// A timer the machine asked for fired. Stale timers (of an earlier request, or for an item that answered)
    /// are ignored.
    public mutating func timerFired(
        _ timer: MediationTimer, at now: AdInstant, context: MediationContext
    ) -> [Action] {
        var actions: [Action] = []
        timerFired(timer, at: now, context: context, into: &actions)
        return actions
    }

    /// ``timerFired(_:at:context:)``, appending the actions to `actions`.
    public mutating func timerFired(
        _ timer: MediationTimer, at now: AdInstant, context: MediationContext, into actions: inout [Action]
    ) {
        switch timer.kind {
        case .itemTimeout(let index):
            guard phase != .idle, timer.request == request, outcomes.indices.contains(index),
                outcomes[index].state == .loading
            else { return }
            outcomes[index].answered(at: now)
            let item = placement.lineItems[index]
            let error = AdError(
                .timeout, "'\(item.id)' (\(item.providerID)) did not answer within \(item.timeout.secondsValue) s.",
                providerID: item.providerID, hint: "Raise the line item's timeoutSeconds, or check the provider.")
            fail(index, .timeout, error, at: now, into: &actions)
            continueRequest(at: now, into: &actions)
        case .auctionDeadline:
            guard phase == .auction, timer.request == request else { return }
            for index in plan.bidders where outcomes[index].state == .loading {
                outcomes[index].answered(at: now)
                let item = placement.lineItems[index]
                let error = AdError(
                    .timeout,
                    "Bidder '\(item.id)' did not bid within the auction deadline of "
                        + "\(placement.auction.deadline.secondsValue) s.",
                    providerID: item.providerID, hint: "Raise auction.deadlineSeconds, or check the bidder.")
                if plan.timedInAuction[index] {
                    actions.append(.cancelTimer(MediationTimer(kind: .itemTimeout(index), request: request)))
                }
                fail(index, .timeout, error, at: now, into: &actions)
            }
            endAuction(at: now, into: &actions)
        case .retry:
            guard retryPending, timer.request == request else { return }
            retryPending = false
            startRequest(at: now, context: context, into: &actions)
        case .expiry:
            guard ready?.request == timer.request, isReadyExpired(at: now) else { return }
            expireReady(into: &actions)
        case .preload:
            guard timer.request == request else { return }
            startRequest(at: now, context: context, into: &actions)
        }
    }

    /// Takes the ready ad to show it. Fails with `notReady` when there is none, `expired` when it outlived its
    /// time-to-live (it is dropped, rule G10), `capped`/`paced` when caps or pacing block an impression now (the
    /// ad stays ready). With `preload`, a timer for the next request comes with a taken or expired ad.
    public mutating func take(at now: AdInstant, context: MediationContext) -> MediationTake {
        guard let ready else {
            let error = AdError(
                .notReady, "Placement '\(placement.id)' has no ad ready.",
                hint: "Call load first and take the ad after a deliver action (Mediator.isReady).")
            return MediationTake(result: .failure(error), actions: [])
        }
        var actions: [Action] = []
        if isReadyExpired(at: now) {
            let error = AdError(
                .expired,
                "The ad of '\(ready.lineItemID)' for '\(placement.id)' expired at \(ready.expiresAt ?? now).",
                providerID: ready.providerID, hint: "Show ads sooner after loading, or enable preload.")
            expireReady(into: &actions)
            return MediationTake(result: .failure(error), actions: actions)
        }
        if let block = history.block(at: now) ?? context.appBlock {
            let error = AdError(
                block.reason == .capped ? .capped : .paced, "Placement '\(placement.id)' is \(block).",
                hint: "Show the ad after the time given; it stays ready.")
            return MediationTake(result: .failure(error), actions: [])
        }
        self.ready = nil
        if ready.expiresAt != nil {
            actions.append(.cancelTimer(MediationTimer(kind: .expiry, request: ready.request)))
        }
        if plan.preload { actions.append(.startTimer(MediationTimer(kind: .preload, request: request), at: now)) }
        return MediationTake(result: .success(ready), actions: actions)
    }

    /// A shown ad's first impression counted: the ad counts once against the placement's caps and pacing,
    /// whichever of its parts counted first.
    public mutating func adShown(at now: AdInstant) {
        history.record(at: now)
    }

    /// The impression-level revenue of one counted impression of a shown ad: its own, or one of its components'
    /// (`component`, a slider's card), each at the delivered price.
    public func revenue(
        of delivery: MediationDelivery, component: String? = nil, at now: AdInstant
    ) -> RevenueEvent {
        RevenueEvent(
            providerID: delivery.providerID, placementID: placement.id, lineItemID: delivery.lineItemID,
            adUnitID: delivery.adUnitID, component: component, revenue: delivery.price, at: now)
    }

    /// Starts a new session: per-session caps count from zero.
    public mutating func startNewSession() { history.startNewSession() }

    // MARK: Request steps

    private mutating func computeOrder(explore: Bool) {
        order.removeAll(keepingCapacity: true)
        guard !plan.learnedItems.isEmpty else {
            order.append(contentsOf: plan.staticOrder)
            return
        }
        if !learnedOrderIsValid {
            learnedOrder = WaterfallOrder.sorted(plan.staticOrder, prices: rank, priorities: plan.priorities)
            learnedOrderIsValid = true
        }
        order.append(contentsOf: learnedOrder)
        guard explore else { return }
        var stalest: Int?
        for index in plan.learnedItems {
            guard let current = stalest else {
                stalest = index
                continue
            }
            switch (learned[index].lastObservedAt, learned[current].lastObservedAt) {
            case (nil, .some): stalest = index
            case (.some(let lhs), .some(let rhs)) where lhs < rhs: stalest = index
            default: break
            }
        }
        if let stalest, let position = order.firstIndex(of: stalest) {
            order.remove(at: position)
            order.insert(stalest, at: 0)
        }
    }

    /// Takes a learned item's new estimates: its price for fills without a reported price, and its rank; the
    /// order is re-sorted only when the rank moved.
    private mutating func relearned(_ index: Int) {
        // Estimates are averages of prices that came from outside: saturating, never a trap (rule R2).
        expected[index] = CheckedConversion.saturatingInt64(learned[index].estimateMicros)
        let newRank = CheckedConversion.saturatingInt64(learned[index].expectedRevenueMicros)
        if newRank != rank[index] {
            rank[index] = newRank
            learnedOrderIsValid = false
        }
    }

    private mutating func startLoading(
        _ index: Int, timeout: Duration, at now: AdInstant, into actions: inout [Action]
    ) {
        outcomes[index].state = .loading
        outcomes[index].startedAt = now
        actions.append(.load(LineItemLoad(index: index, timeout: timeout, plan: plan)))
        if plan.timedInAuction[index] {
            actions.append(
                .startTimer(MediationTimer(kind: .itemTimeout(index), request: request), at: now.advanced(by: timeout)))
        }
    }

    /// Records the latency of an answer and cancels the item's own timer.
    private mutating func settle(_ index: Int, at now: AdInstant, into actions: inout [Action]) {
        outcomes[index].answered(at: now)
        if plan.timedInAuction[index] {
            actions.append(.cancelTimer(MediationTimer(kind: .itemTimeout(index), request: request)))
        }
    }

    private mutating func fail(
        _ index: Int, _ state: LineItemState, _ error: AdError, at now: AdInstant,
        into actions: inout [Action]
    ) {
        outcomes[index].state = state
        errors.append(ItemError(index: index, error: error))
        if plan.isLearned[index], state != .notReady, state != .excludedByPrivacy {
            learned[index].observeMiss(smoothing: plan.smoothing, at: now)
            relearned(index)
        }
        actions.append(.discard(lineItem: index))
    }

    private mutating func continueRequest(at now: AdInstant, into actions: inout [Action]) {
        switch phase {
        case .auction:
            pendingBidders -= 1
            guard pendingBidders <= 0 else { return }
            actions.append(.cancelTimer(MediationTimer(kind: .auctionDeadline, request: request)))
            endAuction(at: now, into: &actions)
        case .waterfall:
            resolveTier(at: now, into: &actions)
        case .idle:
            break
        }
    }

    private mutating func endAuction(at now: AdInstant, into actions: inout [Action]) {
        // The highest bid wins; ties go to the bidder listed first; second price pays the next bid or the floor.
        var winner: Int?
        var best: Int64 = 0
        var second: Int64?
        for index in plan.bidders where outcomes[index].state == .filled {
            let micros = outcomes[index].priceMicros ?? 0
            if winner != nil {
                if micros > best {
                    second = max(second ?? best, best)
                    winner = index
                    best = micros
                } else {
                    second = max(second ?? micros, micros)
                }
            } else {
                winner = index
                best = micros
            }
        }
        guard let winner else {
            if plan.strategy == .bidding {
                finishWithoutAd(at: now, into: &actions)
            } else {
                phase = .waterfall
                advanceWaterfall(at: now, into: &actions)
            }
            return
        }
        let floor = plan.floors[winner]
        let clearing =
            switch plan.pricing {
            case .firstPrice: best
            case .secondPrice: min(best, max(second ?? floor, floor))
            }
        for index in plan.bidders where index != winner && outcomes[index].state == .filled {
            outcomes[index].state = .outbid
            actions.append(.discard(lineItem: index))
        }
        let clearingPrice = Revenue(
            micros: clearing, currency: plan.currency, precision: outcomes[winner].pricePrecision ?? .exact)
        if plan.strategy == .bidding {
            deliver(winner, price: clearingPrice, at: now, into: &actions)
        } else {
            winningBid = winner
            winningBidMicros = clearing
            phase = .waterfall
            advanceWaterfall(at: now, into: &actions)
        }
    }

    private mutating func advanceWaterfall(at now: AdInstant, into actions: inout [Action]) {
        tier.removeAll(keepingCapacity: true)
        while cursor < order.count && tier.count < plan.tierSize {
            let index = order[cursor]
            let price = expected[index]
            cursor += 1
            // A winning bid is in hand: only items priced strictly above it are worth asking. The order is by rank,
            // not by price, so a learned item priced above the bid may come after one priced below it.
            if winningBid != nil && price <= winningBidMicros { continue }
            if price < plan.floors[index] {
                outcomes[index].state = .belowFloor
                continue
            }
            tier.append(index)
        }
        if tier.isEmpty {
            if let winningBid {
                let precision = outcomes[winningBid].pricePrecision ?? .exact
                let price = Revenue(micros: winningBidMicros, currency: plan.currency, precision: precision)
                deliver(winningBid, price: price, at: now, into: &actions)
            } else {
                finishWithoutAd(at: now, into: &actions)
            }
            return
        }
        for index in tier { startLoading(index, timeout: plan.timeouts[index], at: now, into: &actions) }
    }

    private mutating func resolveTier(at now: AdInstant, into actions: inout [Action]) {
        var winner: Int?
        for index in tier {
            let state = outcomes[index].state
            if state == .loading { return }  // an item placed earlier may still fill
            if state == .filled {
                winner = index
                break
            }
        }
        guard let winner, let price = outcomes[winner].price(in: plan.currency) else {
            advanceWaterfall(at: now, into: &actions)
            return
        }
        for index in tier where index != winner {
            let state = outcomes[index].state
            guard state == .loading || state == .filled else { continue }
            if state == .loading {
                actions.append(.cancelTimer(MediationTimer(kind: .itemTimeout(index), request: request)))
            }
            outcomes[index].state = .outbid
            actions.append(.discard(lineItem: index))
        }
        if let winningBid {
            outcomes[winningBid].state = .outbid
            actions.append(.discard(lineItem: winningBid))
        }
        deliver(winner, price: price, at: now, into: &actions)
    }

    private mutating func deliver(
        _ index: Int, price: Revenue, at now: AdInstant, into actions: inout [Action]
    ) {
        phase = .idle
        deliveredPrice = price
        // The fill arrays were written when this item filled, in this request.
        var expiresAt = fillExpiry[index] == .zero ? nil : fillExpiry[index]
        if let ttl = plan.timeToLive[index] {
            let policy = filledAt[index].advanced(by: ttl)
            expiresAt = expiresAt.map { min($0, policy) } ?? policy
        }
        let delivery = MediationDelivery(
            index: index, price: price, creativeIDs: fillCreatives[index], expiresAt: expiresAt, request: request,
            report: report(at: now))
        ready = delivery
        attempt = 0
        actions.append(.deliver(delivery))
        if let expiresAt { actions.append(.startTimer(MediationTimer(kind: .expiry, request: request), at: expiresAt)) }
    }

    private mutating func finishWithoutAd(at now: AdInstant, into actions: inout [Action]) {
        phase = .idle
        let error = AdError(
            .noFill, "No line item of '\(placement.id)' filled (\(placement.lineItems.count) asked or skipped).",
            hint: "See the report's line items; add demand or lower the floor.")
        if attempt < plan.retry.maxAttempts {
            let retryAt = now.advanced(by: plan.retry.delay(beforeRetry: attempt + 1))
            actions.append(.fail(report(at: now, error: error, nextRetryAt: retryAt)))
            actions.append(.startTimer(MediationTimer(kind: .retry, request: request), at: retryAt))
            retryPending = true
            attempt += 1
        } else {
            actions.append(.fail(report(at: now, error: error)))
            attempt = 0
        }
    }

    private func isReadyExpired(at now: AdInstant) -> Bool {
        guard let expiresAt = ready?.expiresAt else { return false }
        return now >= expiresAt
    }

    private mutating func expireReady(into actions: inout [Action]) {
        guard let ready else { return }
        self.ready = nil
        actions.append(.expired(ready))
        if plan.preload {
            actions.append(
                .startTimer(MediationTimer(kind: .preload, request: request), at: ready.expiresAt ?? requestStart))
        }
    }
}
