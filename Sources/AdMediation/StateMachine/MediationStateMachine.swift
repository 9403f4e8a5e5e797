public import AdCore

/// The mediation of one placement as a sans-I/O state machine: a value type whose mutating methods take inputs
/// stamped with an ``AdInstant`` and return the ``MediationAction``s a driver performs. It never reads a clock,
/// draws a random number or touches a provider; ``Mediator`` drives it against an `AdHost` in apps, tests drive
/// it directly in virtual time.
///
/// It runs waterfall, bidding and hybrid requests (timeouts, auction deadline, floors, first and second price,
/// parallel tiers, learned prices), keeps the placement's ready ad with its expiry, counts impressions for caps
/// and pacing, and schedules retries with exponential backoff after a request fails.
///
/// ```swift
/// var machine = MediationStateMachine(placement: placement)
/// var actions = machine.startRequest(at: .zero, context: MediationContext())
/// // [.load(item 0), .startTimer(itemTimeout(0)#1, at: t=5.000s)]
/// actions = machine.itemFailed(0, error: AdError(.noFill, "none"), at: .seconds(0.3))
/// // [.cancelTimer(...), .discard(lineItem: 0), .load(item 1), .startTimer(...)]
/// ```
public struct MediationStateMachine: Sendable {
    private enum Phase: Sendable {
        case idle
        case auction
        case waterfall
    }

    /// The placement this machine mediates.
    public let placement: PlacementConfiguration
    /// The currency every price is in.
    public let currency: String

    private let timeToLive: [Duration?]
    private let floors: [Int64]
    private let configuredPrices: [Int64]
    private let priorities: [Int]
    private let bidders: [Int]
    private let learnedItems: [Int]
    private let staticOrder: [Int]
    private let tierSize: Int

    private var learned: [LearnedPrice]
    private var history: ImpressionHistory
    private var phase = Phase.idle
    private var request = 0
    private var attempt = 0
    private var retryPending = false
    private var requestStart = AdInstant.zero
    private var states: [LineItemState]
    private var prices: [Revenue?]
    private var startedAt: [AdInstant?]
    private var latencies: [Duration?]
    private var errors: [AdError?]
    private var didBid: [Bool]
    private var fills: [LineItemFill?]
    private var filledAt: [AdInstant]
    private var order: [Int] = []
    private var cursor = 0
    private var tier: [Int] = []
    private var pendingBidders = 0
    private var winningBid: (index: Int, clearing: Revenue)?
    private var ready: MediationDelivery?

    /// Creates the machine of one placement.
    ///
    /// - Parameters:
    ///   - placement: the placement (validated with ``MediationConfiguration/validate(providers:)``).
    ///   - currency: the configuration's currency.
    ///   - timeToLive: how long an ad of a provider and format may be kept (``MediationConfiguration/timeToLive(provider:format:)``).
    public init(
        placement: PlacementConfiguration, currency: String = "USD",
        timeToLive: (ProviderID, AdFormat) -> Duration? = { provider, format in
            ExpiryRule.defaults.first { $0.applies(to: provider, format: format) }?.timeToLive
        }
    ) {
        self.placement = placement
        self.currency = currency
        let items = placement.lineItems
        self.timeToLive = items.map { timeToLive($0.providerID, placement.format) }
        floors = items.map { max(placement.floorMicros, $0.floorMicros ?? 0) }
        configuredPrices = items.map {
            if case .waterfall(_, let price, _) = $0.mode { return price }
            return 0
        }
        priorities = items.map {
            if case .waterfall(_, _, let priority) = $0.mode { return priority }
            return 0
        }
        bidders = items.indices.filter { items[$0].isBidder }
        learnedItems = items.indices.filter {
            if case .waterfall(.learned, _, _) = items[$0].mode { return true }
            return false
        }
        let waterfall = items.indices.filter { !items[$0].isBidder }
        staticOrder = WaterfallOrder.sorted(Array(waterfall), prices: configuredPrices, priorities: priorities)
        tierSize = max(1, placement.parallelTierSize)
        learned = configuredPrices.map { LearnedPrice(initialMicros: $0) }
        history = ImpressionHistory(caps: placement.caps, pacing: placement.pacing)
        states = Array(repeating: .notAttempted, count: items.count)
        prices = Array(repeating: nil, count: items.count)
        startedAt = Array(repeating: nil, count: items.count)
        latencies = Array(repeating: nil, count: items.count)
        errors = Array(repeating: nil, count: items.count)
        didBid = Array(repeating: false, count: items.count)
        fills = Array(repeating: nil, count: items.count)
        filledAt = Array(repeating: .zero, count: items.count)
    }

