@_spi(AdBridgeInternal) import AdCore
import AdMediation

extension UserSimulation {
    // MARK: Impressions and clicks

    /// Counts an ad the app took and watches its impressions and clicks. `clickTargets` are the call-to-action
    /// nodes by component ID ("" for the ad itself): the first impression of a part with one draws the click.
    func took(_ mediated: MediatedAd, clickTargets: [String: HostNodeID]) {
        server.adTaken(mediated.placementID)
        let provider = mediated.ad.providerID.rawValue
        let placement = mediated.placementID
        count(placement, provider) { $0.used += 1 }
        let format = mediated.ad.request.format
        let ad = mediated.ad
        let price = mediated.price.micros
        ad.onEvent { [weak self, weak ad] event in
            guard let self, let ad else { return }
            switch event {
            case .impression(let data):
                if shownAds.insert(ad.id).inserted {
                    count(placement, provider) { $0.impressions += 1 }
                    shownPriceMicros[FastTierCalibration.Key(placement: placement, provider: provider), default: 0] +=
                        price
                    let elapsed = sinceSessionStart(driver.now)
                    tally.updateTimeline(variant) { $0.recordImpression(at: elapsed) }
                }
                if let target = clickTargets[data.component ?? ""], clickDrawn.insert(ad.id).inserted {
                    clickMaybe(ad, format: format, on: target)
                }
            case .click:
                count(placement, provider) { $0.clicks += 1 }
            default:
                break
            }
        }
    }

    /// The fast tier's use of an ad: counted as used, as ``took(_:clickTargets:)`` counts it, then whether it is
    /// shown and clicked drawn from its placement's and provider's calibrated rates (``FastTierCalibration``), each its own keyed
    /// draw on the ad's number among the user's ads used; a shown ad earns its price times the pilot's revenue per
    /// price, booked when it is used.
    func tookFast(_ choice: MediatedChoice) {
        server.adTaken(choice.placementID)
        let placement = choice.placementID
        let provider = choice.providerID.rawValue
        count(placement, provider) { $0.used += 1 }
        let number = fastTierUsed
        fastTierUsed += 1
        guard let rate = fastRates?[FastTierCalibration.Key(placement: placement, provider: provider)],
            draws.happens(probability: rate.showRate, DrawKey(user: user, request: number, purpose: .fastTierShown))
        else { return }
        let revenue = CheckedConversion.saturatingInt64(Double(choice.price.micros) * rate.revenuePerPrice)
        let elapsed = sinceSessionStart(driver.now)
        count(placement, provider) { row in
            row.impressions += 1
            row.revenueMicros += revenue
        }
        tally.updateTimeline(variant) { timeline in
            timeline.recordImpression(at: elapsed)
            timeline.recordRevenue(revenue, at: elapsed)
        }
        if draws.happens(probability: rate.clickRate, DrawKey(user: user, request: number, purpose: .fastTierClicked)) {
            count(placement, provider) { $0.clicks += 1 }
        }
    }

    /// Clicks a just-shown ad's call-to-action (a slider's first shown card's) with the format's click-through rate.
    /// Presented full-screen ads have no click view in the host's tree; they are not clicked.
    private func clickMaybe(_ ad: UnifiedAd, format: AdFormat, on target: HostNodeID) {
        let rate = validated.scenario.users.clickThroughRate[format] ?? 0
        let key = DrawKey(user: user, request: impressionCount, purpose: .click)
        impressionCount += 1
        guard rate > 0, draws.happens(probability: rate, key) else { return }
        ad.click(on: target)
    }

    // MARK: Counting

    private func count(_ placement: String, _ provider: String, _ change: (inout TallyRow) -> Void) {
        counts.update(placement: placement, provider: "", change)
        counts.update(placement: placement, provider: provider, change)
    }

