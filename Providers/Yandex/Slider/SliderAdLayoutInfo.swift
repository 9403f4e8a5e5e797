public import AdCore

/// What a loaded slider gives the host to render (rule Y4): one card state per ad, in the order the block listed
/// them, and whether the block itself (not its cards) carries an asset of a kind.
///
/// ```swift
/// if layout.has(.sponsored) { /* render the block's Sponsored primitive inside the slider container */ }
/// for card in layout.ads { /* one NativeAdContainer per card, inside the slider container */ }
/// ```
@MainActor
public struct SliderAdLayoutInfo {
    /// The card states, in block order (rule Y19).
    public let ads: [NativeAdState]
    /// The block's own assets.
    public let blockAssets: [YandexAsset]

    /// Creates a layout.
    init(ads: [NativeAdState], blockAssets: [YandexAsset]) {
        self.ads = ads
        self.blockAssets = blockAssets
    }

    /// Whether the block itself carries an asset of this kind (its cards' assets do not count).
    public func has(_ kind: AssetKind) -> Bool { blockAssets.contains { $0.kind == kind } }

    /// The block's asset of a kind.
    public func blockAsset(_ kind: AssetKind) -> YandexAsset? { blockAssets.first { $0.kind == kind } }
}