    // MARK: Queries

    /// Whether a request is running.
    public var isLoading: Bool { phase != .idle }

    /// The ready ad, if any (it may have expired: ``take(at:context:)`` checks).
    public var readyAd: MediationDelivery? { ready }

    /// The number of requests started so far.
    public var requestCount: Int { request }

    /// What was learned about each line item with learned pricing, by line item ID.
    public var learnedPrices: [String: LearnedPrice] {
        var result: [String: LearnedPrice] = [:]
        for index in learnedItems { result[placement.lineItems[index].id] = learned[index] }
        return result
    }

    /// The waterfall order the next request would use (line item IDs), without exploration.
    public var waterfallOrder: [String] { currentOrder(explore: false).map { placement.lineItems[$0].id } }

    /// The report of the request running now (or of the last one).
    public func report(at now: AdInstant, error: AdError? = nil, nextRetryAt: AdInstant? = nil) -> MediationReport {
        var items: [LineItemReport] = []
        items.reserveCapacity(states.count)
        for (index, item) in placement.lineItems.enumerated() {
            items.append(
                LineItemReport(
                    lineItemID: item.id, providerID: item.providerID, adUnitID: item.adUnitID, isBidder: item.isBidder,
                    state: states[index], didBid: didBid[index], price: prices[index], latency: latencies[index],
                    error: errors[index]))
        }
        let winner = states.firstIndex(of: .filled)
        return MediationReport(
            placementID: placement.id, requestNumber: request, strategy: placement.strategy, startedAt: requestStart,
            finishedAt: now, items: items, winner: winner.map { placement.lineItems[$0].id },
            price: winner.flatMap { prices[$0] }, error: error, retryAttempt: attempt, nextRetryAt: nextRetryAt)
    }

    // MARK: Inputs

    /// Starts a request. Does nothing while one runs or while an unexpired ad is ready; an expired ready ad is
    /// dropped first (rule G10). Frequency caps (this placement's and the app's, from `context`) end the request
    /// at once with every item `capped` and no retry; pacing does not stop a request (the ad is preloaded and
    /// ``take(at:context:)`` waits for the interval).
    public mutating func startRequest(at now: AdInstant, context: MediationContext) -> [MediationAction] {
        guard phase == .idle else { return [] }
        var actions: [MediationAction] = []
        if let ready {
            guard isExpired(ready, at: now) else { return [] }
            actions += expireReady()
        }
        if retryPending {
            retryPending = false
            actions.append(.cancelTimer(MediationTimer(kind: .retry, request: request)))
        }
        request += 1
        requestStart = now
        for index in states.indices {
            states[index] = .notAttempted
            prices[index] = nil
            startedAt[index] = nil
            latencies[index] = nil
            errors[index] = nil
            didBid[index] = false
            fills[index] = nil
        }
        winningBid = nil
        tier.removeAll(keepingCapacity: true)
        if let block = history.block(at: now, includingPacing: false) ?? context.appBlock {
            for index in states.indices { states[index] = .capped }
            let error = AdError(
                block.reason == .capped ? .capped : .paced,
                "Placement '\(placement.id)' is \(block).",
                hint: "Ask again after the time given, or relax the placement's caps and pacing in the configuration.")
            actions.append(.fail(report(at: now, error: error)))
            return actions
        }
        order = currentOrder(explore: context.explorationRoll < placement.learning.explorationRate)
        cursor = 0
        if bidders.isEmpty {
            phase = .waterfall
            advanceWaterfall(at: now, into: &actions)
        } else {
            phase = .auction
            pendingBidders = bidders.count
            let deadline = now.advanced(by: placement.auction.deadline)
            for index in bidders {
                let timeout = min(placement.lineItems[index].timeout, placement.auction.deadline)
                startLoading(index, timeout: timeout, at: now, into: &actions, timer: timeout < placement.auction.deadline)
            }
            actions.append(.startTimer(MediationTimer(kind: .auctionDeadline, request: request), at: deadline))
        }
        return actions
    }

