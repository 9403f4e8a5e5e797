/// An ad format a provider can serve. Extensible: providers may declare their own.
///
/// ```swift
/// let formats: Set<AdFormat> = [.interstitial, .rewarded, .rewardedInterstitial]
/// ```
public struct AdFormat: Hashable, Sendable, Codable, RawRepresentable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The format's stable name.
    public let rawValue: String

    /// Creates a format from its name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates a format from a literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// Decodes a plain JSON string.
    public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }

    /// Encodes a plain JSON string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The format's name.
    public var description: String { rawValue }

    /// Whether the format is shown full screen (presented) rather than bound into the host's layout.
    public var isFullScreen: Bool { Self.fullScreenFormats.contains(self) }

    /// A native ad the host renders from assets.
    public static let native: AdFormat = "native"
    /// A block of native cards the user swipes through (Yandex's slider).
    public static let nativeSlider: AdFormat = "nativeSlider"
    /// A full-screen interstitial.
    public static let interstitial: AdFormat = "interstitial"
    /// A full-screen ad that grants a reward.
    public static let rewarded: AdFormat = "rewarded"
    /// An interstitial that grants a reward without an opt-in.
    public static let rewardedInterstitial: AdFormat = "rewardedInterstitial"

    private static let fullScreenFormats: Set<AdFormat> = [.interstitial, .rewarded, .rewardedInterstitial]
}
