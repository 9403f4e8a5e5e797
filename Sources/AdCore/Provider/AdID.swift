/// The identity of one ad object in a host, unique for the host's lifetime.
///
/// ```swift
/// print(ad.id)  // ad#3
/// ```
public struct AdID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The sequence number.
    public let rawValue: UInt64

    /// Creates an ID (the host hands them out).
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// Orders IDs by creation.
    public static func < (lhs: AdID, rhs: AdID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `ad#n`.
    public var description: String { "ad#\(rawValue)" }

    /// The hash a set or dictionary files the ID under: its integer's, in one step, as the standard library hashes
    /// an integer key, instead of through a whole `Hasher` (a host and its mediator key several tables by ad).
    /// Equal IDs hash equal; ``hash(into:)`` (synthesized) is unchanged.
    public func _rawHashValue(seed: Int) -> Int { rawValue._rawHashValue(seed: seed) }
}