    /// A line item loaded an ad. Late answers (after a timeout, the auction's deadline or the request's end) are
    /// discarded.
    public mutating func itemLoaded(_ index: Int, fill: LineItemFill, at now: AdInstant) -> [MediationAction] {
        guard phase != .idle, states.indices.contains(index), states[index] == .loading else {
            return [.discard(lineItem: index)]
        }
        var actions: [MediationAction] = []
        settle(index, at: now, into: &actions)
        let item = placement.lineItems[index]
        let price: Revenue
        if let reported = fill.price {
            price = reported
        } else if item.isBidder {
            fail(
                index, .error,
                AdError(
                    .invalidResponse, "Bidder '\(item.id)' answered without a price.", providerID: item.providerID,
                    hint: "The provider must report its bid in LoadedAdInfo.revenue."), at: now, into: &actions)
            continueRequest(at: now, into: &actions)
            return actions
        } else {
            let precision: Revenue.Precision = learnedItems.contains(index) ? .estimated : .publisherDefined
            price = Revenue(micros: expectedPrice(index), currency: currency, precision: precision)
        }
        guard price.currency == currency else {
            fail(
                index, .error,
                AdError(
                    .invalidResponse, "'\(item.id)' priced its ad in \(price.currency); the placement uses \(currency).",
                    providerID: item.providerID, hint: "Configure the provider's ad unit to report \(currency)."),
                at: now, into: &actions)
            continueRequest(at: now, into: &actions)
            return actions
        }
        prices[index] = price
        didBid[index] = item.isBidder
        if case .waterfall(.learned, _, _) = item.mode {
            learned[index].observeFill(priceMicros: price.micros, smoothing: placement.learning.smoothing, at: now)
        }
        if fill.isExcludedCreative {
            states[index] = .excludedCreative
            actions.append(.discard(lineItem: index))
        } else if price.micros < floors[index] {
            states[index] = .belowFloor
            actions.append(.discard(lineItem: index))
        } else {
            states[index] = .filled
            fills[index] = fill
            filledAt[index] = now
        }
        continueRequest(at: now, into: &actions)
        return actions
    }

    /// A line item failed: `noFill`, `timeout` or any other error. Late failures are ignored.
    public mutating func itemFailed(_ index: Int, error: AdError, at now: AdInstant) -> [MediationAction] {
        guard phase != .idle, states.indices.contains(index), states[index] == .loading else { return [] }
        var actions: [MediationAction] = []
        settle(index, at: now, into: &actions)
        let state: LineItemState =
            switch error.code {
            case .noFill: .noFill
            case .timeout: .timeout
            default: .error
            }
        fail(index, state, error, at: now, into: &actions)
        continueRequest(at: now, into: &actions)
        return actions
    }

    /// A timer the machine asked for fired. Stale timers (of an earlier request, or for an item that answered)
    /// are ignored.
    public mutating func timerFired(
        _ timer: MediationTimer, at now: AdInstant, context: MediationContext
    ) -> [MediationAction] {
        switch timer.kind {
        case .itemTimeout(let index):
            guard phase != .idle, timer.request == request, states.indices.contains(index), states[index] == .loading
            else { return [] }
            var actions: [MediationAction] = []
            latencies[index] = startedAt[index].map { $0.duration(to: now) }
            let item = placement.lineItems[index]
            let error = AdError(
                .timeout, "'\(item.id)' (\(item.providerID)) did not answer within \(item.timeout.seconds) s.",
                providerID: item.providerID, hint: "Raise the line item's timeoutSeconds, or check the provider.")
            fail(index, .timeout, error, at: now, into: &actions)
            continueRequest(at: now, into: &actions)
            return actions
        case .auctionDeadline:
            guard phase == .auction, timer.request == request else { return [] }
            var actions: [MediationAction] = []
            for index in bidders where states[index] == .loading {
                latencies[index] = startedAt[index].map { $0.duration(to: now) }
                let item = placement.lineItems[index]
                let error = AdError(
                    .timeout,
                    "Bidder '\(item.id)' did not bid within the auction deadline of "
                        + "\(placement.auction.deadline.seconds) s.",
                    providerID: item.providerID, hint: "Raise auction.deadlineSeconds, or check the bidder.")
                if item.timeout < placement.auction.deadline {
                    actions.append(.cancelTimer(MediationTimer(kind: .itemTimeout(index), request: request)))
                }
                fail(index, .timeout, error, at: now, into: &actions)
            }
            pendingBidders = 0
            endAuction(at: now, into: &actions)
            return actions
        case .retry:
            guard retryPending, timer.request == request else { return [] }
            retryPending = false
            return startRequest(at: now, context: context)
        case .expiry:
            guard let ready, ready.request == timer.request, isExpired(ready, at: now) else { return [] }
            return expireReady()
        case .preload:
            guard timer.request == request else { return [] }
            return startRequest(at: now, context: context)
        }
    }

