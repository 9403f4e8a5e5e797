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

    /// Hashes the case, not its name: a raw-value enum would hash its string, and binding checks look assets up
    /// by kind in sets and dictionaries many times per ad.
    public func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }

    /// The hash a set or dictionary files the kind under: its case's number, in one step, as the standard library
    /// hashes an integer key. Equal kinds hash equal.
    public func _rawHashValue(seed: Int) -> Int { ordinal._rawHashValue(seed: seed) }

    /// The case's place in the declaration.
    private var ordinal: Int {
        switch self {
        case .icon: 0
        case .title: 1
        case .domain: 2
        case .sponsored: 3
        case .age: 4
        case .feedback: 5
        case .media: 6
        case .body: 7
        case .callToAction: 8
        case .warning: 9
        case .price: 10
        case .rating: 11
        case .reviewCount: 12
        case .images: 13
        case .video: 14
        case .close: 15
        case .badge: 16
        case .advertiser: 17
        }
    }
}
