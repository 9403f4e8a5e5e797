/// Every asset the vendors' native formats name, as one vocabulary (Yandex's NativeAdAsset primitives,
/// IFLY's material fields, full-screen parts).
///
/// ```swift
/// let required: Set<AssetKind> = [.title, .sponsored, .callToAction]
/// ```
public enum AssetKind: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// The advertiser's icon.
    case icon
    /// The ad's title.
    case title
    /// The advertiser's domain.
    case domain
    /// The "Ad"/"Sponsored" label.
    case sponsored
    /// The age rating ("18+").
    case age
    /// The feedback (why this ad / hide) button.
    case feedback
    /// The main media (image or video).
    case media
    /// The body text.
    case body
    /// The call-to-action button.
    case callToAction
    /// A legal warning text.
    case warning
    /// A price.
    case price
    /// A star rating.
    case rating
    /// A number of reviews.
    case reviewCount
    /// Additional images (multi-image layouts).
    case images
    /// A video player surface.
    case video
    /// The close button.
    case close
    /// The ad-source badge (the provider's logo or label).
    case badge
    /// The advertiser's or app's name.
    case advertiser

    /// The asset's name.
    public var description: String { rawValue }
}