    /// Takes the ready ad to show it. Fails with `notReady` when there is none, `expired` when it outlived its
    /// time-to-live (it is dropped, rule G10), `capped`/`paced` when caps or pacing block an impression now (the
    /// ad stays ready). With `preload`, a timer for the next request comes with a taken or expired ad.
    public mutating func take(at now: AdInstant, context: MediationContext) -> MediationTake {
        guard let ready else {
            return MediationTake(
                result: .failure(
                    AdError(
                        .notReady, "Placement '\(placement.id)' has no ad ready.",
                        hint: "Call load first and take the ad after a deliver action (Mediator.isReady).")),
                actions: [])
        }
        if isExpired(ready, at: now) {
            let error = AdError(
                .expired, "The ad of '\(ready.lineItemID)' for '\(placement.id)' expired at \(ready.expiresAt ?? now).",
                providerID: ready.providerID, hint: "Show ads sooner after loading, or enable preload.")
            return MediationTake(result: .failure(error), actions: expireReady())
        }
        if let block = history.block(at: now) ?? context.appBlock {
            let error = AdError(
                block.reason == .capped ? .capped : .paced, "Placement '\(placement.id)' is \(block).",
                hint: "Show the ad after the time given; it stays ready.")
            return MediationTake(result: .failure(error), actions: [])
        }
        self.ready = nil
        var actions: [MediationAction] = []
        if ready.expiresAt != nil { actions.append(.cancelTimer(MediationTimer(kind: .expiry, request: ready.request))) }
        if placement.preload { actions.append(.startTimer(MediationTimer(kind: .preload, request: request), at: now)) }
        return MediationTake(result: .success(ready), actions: actions)
    }

    /// A shown ad's impression counted: it counts against the placement's caps and pacing; returns the
    /// impression-level revenue event.
    public mutating func impressionRecorded(_ delivery: MediationDelivery, at now: AdInstant) -> RevenueEvent {
        history.record(at: now)
        return RevenueEvent(
            providerID: delivery.providerID, placementID: placement.id, lineItemID: delivery.lineItemID,
            adUnitID: delivery.adUnitID, revenue: delivery.price, at: now)
    }

    /// Starts a new session: per-session caps count from zero.
    public mutating func startNewSession() { history.startNewSession() }

    /// Why caps or pacing block an impression of this placement now, if they do.
    public func controlBlock(at now: AdInstant) -> ControlBlock? { history.block(at: now) }

    // MARK: Request steps

    private func expectedPrice(_ index: Int) -> Int64 {
        if case .waterfall(.learned, _, _) = placement.lineItems[index].mode {
            return Int64(learned[index].estimateMicros.rounded())
        }
        return configuredPrices[index]
    }

    private func currentOrder(explore: Bool) -> [Int] {
        guard !learnedItems.isEmpty else { return staticOrder }
        let current = configuredPrices.indices.map { expectedPrice($0) }
        var order = WaterfallOrder.sorted(staticOrder, prices: current, priorities: priorities)
        if explore,
            let stalest = learnedItems.min(by: {
                (learned[$0].lastObservedAt ?? AdInstant(sinceEpoch: .seconds(Int64.min / 4)), $0)
                    < (learned[$1].lastObservedAt ?? AdInstant(sinceEpoch: .seconds(Int64.min / 4)), $1)
            }),
            let position = order.firstIndex(of: stalest)
        {
            order.remove(at: position)
            order.insert(stalest, at: 0)
        }
        return order
    }