    func record(_ event: MediationEvent) {
        switch event {
        case .requestStarted(let placement, _, _):
            let (request, best) = server.startRequest(placement, oracle: oracle)
            pending.set(placement, to: (request, best, session, sinceSessionStart(driver.now)))
        case .requestFinished(let report):
            finished(report)
        case .revenue(let paid):
            count(paid.placementID, paid.providerID.rawValue) { $0.revenueMicros += paid.revenue.micros }
            let elapsed = sinceSessionStart(driver.now)
            tally.updateTimeline(variant) { $0.recordRevenue(paid.revenue.micros, at: elapsed) }
        case .expired:
            break
        }
    }

    private func finished(_ report: MediationReport) {
        let placement = report.placementID
        let started = pending.remove(placement)
        let best = started?.best
        let prices = winnerPrices(report, request: started?.request ?? 0)
        // Each item's fields are read in place from the report (its `items` builds a line item report, strings,
        // error and consent, for every item) and only flags are captured: a copy of a report (each of its strings
        // retained and released) per item and per closure was a tenth of the fast tier's reference counting. The
        // placement's row takes the items' sums in one update after them, not one per item.
        var outcomes = TallyRow()
        for index in 0..<report.itemCount {
            let provider = report.providerID(ofItem: index).rawValue
            let state = report.state(ofItem: index)
            let below = Self.answeredBelowFloor(state, priced: report.isPriced(item: index))
            let asked = Self.wasAsked(state, answeredBelowFloor: below)
            let filled = Self.hasFilled(state)
            counts.update(placement: placement, provider: provider) { row in
                if asked { row.requests += 1 }
                if filled { row.fills += 1 }
                Self.countOutcome(state, answeredBelowFloor: below, in: &row)
            }
            Self.countOutcome(state, answeredBelowFloor: below, in: &outcomes)
        }
        counts.update(placement: placement, provider: "") { row in
            row.requests += 1
            row.belowFloor += outcomes.belowFloor
            row.timeouts += outcomes.timeouts
            row.errors += outcomes.errors
            row.exclusions += outcomes.exclusions
            if let best {
                row.oraclePriceMicros += best.priceMicros
                row.oracleTimeToAd.record(best.latency)
            }
            if let prices {
                row.fills += 1
                row.bidPriceMicros += prices.bid
                row.paidPriceMicros += prices.paid
                row.timeToAd.record(report.startedAt.duration(to: report.finishedAt))
            }
        }
        if let onRequest {
            let started = started ?? (0, nil, session, sinceSessionStart(report.startedAt))
            onRequest(requestRecord(report, items: report.items, started: started, prices: prices))
        }
    }

    /// The winner's bid (market) price and the price it pays, nil without a winner. The bid is its market price on
    /// the request's draws (what the oracle compares), whatever the provider reported to mediation (IFLY and Yandex
    /// report none: mediation books the configured price). A bidder pays what its auction charged (the clearing
    /// price: its bid under first price, the next bid or its floor under second price); a waterfall winner pays
    /// its market price, its realised price.
    private func winnerPrices(_ report: MediationReport, request: UInt64) -> (bid: Int64, paid: Int64)? {
        guard let winner = report.winner else { return nil }
        let placement = report.placementID
        let kept = server.keptDraw(placement: placement, lineItem: winner, request: request)
        let drawn =
            kept
            ?? server.market.boxed(placement: placement, lineItem: winner).map {
                server.draw($0, request: request)
            }
        let bid = drawn?.priceMicros ?? report.price?.micros ?? 0
        let paid = report.winnerIsBidder ? report.price?.micros ?? bid : bid
        return (bid, paid)
    }

    /// Whether a line item in `state` counts as asked for an ad: mediation loaded it, whatever it answered (an ad
    /// priced under the floor too, `answeredBelowFloor`: it was asked and answered). Not asked: not reached, a
    /// waterfall item skipped by its configured price under the floor, capped, its provider not started, or
    /// excluded by the request's privacy signals. Every state is named, so a new one must be placed here.
    private static func wasAsked(_ state: LineItemState, answeredBelowFloor: Bool) -> Bool {
        switch state {
        case .loading, .filled, .noFill, .error, .timeout, .outbid, .excludedCreative: true
        case .belowFloor: answeredBelowFloor
        case .notAttempted, .capped, .notReady, .excludedByPrivacy: false
        }
    }

