public import AdCore

/// What one request did, like MAX's waterfall info: every line item's state, bid, price, latency and error; the
/// ad chosen and its price; or the error and when the next retry runs. Prints as a table for logs and demos.
///
/// ```swift
/// mediator.onEvent { event in
///     if case .requestFinished(let report) = event { print(report) }
/// }
/// // level-end #1 (hybrid) t=0.000s → t=1.200s: filled by google-bid at $4.200 eCPM (exact)
/// //   google-bid   google  bidder     filled      bid  $4.200  1200 ms
/// //   yandex-high  yandex  waterfall  noFill           $5.000   300 ms  noFill
/// ```
public struct MediationReport: Sendable, Equatable, CustomStringConvertible {
    /// The request's number for this placement (1-based).
    public let requestNumber: Int
    /// When the request started.
    public let startedAt: AdInstant
    /// When it ended.
    public let finishedAt: AdInstant
    /// What the chosen ad is worth per impression (the clearing price for second-price auctions).
    public let price: Revenue?
    /// Why the request ended without an ad.
    public let error: AdError?
    /// Which retry this request was (0: the first request).
    public let retryAttempt: Int
    /// When the next retry runs, when one is scheduled.
    public let nextRetryAt: AdInstant?
    let plan: PlacementPlan
    let outcomes: [ItemOutcome]
    let errors: [ItemError]
    let winnerIndex: Int?
    /// The providers of the report's test line items (H9); set by the ``Mediator``.
    public internal(set) var testProviders: Set<ProviderID> = []
    /// The line items whose requests were test traffic (H9, Y16), by ID; set by the ``Mediator``.
    var testLineItems: Set<String> = []
    /// The consent decision of each line item asked, by line item index (nil: not asked; empty: none was) (H14);
    /// set by the ``Mediator``.
    var consents: [ConsentDecision?] = []

    init(
        plan: PlacementPlan, outcomes: [ItemOutcome], errors: [ItemError], requestNumber: Int, startedAt: AdInstant,
        finishedAt: AdInstant,
        winnerIndex: Int?, price: Revenue?, error: AdError?, retryAttempt: Int, nextRetryAt: AdInstant?
    ) {
        self.plan = plan
        self.outcomes = outcomes
        self.errors = errors
        self.requestNumber = requestNumber
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.winnerIndex = winnerIndex
        self.price = price
        self.error = error
        self.retryAttempt = retryAttempt
        self.nextRetryAt = nextRetryAt
    }

    /// The placement.
    public var placementID: String { plan.placement.id }
    /// The strategy used.
    public var strategy: PlacementConfiguration.Strategy { plan.placement.strategy }
    /// The line item whose ad was chosen, if any.
    public var winner: String? { winnerIndex.map { plan.placement.lineItems[$0].id } }

    /// Every line item, in configuration order.
    public var items: [LineItemReport] { plan.placement.lineItems.indices.map(itemReport) }

    private func itemReport(_ index: Int) -> LineItemReport {
        let item = plan.placement.lineItems[index]
        let outcome = outcomes[index]
        return LineItemReport(
            lineItemID: item.id, providerID: item.providerID, adUnitID: item.adUnitID, isBidder: item.isBidder,
            state: outcome.state, didBid: outcome.didBid, price: outcome.price(in: plan.currency),
            latency: outcome.latency,
            error: errors.last { $0.index == index }?.error,
            isTest: !testLineItems.isEmpty && testLineItems.contains(item.id),
            consent: consents.indices.contains(index) ? consents[index] : nil)
    }

    /// The number of line items: the count of ``items``, without building them.
    package var itemCount: Int { plan.placement.lineItems.count }

    /// The provider of the line item at `index` (configuration order), read in place: a counter that reads a few
    /// fields of every item of every request builds no ``LineItemReport`` (its strings, error and consent).
    package func providerID(ofItem index: Int) -> ProviderID { plan.placement.lineItems[index].providerID }

    /// The state of the line item at `index`, read in place (see ``providerID(ofItem:)``).
    package func state(ofItem index: Int) -> LineItemState { outcomes[index].state }

    /// Whether the line item at `index` has a price (its ``LineItemReport/price`` is not nil), read in place.
    package func isPriced(item index: Int) -> Bool { outcomes[index].priceMicros != nil }

    /// Whether the chosen line item is a bidder; false without one.
    package var winnerIsBidder: Bool { winnerIndex.map { plan.placement.lineItems[$0].isBidder } ?? false }

    /// Whether any of its line items' requests was test traffic (H9, Y16): the report is a test report.
    public var isTest: Bool { !testProviders.isEmpty }

    /// The report of one line item.
    public func item(_ id: String) -> LineItemReport? {
        plan.placement.lineItems.firstIndex { $0.id == id }.map(itemReport)
    }

    /// The state of one line item.
    public func state(of id: String) -> LineItemState? {
        plan.placement.lineItems.firstIndex { $0.id == id }.map { outcomes[$0].state }
    }

    /// A header line and one aligned line per item.
    public var description: String {
        var head =
            (isTest ? "[test] " : "")
            + "\(placementID) #\(requestNumber) (\(strategy.rawValue)) \(startedAt) → \(finishedAt): "
        if let winner {
            head += "filled by \(winner)" + (price.map { " at \(Self.format($0))" } ?? "")
        } else {
            head += "no ad (\(error?.code.rawValue ?? "unknown"))"
            if let nextRetryAt { head += ", retry #\(retryAttempt + 1) at \(nextRetryAt)" }
        }
        let items = self.items
        let idWidth = items.map(\.lineItemID.count).max() ?? 0
        let providerWidth = items.map(\.providerID.rawValue.count).max() ?? 0
        let lines = items.map { item in
            [
                Self.pad(item.lineItemID, idWidth), Self.pad(item.providerID.rawValue, providerWidth),
                Self.pad(item.isBidder ? "bidder" : "waterfall", 9), Self.pad(item.state.rawValue, 16),
                Self.pad(item.didBid ? "bid" : "", 3), Self.pad(item.price.map(Self.format) ?? "-", 22),
                Self.pad(
                    item.latency.map { "\(CheckedConversion.saturatingInt64($0.secondsValue * 1000)) ms" } ?? "", 9),
                item.error.map { error in
                    // Skipped items say why: the start's failure, the privacy exclusion (H3, H5, H15).
                    [.notReady, .excludedByPrivacy].contains(item.state)
                        ? "\(error.code): \(error.message)" : error.code.rawValue
                } ?? "",
                // An item asked without personalisation says why (H14).
                item.consent.map { $0.outcome == .nonPersonalised ? "(\($0))" : "" } ?? "",
            ].joined(separator: "  ").trimmingTrailingSpaces()
        }
        return ([head] + lines.map { "  " + $0 }).joined(separator: "\n")
    }

    /// `$4.200 eCPM (exact)`: micros per impression shown as an eCPM in currency units.
    static func format(_ revenue: Revenue) -> String {
        let thousandths = revenue.micros  // micros per impression = thousandths of a unit per 1000 impressions
        let units = thousandths / 1000
        let fraction = String(abs(thousandths % 1000))
        let symbol = revenue.currency == "USD" ? "$" : revenue.currency + " "
        let padded = String(repeating: "0", count: 3 - fraction.count) + fraction
        return "\(symbol)\(units).\(padded) eCPM (\(revenue.precision.rawValue))"
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