    private mutating func startLoading(
        _ index: Int, timeout: Duration, at now: AdInstant, into actions: inout [MediationAction], timer: Bool = true
    ) {
        let item = placement.lineItems[index]
        states[index] = .loading
        startedAt[index] = now
        actions.append(
            .load(
                LineItemLoad(
                    index: index, lineItemID: item.id, providerID: item.providerID, adUnitID: item.adUnitID,
                    format: placement.format, placementID: placement.id, timeout: timeout)))
        if timer {
            actions.append(
                .startTimer(MediationTimer(kind: .itemTimeout(index), request: request), at: now.advanced(by: timeout)))
        }
    }

    /// Records the latency of an answer and cancels the item's own timer.
    private mutating func settle(_ index: Int, at now: AdInstant, into actions: inout [MediationAction]) {
        latencies[index] = startedAt[index].map { $0.duration(to: now) }
        let item = placement.lineItems[index]
        if !item.isBidder || item.timeout < placement.auction.deadline {
            actions.append(.cancelTimer(MediationTimer(kind: .itemTimeout(index), request: request)))
        }
    }

    private mutating func fail(
        _ index: Int, _ state: LineItemState, _ error: AdError, at now: AdInstant,
        into actions: inout [MediationAction]
    ) {
        states[index] = state
        errors[index] = error
        if learnedItems.contains(index) {
            learned[index].observeMiss(smoothing: placement.learning.smoothing, at: now)
        }
        actions.append(.discard(lineItem: index))
    }

    private mutating func continueRequest(at now: AdInstant, into actions: inout [MediationAction]) {
        switch phase {
        case .auction:
            pendingBidders = bidders.reduce(0) { $0 + (states[$1] == .loading ? 1 : 0) }
            if pendingBidders == 0 {
                actions.append(.cancelTimer(MediationTimer(kind: .auctionDeadline, request: request)))
                endAuction(at: now, into: &actions)
            }
        case .waterfall:
            resolveTier(at: now, into: &actions)
        case .idle:
            break
        }
    }

    private mutating func endAuction(at now: AdInstant, into actions: inout [MediationAction]) {
        var bids: [(index: Int, micros: Int64)] = []
        for index in bidders where states[index] == .filled {
            if let price = prices[index] { bids.append((index, price.micros)) }
        }
        let floor = placement.floorMicros
        guard
            let outcome = Auction.resolve(
                bids: bids, floor: bids.isEmpty ? floor : floors[bids[0].index], pricing: placement.auction.pricing)
        else {
            if placement.strategy == .bidding {
                finishWithoutAd(at: now, into: &actions)
            } else {
                phase = .waterfall
                advanceWaterfall(at: now, into: &actions)
            }
            return
        }
        // The second price may not drop below the winner's own floor.
        var clearing = outcome.clearingMicros
        if placement.auction.pricing == .secondPrice { clearing = max(clearing, floors[outcome.winner]) }
        clearing = min(clearing, outcome.bidMicros)
        for (index, _) in bids where index != outcome.winner {
            states[index] = .outbid
            actions.append(.discard(lineItem: index))
        }
        let bid = prices[outcome.winner]
        let clearingPrice = Revenue(micros: clearing, currency: currency, precision: bid?.precision ?? .exact)
        if placement.strategy == .bidding {
            prices[outcome.winner] = clearingPrice
            deliver(outcome.winner, price: clearingPrice, at: now, into: &actions)
        } else {
            winningBid = (outcome.winner, clearingPrice)
            phase = .waterfall
            advanceWaterfall(at: now, into: &actions)
        }
    }

