/// A deterministic random number generator (SplitMix64): the same seed gives the same sequence on every machine.
///
/// Library code never calls `.random()` on the system generator; it takes a generator like this one, so every
/// test and every simulator run can be replayed from its seed.
///
/// ```swift
/// var rng = SeededRandom(seed: 42)
/// let roll = Int.random(in: 1...6, using: &rng)
/// ```
public struct SeededRandom: RandomNumberGenerator, Sendable, Hashable {
    private var state: UInt64

    /// Creates a generator from a seed.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
