/// One tracking ping leaving the library: an impression, a click, an error or a tracking event URL.
///
/// ```swift
/// beacons.send(Beacon(kind: .impression, url: "https://t.example/imp?c=1", providerID: "google"))
/// ```
public struct Beacon: Sendable, Hashable, Codable, CustomStringConvertible {
    /// What the ping reports.
    public struct Kind: Hashable, Sendable, Codable, RawRepresentable, ExpressibleByStringLiteral {
        /// The kind's name.
        public let rawValue: String
        /// Creates a kind.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Creates a kind from a literal.
        public init(stringLiteral value: String) { self.rawValue = value }

        /// An impression URL.
        public static let impression: Kind = "impression"
        /// A viewable-impression URL.
        public static let viewable: Kind = "viewable"
        /// A click-tracking URL.
        public static let click: Kind = "click"
        /// An error URL (with the error code expanded).
        public static let error: Kind = "error"

        /// A tracking-event URL (`start`, `firstQuartile`, ...).
        public static func tracking(_ event: String) -> Kind { Kind(rawValue: "tracking:\(event)") }
    }

    /// What the ping reports.
    public var kind: Kind
    /// The URL to request, macros already expanded.
    public var url: String
    /// The provider whose ad it belongs to.
    public var providerID: ProviderID?

    /// Creates a beacon.
    public init(kind: Kind, url: String, providerID: ProviderID? = nil) {
        self.kind = kind
        self.url = url
        self.providerID = providerID
    }

    /// `kind url`.
    public var description: String { "\(kind.rawValue) \(url)" }
}
