/// The simulation's random numbers, counter-based: a uniform number is a pure function of the seed and a
/// ``DrawKey`` (user, request, line item, purpose), computed by mixing the key's parts into the seed with the
/// SplitMix64 finaliser (the mixer `SeededRandom` uses), one part at a time. Nothing is stored and nothing
/// advances, so a draw does not depend on which draws came before it, on the order of events, on threads or on
/// shards, and every strategy meets the same market (common random numbers).
///
/// ```swift
/// let draws = SimulationDraws(seed: 7)
/// let key = DrawKey(user: 0, request: 1, lineItem: SimulationDraws.lineItemKey(placement: "p", lineItem: "a"),
///                   purpose: .price)
/// draws.uniform(key)                                               // the same value every time, in 0..<1
/// draws.sample(.logNormal(median: 2_500, sigma: 0.4), key)         // a price around 2500
/// ```
public struct SimulationDraws: Sendable, Hashable, Codable {
    /// The scenario's seed.
    public let seed: UInt64

    /// Creates the draws of a seed.
    public init(seed: UInt64) { self.seed = seed }

    /// The uniform number of `key`, in `0..<1`, with 53 random bits.
    public func uniform(_ key: DrawKey) -> Double {
        Double(bits(key) >> 11) * 0x1p-53
    }

    /// 64 random bits of `key`.
    public func bits(_ key: DrawKey) -> UInt64 {
        var state = Self.mix(seed ^ 0x5EED_5EED_5EED_5EED)
        state = Self.mix(state ^ key.purpose.rawValue)
        state = Self.mix(state ^ key.user)
        state = Self.mix(state ^ key.request)
        return Self.mix(state ^ key.lineItem)
    }

    /// Whether an event of probability `probability` happens (`uniform(key) < probability`; never for 0, always
    /// for 1).
    public func happens(probability: Double, _ key: DrawKey) -> Bool {
        uniform(key) < probability
    }

    /// A sample of `distribution` at `key` (its inverse CDF at ``uniform(_:)``), clamped into `range` when given
    /// (a log-normal is unbounded above; the engine clamps to the field's range).
    public func sample(_ distribution: ScenarioDistribution, _ key: DrawKey, in range: ClosedRange<Double>? = nil)
        -> Double
    {
        let value = distribution.sample(atUniform: uniform(key))
        guard let range else { return value }
        return min(max(value, range.lowerBound), range.upperBound)
    }

    /// An index in `0..<count` (0 when `count` is not positive), every index equally likely.
    public func index(below count: Int, _ key: DrawKey) -> Int {
        guard count > 1, let bound = UInt64(exactly: count) else { return 0 }
        // Lemire's multiply-shift: the high word of bits × count is in 0..<count (no Double, no trap).
        let high = bits(key).multipliedFullWidth(by: bound).high
        return Int(exactly: high) ?? 0
    }

    /// The stable key of a line item of a placement: FNV-1a (64-bit, ``StableHash``) of `placement`, a 0 byte and `lineItem`, so
    /// the same line item has the same key in every variant, whatever order a strategy puts it in. Never 0 (0 is
    /// "no line item").
    public static func lineItemKey(placement: String, lineItem: String) -> UInt64 {
        var hash = StableHash()
        // The bytes of placement, a zero byte, then lineItem's, combined in place (no array built per draw).
        hash.combine(placement.utf8)
        hash.combine(CollectionOfOne(0))
        hash.combine(lineItem.utf8)
        return hash.value == 0 ? 1 : hash.value
    }

    /// The SplitMix64 finaliser: a bijection of 64-bit values with full avalanche.
    static func mix(_ value: UInt64) -> UInt64 {
        var mixed = value &+ 0x9E37_79B9_7F4A_7C15
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