    /// Counts a line item's outcome in a row: answered under the floor, timed out, failed, or its creative excluded.
    private static func countOutcome(_ state: LineItemState, answeredBelowFloor below: Bool, in row: inout TallyRow) {
        if below { row.belowFloor += 1 }
        if state == .timeout { row.timeouts += 1 }
        if state == .error { row.errors += 1 }
        if state == .excludedCreative { row.exclusions += 1 }
    }

    /// ``wasAsked(_:answeredBelowFloor:)`` of a line item's report.
    private static func wasAsked(_ item: LineItemReport) -> Bool {
        wasAsked(item.state, answeredBelowFloor: answeredBelowFloor(item))
    }

    /// Whether a line item in `state` answered with an ad priced under its floor: `belowFloor` with a price
    /// (`priced`), which mediation records only for an answer. A waterfall item skipped by its configured price is
    /// `belowFloor` without one. The counting loop passes the fields it read in place, not a copy of the report.
    private static func answeredBelowFloor(_ state: LineItemState, priced: Bool) -> Bool {
        state == .belowFloor && priced
    }

    /// ``answeredBelowFloor(_:priced:)`` of a line item's report.
    private static func answeredBelowFloor(_ item: LineItemReport) -> Bool {
        answeredBelowFloor(item.state, priced: item.price != nil)
    }

    /// Whether a line item in `state` answered with an ad (whether or not it won). Every state is named.
    private static func hasFilled(_ state: LineItemState) -> Bool {
        switch state {
        case .filled, .outbid, .excludedCreative: true
        case .notAttempted, .loading, .noFill, .error, .timeout, .belowFloor, .capped, .notReady, .excludedByPrivacy:
            false
        }
    }

    private func sinceSessionStart(_ instant: AdInstant) -> Duration {
        sessionStart.map { $0.duration(to: instant) } ?? .zero
    }

    /// The record of a finished request, for ``onRequest``. A request without an ad whose items answered under
    /// the floor ends `belowFloor`, not `noFill`: an ad was offered and the floor refused it.
    private func requestRecord(
        _ report: MediationReport, items: [LineItemReport], started: Started, prices: (bid: Int64, paid: Int64)?
    ) -> SimulatedRequestRecord {
        let best = started.best
        let winner = report.winner
        let duration = report.startedAt.duration(to: report.finishedAt).wholeMilliseconds
        let belowFloor = items.count(where: Self.answeredBelowFloor)
        let outcome =
            winner != nil ? "filled" : belowFloor > 0 ? "belowFloor" : report.error?.code.rawValue ?? "noFill"
        return SimulatedRequestRecord(
            variant: variant, user: user, session: started.session, placement: report.placementID,
            requestKey: started.request,
            winnerLineItem: winner,
            winnerProvider: winner.flatMap { id in items.first { $0.lineItemID == id }?.providerID.rawValue },
            outcome: outcome, bidPriceMicros: prices?.bid, paidPriceMicros: prices?.paid,
            reportedPriceMicros: winner == nil ? nil : report.price?.micros, oracleLineItem: best?.lineItem,
            oraclePriceMicros: best?.priceMicros, durationMs: duration, timeToAdMs: winner == nil ? nil : duration,
            oracleLatencyMs: best.map { $0.latency.wholeMilliseconds },
            startedAtMs: started.startedAt.wholeMilliseconds,
            itemsAsked: items.count(where: Self.wasAsked), belowFloor: belowFloor,
            timeouts: items.count { $0.state == .timeout }, errors: items.count { $0.state == .error })
    }
}
