/// The rates the fast tier draws impressions, clicks and their revenue from, calibrated on a full-tier pilot run of
/// the same scenario (its first ``pilotUsers`` users, every strategy): per strategy variant, placement and provider
/// (two providers' ads are not shown alike in the same cells), the ads used, how many of them were shown (impressions), clicked, and the revenue of the shown ads against their prices
/// (a slider's cards each earn the price; a native ad earns it once). Counts, not ratios, so the same pilot always
/// states the same bytes; the report prints them (``SimulationReport``).
///
/// ```swift
/// let rate = calibration.rate(variant: "configured", placement: "feed-native", provider: "ifly")
/// print(rate?.showRate ?? 0, rate?.clickRate ?? 0, rate?.revenuePerPrice ?? 1)
/// ```
public struct FastTierCalibration: Sendable, Equatable, Codable {
    /// The pilot's counts for one provider's ads in one strategy variant's placement.
    ///
    /// ```swift
    /// let rate = FastTierCalibration.Rate(variant: "v", placement: "p", provider: "ifly", used: 10, shown: 7,
    ///                                     clicks: 1, revenueMicros: 14_000, shownPriceMicros: 14_000)
    /// print(rate.showRate)   // 0.7
    /// ```
    public struct Rate: Sendable, Equatable, Codable {
        /// The strategy variant.
        public var variant: String
        /// The placement.
        public var placement: String
        /// The provider whose ads these are.
        public var provider: String
        /// Ads taken into a cell or presented.
        public var used: UInt64
        /// Of those, the ads whose impression counted.
        public var shown: UInt64
        /// Valid clicks.
        public var clicks: UInt64
        /// The impression revenue, in micros.
        public var revenueMicros: Int64
        /// The prices of the shown ads (once per ad), in micros.
        public var shownPriceMicros: Int64

        /// Creates a rate from the pilot's counts.
        public init(
            variant: String, placement: String, provider: String, used: UInt64, shown: UInt64, clicks: UInt64,
            revenueMicros: Int64,
            shownPriceMicros: Int64
        ) {
            self.variant = variant
            self.placement = placement
            self.provider = provider
            self.used = used
            self.shown = shown
            self.clicks = clicks
            self.revenueMicros = revenueMicros
            self.shownPriceMicros = shownPriceMicros
        }

        /// The share of the ads used that were shown (0 when none was used).
        public var showRate: Double { used > 0 ? Double(shown) / Double(used) : 0 }
        /// Clicks per shown ad (0 when none was shown).
        public var clickRate: Double { shown > 0 ? min(Double(clicks) / Double(shown), 1) : 0 }
        /// The revenue of the shown ads over their prices (1 when none was shown).
        public var revenuePerPrice: Double {
            shownPriceMicros > 0 ? Double(revenueMicros) / Double(shownPriceMicros) : 1
        }

        /// The most revenue per price a rate may state: a pilot's is 1 for an ad earning its price once, the number
        /// of cards seen for a slider; 100 leaves room for any block of cards.
        public static let maximumRevenuePerPrice = 100.0

        /// What makes the rate impossible to draw from, nil for none. A pilot's counts never do; a calibration a
        /// caller wrote or edited may (``SimulationRunner/calibration``).
        public var problem: String? {
            if shown > used { return "states \(shown) ads shown of \(used) used" }
            if revenueMicros < 0 || shownPriceMicros < 0 { return "states a negative amount of money" }
            if revenuePerPrice > Self.maximumRevenuePerPrice {
                return "states \(revenuePerPrice) times the price in revenue (at most \(Self.maximumRevenuePerPrice))"
            }
            return nil
        }
    }

    /// The users of the full-tier pilot (the run's first users).
    public var pilotUsers: Int
    /// The rates, in the order of the variants and the placements, providers sorted within a placement.
    public var rates: [Rate]

    /// Creates a calibration.
    public init(pilotUsers: Int, rates: [Rate]) {
        self.pilotUsers = pilotUsers
        self.rates = rates
    }

    /// The rate of a provider's ads in a variant's placement; nil when the pilot saw none of them used.
    public func rate(variant: String, placement: String, provider: String) -> Rate? {
        rates.first { $0.variant == variant && $0.placement == placement && $0.provider == provider }
    }

    /// The rates of `variant` by ``Key``: a user's fast-tier look-up.
    func rates(variant: String) -> [Key: Rate] {
        let mine = rates.filter { $0.variant == variant }
        return Dictionary(
            mine.map { (Key(placement: $0.placement, provider: $0.provider), $0) },
            uniquingKeysWith: { first, _ in first })
    }

    /// The first rate a run must refuse, with what is wrong with it: one no pilot could have measured
    /// (``Rate/problem``), or a second rate of the same strategy, placement and provider (which one a user would
    /// draw from is undefined); nil for none.
    func refusal() -> (rate: Rate, problem: String)? {
        var seen: Set<[String]> = []
        for rate in rates {
            if let problem = rate.problem { return (rate, problem) }
            guard seen.insert([rate.variant, rate.placement, rate.provider]).inserted else {
                return (rate, "is stated twice")
            }
        }
        return nil
    }

    /// A placement's provider in the fast tier's look-ups: two strings hashed as they are, not joined into a new
    /// one for each look-up (a used ad's).
    struct Key: Hashable {
        /// The placement.
        var placement: String
        /// The provider.
        var provider: String
    }
}
