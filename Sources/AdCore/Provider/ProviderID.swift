/// The stable identifier of an ad provider plugin, such as `"yandex"`, `"google"` or `"ifly"`.
///
/// ```swift
/// let id: ProviderID = "yandex"
/// ```
public struct ProviderID: Hashable, Sendable, Codable, Comparable, RawRepresentable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The identifier's text.
    public let rawValue: String

    /// Creates an identifier.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates an identifier.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Creates an identifier from a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// Decodes the identifier from a plain JSON string.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the identifier as a plain JSON string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The identifier's text.
    public var description: String { rawValue }

    /// Orders identifiers by their text.
    public static func < (lhs: ProviderID, rhs: ProviderID) -> Bool { lhs.rawValue < rhs.rawValue }
}
