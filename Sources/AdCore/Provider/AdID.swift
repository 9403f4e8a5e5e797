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
}
