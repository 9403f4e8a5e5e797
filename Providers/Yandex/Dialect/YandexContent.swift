public import AdCore

/// How Yandex's native assets become the shared `NativeAdContent` (N1): texts stay texts, images and videos keep
/// their sizes, the feedback button is a control the host draws; an asset sent without a value is left out (the
/// card cannot be bound anyway, rule Y9).
///
/// ```swift
/// let content = YandexContent.content(of: card)
/// content[.title]?.text   // "Fresh coffee"
/// ```
public enum YandexContent {
    /// The content of one card or stand-alone native ad.
    public static func content(of card: YandexCard) -> NativeAdContent {
        NativeAdContent(assets: card.assets.compactMap(asset), requiredAssets: card.requiredAssets)
    }

    /// The content of a slider: the block's own assets (it takes no clicks of its own, Y8), and each card's
    /// content as a component.
    public static func content(of response: YandexResponse) -> NativeAdContent {
        NativeAdContent(
            assets: response.blockAssets.compactMap(asset), requiredAssets: response.blockRequiredAssets,
            acceptsClicks: false,
            components: response.cards.map { NativeComponentContent(id: $0.id, content: content(of: $0)) })
    }

    /// One asset, or `nil` when Yandex sent it without a value.
    static func asset(_ asset: YandexAsset) -> NativeAsset? {
        switch asset.content {
        case .text(let text): NativeAsset(asset.kind, .text(text))
        case .image(let url, let width, let height):
            NativeAsset(asset.kind, .image(NativeImage(url: url, width: width, height: height)))
        case .video(let url, let width, let height, let duration):
            NativeAsset(asset.kind, .video(NativeVideo(url: url, width: width, height: height, duration: duration)))
        case .empty: asset.kind == .feedback ? NativeAsset(.feedback, .control) : nil
        }
    }
}
