public import AdCore

/// One line item of a placement: which provider's ad unit to ask, how it is priced, its floor and its timeout.
///
/// Prices are the value of **one impression in micros** of the configuration's currency (the unit of
/// `LoadedAdInfo.revenue` and `ImpressionData.revenue`): a $2.50 eCPM is `2_500` micros per impression.
///
/// ```swift
/// let item = LineItemConfiguration(
///     id: "yandex-high", providerID: "yandex", adUnitID: "R-M-1-1",
///     mode: .waterfall(pricing: .fixed, priceMicros: 8_000, priority: 1), timeout: .seconds(5))
/// ```
public struct LineItemConfiguration: Sendable, Hashable, Codable {
    /// How a line item takes part in a request.
    ///
    /// ```swift
    /// let mode: LineItemConfiguration.Mode = .bidder
    /// ```
    public enum Mode: Sendable, Hashable {
        /// A waterfall item: tried in price order, then priority (lower first).
        case waterfall(pricing: Pricing, priceMicros: Int64, priority: Int)
        /// A real-time bidder: asked in the placement's auction; its price is its bid.
        case bidder
    }

    /// How a waterfall item's price is known.
    ///
    /// ```swift
    /// let pricing: LineItemConfiguration.Pricing = .learned
    /// ```
    public enum Pricing: String, Sendable, Hashable, Codable {
        /// The configured price, as negotiated with the network.
        case fixed
        /// Learned from observed outcomes; the configured price is the starting estimate. Ranked in the waterfall
        /// by expected revenue per request (price estimate × fill rate).
        case learned
    }

    /// The line item's ID, unique in its placement.
    public var id: String
    /// The provider that serves it.
    public var providerID: ProviderID
    /// The provider's ad unit ID.
    public var adUnitID: String
    /// Waterfall (with its price and priority) or bidder.
    public var mode: Mode
    /// The lowest price this item may be delivered at (on top of the placement's floor), in micros.
    public var floorMicros: Int64?
    /// How long the provider may take to answer.
    public var timeout: Duration

    /// Creates a line item.
    public init(
        id: String, providerID: ProviderID, adUnitID: String, mode: Mode, floorMicros: Int64? = nil,
        timeout: Duration = .seconds(5)
    ) {
        self.id = id
        self.providerID = providerID
        self.adUnitID = adUnitID
        self.mode = mode
        self.floorMicros = floorMicros
        self.timeout = timeout
    }

    /// Whether the item is a bidder.
    public var isBidder: Bool {
        if case .bidder = mode { return true }
        return false
    }

    private enum CodingKeys: String, CodingKey {
        case id, provider, adUnit, mode, pricing, priceMicros, priority, floorMicros, timeoutSeconds
    }

    /// Decodes the JSON shape documented in `Docs/Mediation.md`; missing optional fields take their defaults.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // The mode is decoded last, as before, so range problems are recorded in the fields' documented order.
        self.init(
            id: try container.decode(String.self, forKey: .id),
            providerID: try container.decode(ProviderID.self, forKey: .provider),
            adUnitID: try container.decode(String.self, forKey: .adUnit), mode: .bidder)
        try container.decodeWholeNumber(
            &floorMicros, forKey: .floorMicros, Self.floorMicrosNumber, userInfo: decoder.userInfo)
        try container.decodeSeconds(&timeout, forKey: .timeoutSeconds, Self.timeoutNumber, userInfo: decoder.userInfo)
        let mode = try container.decode(String.self, forKey: .mode)
        switch mode {
        case "bidder":
            self.mode = .bidder
        case "waterfall":
            // The format's defaults for a waterfall item (the `Mode` case has none of its own).
            var pricing = Pricing.fixed
            var priority = 0
            try container.decodeIfPresent(&pricing, forKey: .pricing)
            let price = try container.decodeWholeNumber(
                .priceMicros, Self.priceMicrosNumber, ifOutOfRange: Int64(0), userInfo: decoder.userInfo)
            try container.decodeWholeNumber(
                &priority, forKey: .priority, Self.priorityNumber, userInfo: decoder.userInfo)
            self.mode = .waterfall(pricing: pricing, priceMicros: price, priority: priority)
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .mode, in: container,
                debugDescription: "Unknown mode '\(mode)'; use \"waterfall\" or \"bidder\".")
        }
    }

    /// Encodes the JSON shape documented in `Docs/Mediation.md`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(providerID, forKey: .provider)
        try container.encode(adUnitID, forKey: .adUnit)
        try container.encodeIfPresent(floorMicros, forKey: .floorMicros)
        try container.encode(timeout.secondsValue, forKey: .timeoutSeconds)
        switch mode {
        case .bidder:
            try container.encode("bidder", forKey: .mode)
        case .waterfall(let pricing, let priceMicros, let priority):
            try container.encode("waterfall", forKey: .mode)
            try container.encode(pricing, forKey: .pricing)
            try container.encode(priceMicros, forKey: .priceMicros)
            try container.encode(priority, forKey: .priority)
        }
    }
}

extension LineItemConfiguration {
    /// `priceMicros`: a waterfall item's price, 0 to `CheckedConversion/maximumMicros` micros per
    /// impression (a learned item starting near `Int64.max` would overflow the first time its estimate is rounded).
    public static let priceMicrosNumber = ConfigurationNumber.micros(
        "priceMicros", hint: "Use the item's eCPM in micros per impression ($2.50 eCPM = 2500).")
    /// `floorMicros`: the item's own floor, 0 to `CheckedConversion/maximumMicros` micros.
    public static let floorMicrosNumber = ConfigurationNumber.micros(
        "floorMicros", hint: "Remove the floor or use a non-negative price in micros per impression.")
    /// `priority`: breaks price ties, lower first; -1,000,000 to 1,000,000.
    public static let priorityNumber = ConfigurationNumber(
        "priority", .wholeNumber, -1_000_000...1_000_000, hint: "Use small whole numbers; lower is asked first.")
    /// `timeoutSeconds`: above 0, at most 366 days.
    public static let timeoutNumber = ConfigurationNumber.positiveSeconds(
        "timeoutSeconds", hint: "Use a timeout of a few seconds.")
}
