/// The counts of one row of a simulation report (a strategy's total, a placement, or a provider within a
/// placement): sums and histograms only, nothing per request, so rows of partial runs merge exactly.
///
/// ```swift
/// var row = TallyRow()
/// row.requests += 1; row.fills += 1; row.timeToAd.record(.milliseconds(240))
/// print(row.fillRate, row.timeToAd.percentile(0.5) ?? 0)
/// ```
public struct TallyRow: Sendable, Equatable, Codable {
    /// Requests: mediation requests for a placement row; line items asked for a provider row.
    public var requests: UInt64 = 0
    /// Fills: requests with a winner; for a provider row, its line items that filled (won, outbid or excluded).
    public var fills: UInt64 = 0
    /// Ads taken into a cell or presented (what the app used of the fills).
    public var used: UInt64 = 0
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
    /// The price of the winner of every filled request, summed, in micros (the strategy's delivered value).
    public var winningPriceMicros: Int64 = 0
    /// The oracle's best price for the same requests, summed, in micros.
    public var oraclePriceMicros: Int64 = 0
    /// Time to ad of the filled requests (start to finish).
    public var timeToAd = LatencyHistogram()
    /// The oracle's time to ad of the requests it fills (its best item's latency alone).
    public var oracleTimeToAd = LatencyHistogram()

    /// An empty row.
    public init() {}

    /// Adds another row's counts.
    public mutating func merge(_ other: TallyRow) {
        requests += other.requests
        fills += other.fills
        used += other.used
        impressions += other.impressions
        clicks += other.clicks
        revenueMicros += other.revenueMicros
        timeouts += other.timeouts
        errors += other.errors
        exclusions += other.exclusions
        winningPriceMicros += other.winningPriceMicros
        oraclePriceMicros += other.oraclePriceMicros
        timeToAd.merge(other.timeToAd)
        oracleTimeToAd.merge(other.oracleTimeToAd)
    }

    /// Fills per request, 0 without requests.
    public var fillRate: Double { ratio(fills, requests) }
    /// Impressions per fill, 0 without fills.
    public var showRate: Double { ratio(impressions, fills) }
    /// Clicks per impression.
    public var clickThroughRate: Double { ratio(clicks, impressions) }
    /// Revenue per 1,000 impressions, in micros (revenue × 1000 / impressions).
    public var eCPMMicros: Double { impressions == 0 ? 0 : Double(revenueMicros) * 1_000 / Double(impressions) }
    /// The delivered value as a share of the oracle's for the same requests.
    public var yield: Double { oraclePriceMicros == 0 ? 0 : Double(winningPriceMicros) / Double(oraclePriceMicros) }

    private func ratio(_ part: UInt64, _ whole: UInt64) -> Double { whole == 0 ? 0 : Double(part) / Double(whole) }
}
