/// The counts of one row of a simulation report (a strategy's total, a placement, or a provider within a
/// placement): sums and histograms only, nothing per request, so rows of partial runs merge exactly.
///
/// ```swift
/// var row = TallyRow()
/// row.requests += 1; row.fills += 1; row.timeToAd.record(.milliseconds(240))
/// print(row.fillRate, row.timeToAd.percentile(0.5) ?? 0)
/// ```
public struct TallyRow: Sendable, Equatable, Codable {
    /// Requests: mediation requests for a placement row; line items asked for a provider row (loaded, answered or
    /// not, including those that answered under the floor).
    public var requests: UInt64 = 0
    /// Fills: requests with a winner; for a provider row, its line items that filled (won, outbid or excluded).
    public var fills: UInt64 = 0
    /// Ads taken into a cell or presented (what the app used of the fills).
    public var used: UInt64 = 0
    /// Line items asked that answered with an ad priced under their floor (asked, neither a fill nor skipped).
    public var belowFloor: UInt64 = 0
    /// Ads whose impression counted (once per ad, whichever part counted first).
    public var impressions: UInt64 = 0
    /// Valid clicks.
    public var clicks: UInt64 = 0
    /// Impression revenue, in micros.
    public var revenueMicros: Int64 = 0
    /// Line items that timed out.
    public var timeouts: UInt64 = 0
    /// Line items that answered with an error.
    public var errors: UInt64 = 0
    /// Line items whose fill was refused because another placement shows or holds the creative (rule Y18).
    public var exclusions: UInt64 = 0
    /// The winners' bid (market) prices, summed over the filled requests, in micros: what the market drew for the
    /// winning item on the request's key.
    public var bidPriceMicros: Int64 = 0
    /// The prices the winners paid, summed, in micros: an auction winner's clearing price (its bid under first
    /// price, the next bid or its floor under second price), a waterfall winner's market price.
    public var paidPriceMicros: Int64 = 0
    /// The oracle's best price for the same requests, summed, in micros (the oracle's revenue).
    public var oraclePriceMicros: Int64 = 0
    /// Time to ad of the filled requests (start to finish).
    public var timeToAd = LatencyHistogram()
    /// The oracle's time to ad of the requests it fills (its best item's latency alone).
    public var oracleTimeToAd = LatencyHistogram()

    /// An empty row.
    public init() {}

    /// Adds another row's counts.
    ///
    /// Field by field rather than through the lists of its counts, amounts and histograms: every user's rows are
    /// merged into the run's when it ends, and each of those lists is built, and each key path applied, on every
    /// call (a test fills every field and checks the merge doubles each).
    public mutating func merge(_ other: TallyRow) {
        requests += other.requests
        fills += other.fills
        used += other.used
        belowFloor += other.belowFloor
        impressions += other.impressions
        clicks += other.clicks
        timeouts += other.timeouts
        errors += other.errors
        exclusions += other.exclusions
        revenueMicros += other.revenueMicros
        bidPriceMicros += other.bidPriceMicros
        paidPriceMicros += other.paidPriceMicros
        oraclePriceMicros += other.oraclePriceMicros
        timeToAd.merge(other.timeToAd)
        oracleTimeToAd.merge(other.oracleTimeToAd)
    }

    /// Every count of the row (a partial result's are range-checked before merging).
    static var counts: [WritableKeyPath<TallyRow, UInt64>] {
        [\.requests, \.fills, \.used, \.belowFloor, \.impressions, \.clicks, \.timeouts, \.errors, \.exclusions]
    }
    /// Every amount of money of the row, in micros.
    static var amounts: [WritableKeyPath<TallyRow, Int64>] {
        [\.revenueMicros, \.bidPriceMicros, \.paidPriceMicros, \.oraclePriceMicros]
    }
    /// Every histogram of the row.
    static var histograms: [WritableKeyPath<TallyRow, LatencyHistogram>] { [\.timeToAd, \.oracleTimeToAd] }

    /// Whether every count, amount and histogram count is at most `limit` in size, so that adding up to
    /// `limit.max / limit` such rows cannot overflow.
    func isBounded(by limit: UInt64) -> Bool {
        Self.counts.allSatisfy { self[keyPath: $0] <= limit }
            && Self.amounts.allSatisfy { self[keyPath: $0].magnitude <= limit }
            && Self.histograms.allSatisfy { self[keyPath: $0].count <= limit }
    }

    /// What no run can count, or `nil`: more fills than requests, more ads used than fills, more impressions than
    /// ads used, more clicks than impressions, a negative amount. A merge refuses a partial holding such a row (a
    /// file changed by hand or damaged).
    var inconsistency: String? {
        if fills > requests { return "\(fills) fills of \(requests) requests" }
        if used > fills { return "\(used) ads used of \(fills) fills" }
        if impressions > used { return "\(impressions) impressions of \(used) ads used" }
        if clicks > impressions { return "\(clicks) clicks of \(impressions) impressions" }
        if let amount = Self.amounts.first(where: { self[keyPath: $0] < 0 }) {
            return "a negative amount (\(self[keyPath: amount]) micros)"
        }
        return nil
    }

    /// ``fillRate``, or `nil` without requests: a rate of nothing, which the report prints as "n/a" (null in
    /// JSON and CSV). The same for ``definedShowRate`` (ads used), ``definedClickThroughRate`` and
    /// ``definedECPMMicros`` (impressions).
    public var definedFillRate: Double? { requests == 0 ? nil : fillRate }
    /// ``showRate``, or `nil` without ads used.
    public var definedShowRate: Double? { used == 0 ? nil : showRate }
    /// ``clickThroughRate``, or `nil` without impressions.
    public var definedClickThroughRate: Double? { impressions == 0 ? nil : clickThroughRate }
    /// ``eCPMMicros``, or `nil` without impressions.
    public var definedECPMMicros: Double? { impressions == 0 ? nil : eCPMMicros }

    /// Fills per request, 0 without requests.
    public var fillRate: Double { ratio(fills, requests) }
    /// Impressions per ad used, 0 without ads used (a refill never used was never offered to the user).
    public var showRate: Double { ratio(impressions, used) }
    /// Fills never used (placement rows): refills still waiting when a session ended, ads that expired.
    public var unused: UInt64 { fills > used ? fills - used : 0 }
    /// Clicks per impression.
    public var clickThroughRate: Double { ratio(clicks, impressions) }
    /// Revenue per 1,000 impressions, in micros (revenue × 1000 / impressions).
    public var eCPMMicros: Double { impressions == 0 ? 0 : Double(revenueMicros) * 1_000 / Double(impressions) }
    /// The prices paid as a share of the oracle's revenue on the same requests; nil when the oracle earns nothing
    /// (no yield to speak of, reported as "n/a").
    public var yield: Double? {
        oraclePriceMicros == 0 ? nil : Double(paidPriceMicros) / Double(oraclePriceMicros)
    }

    private func ratio(_ part: UInt64, _ whole: UInt64) -> Double { whole == 0 ? 0 : Double(part) / Double(whole) }
}
