public import AdCore

/// One ad of a Yandex response: a slider card or a stand-alone native ad, decoded from one `<Ad>`.
///
/// ```swift
/// let card = response.cards[0]
/// print(card.id, card.creativeID, card.asset(.title)?.text ?? "")
/// ```
public struct YandexCard: Sendable, Hashable, Identifiable {
    /// The card's ID (the `<Ad id>`), unique in its block.
    public var id: String
    /// The creative shown (the `<Creative id>`), the key of the placement ledger (rule Y18).
    public var creativeID: String
    /// The native assets, in document order.
    public var assets: [YandexAsset]
    /// Where a click leads.
    public var clickThrough: String?
    /// Impression tracking URLs.
    public var impressionURLs: [String]
    /// Click tracking URLs.
    public var clickTrackingURLs: [String]
    /// Why the card cannot be bound (a required asset without a value), or `nil` when it can.
    public var invalidReason: String?

    /// Creates a card.
    public init(
        id: String,
        creativeID: String,
        assets: [YandexAsset],
        clickThrough: String? = nil,
        impressionURLs: [String] = [],
        clickTrackingURLs: [String] = [],
        invalidReason: String? = nil
    ) {
        self.id = id
        self.creativeID = creativeID
        self.assets = assets
        self.clickThrough = clickThrough
        self.impressionURLs = impressionURLs
        self.clickTrackingURLs = clickTrackingURLs
        self.invalidReason = invalidReason
    }

    /// The first asset of a kind.
    public func asset(_ kind: AssetKind) -> YandexAsset? { assets.first { $0.kind == kind } }

    /// Whether the card carries an asset of a kind.
    public func has(_ kind: AssetKind) -> Bool { asset(kind) != nil }

    /// The kinds the host must render.
    public var requiredAssets: Set<AssetKind> { YandexAsset.requiredKinds(of: assets) }

    /// Whether the card's media is a video (rule Y20).
    public var isVideo: Bool { assets.contains { $0.kind == .media && $0.isVideo } }

    /// Every image URL of the card, in asset order.
    public var imageURLs: [String] { assets.compactMap(\.imageURL) }
}
