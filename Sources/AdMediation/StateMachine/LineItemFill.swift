public import AdCore

/// What a provider loaded for a line item, as the driver reports it to the state machine.
///
/// ```swift
/// let fill = LineItemFill(info: ad.info, isExcludedCreative: false)
/// ```
public struct LineItemFill: Sendable, Hashable {
    /// The price the provider reported (a bid's price), in micros per impression; `nil` when it reported none.
    public var priceMicros: Int64?
    /// The currency of ``priceMicros``.
    public var currency: String
    /// How the provider knows the price.
    public var precision: Revenue.Precision
    /// The creatives loaded.
    public var creativeIDs: [String]
    /// When the provider says the ad expires, if it does.
    public var expiresAt: AdInstant?
    /// Whether a creative is shown or held by another placement (from the placement ledger, rule Y18).
    public var isExcludedCreative: Bool

    /// Creates a fill.
    public init(
        price: Revenue?, creativeIDs: [String] = [], expiresAt: AdInstant? = nil, isExcludedCreative: Bool = false
    ) {
        self.priceMicros = price?.micros
        self.currency = price?.currency ?? ""
        self.precision = price?.precision ?? .unknown
        self.creativeIDs = creativeIDs
        self.expiresAt = expiresAt
        self.isExcludedCreative = isExcludedCreative
    }

    /// A fill from a loaded ad's info.
    public init(info: LoadedAdInfo, isExcludedCreative: Bool) {
        self.init(
            price: info.revenue, creativeIDs: info.creativeIDs, expiresAt: info.expiresAt,
            isExcludedCreative: isExcludedCreative)
    }

    /// The price the provider reported, if any.
    public var price: Revenue? {
        priceMicros.map { Revenue(micros: $0, currency: currency, precision: precision) }
    }
}