    private mutating func advanceWaterfall(at now: AdInstant, into actions: inout [MediationAction]) {
        tier.removeAll(keepingCapacity: true)
        while cursor < order.count && tier.count < tierSize {
            let index = order[cursor]
            let price = expectedPrice(index)
            if let winningBid, price <= winningBid.clearing.micros { break }
            cursor += 1
            if price < floors[index] {
                states[index] = .belowFloor
                continue
            }
            tier.append(index)
        }
        if tier.isEmpty {
            if let winningBid {
                prices[winningBid.index] = winningBid.clearing
                deliver(winningBid.index, price: winningBid.clearing, at: now, into: &actions)
            } else {
                finishWithoutAd(at: now, into: &actions)
            }
            return
        }
        for index in tier { startLoading(index, timeout: placement.lineItems[index].timeout, at: now, into: &actions) }
    }

    private mutating func resolveTier(at now: AdInstant, into actions: inout [MediationAction]) {
        var winner: Int?
        for index in tier {
            switch states[index] {
            case .loading: return  // an item placed earlier may still fill
            case .filled: winner = index
            default: continue
            }
            if winner != nil { break }
        }
        guard let winner, let price = prices[winner] else {
            advanceWaterfall(at: now, into: &actions)
            return
        }
        for index in tier where index != winner && (states[index] == .loading || states[index] == .filled) {
            if states[index] == .loading {
                actions.append(.cancelTimer(MediationTimer(kind: .itemTimeout(index), request: request)))
            }
            states[index] = .outbid
            actions.append(.discard(lineItem: index))
        }
        if let winningBid {
            states[winningBid.index] = .outbid
            actions.append(.discard(lineItem: winningBid.index))
        }
        deliver(winner, price: price, at: now, into: &actions)
    }

    private mutating func deliver(_ index: Int, price: Revenue, at now: AdInstant, into actions: inout [MediationAction]) {
        phase = .idle
        let item = placement.lineItems[index]
        let fill = fills[index] ?? LineItemFill(price: price)
        var expiresAt = fill.expiresAt
        if let ttl = timeToLive[index] {
            let policy = filledAt[index].advanced(by: ttl)
            expiresAt = expiresAt.map { min($0, policy) } ?? policy
        }
        let delivery = MediationDelivery(
            placementID: placement.id, index: index, lineItemID: item.id, providerID: item.providerID,
            adUnitID: item.adUnitID, price: price, creativeIDs: fill.creativeIDs, expiresAt: expiresAt,
            request: request, report: report(at: now))
        ready = delivery
        attempt = 0
        actions.append(.deliver(delivery))
        if let expiresAt { actions.append(.startTimer(MediationTimer(kind: .expiry, request: request), at: expiresAt)) }
    }

    private mutating func finishWithoutAd(at now: AdInstant, into actions: inout [MediationAction]) {
        phase = .idle
        let error = AdError(
            .noFill, "No line item of '\(placement.id)' filled (\(placement.lineItems.count) asked or skipped).",
            hint: "See the report's line items; add demand or lower the floor.")
        if attempt < placement.retry.maxAttempts {
            let retryAt = now.advanced(by: placement.retry.delay(beforeRetry: attempt + 1))
            actions.append(.fail(report(at: now, error: error, nextRetryAt: retryAt)))
            actions.append(.startTimer(MediationTimer(kind: .retry, request: request), at: retryAt))
            retryPending = true
            attempt += 1
        } else {
            actions.append(.fail(report(at: now, error: error)))
            attempt = 0
        }
    }

    private func isExpired(_ delivery: MediationDelivery, at now: AdInstant) -> Bool {
        guard let expiresAt = delivery.expiresAt else { return false }
        return now >= expiresAt
    }

    private mutating func expireReady() -> [MediationAction] {
        guard let ready else { return [] }
        self.ready = nil
        var actions: [MediationAction] = [.expired(ready)]
        if placement.preload {
            actions.append(
                .startTimer(
                    MediationTimer(kind: .preload, request: request),
                    at: ready.expiresAt ?? requestStart))
        }
        return actions
    }
}

/// The outcome of ``MediationStateMachine/take(at:context:)``: the ad (or why not) and the actions to perform.
///
/// ```swift
/// let take = machine.take(at: now, context: context)
/// perform(take.actions)
/// let delivery = try take.result.get()
/// ```
public struct MediationTake: Sendable {
    /// The ad to show, or why there is none.
    public var result: Result<MediationDelivery, AdError>
    /// What the driver must do (cancel the expiry timer, start preloading, destroy an expired ad).
    public var actions: [MediationAction]
}
