/// FNV-1a (64-bit): a hash that is the same in every process and on every machine (Swift's `Hasher` is seeded
/// per process), for keys that must not depend on where they were computed: a line item's draw key, a scenario's
/// fingerprint in a partial result.
///
/// ```swift
/// var hash = StableHash()
/// hash.combine(Array("feed-native".utf8))
/// print(hash.value)
/// ```
public struct StableHash: Sendable, Equatable {
    /// The hash of what was combined so far.
    public private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    /// The hash of nothing.
    public init() {}

    /// Adds `bytes`.
    public mutating func combine(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    }

    /// Adds a 64-bit value, little-endian.
    public mutating func combine(_ number: UInt64) {
        combine((0..<8).map { UInt8(truncatingIfNeeded: number >> ($0 * 8)) })
    }
}
