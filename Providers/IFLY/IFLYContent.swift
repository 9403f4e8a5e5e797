public import AdCore

/// How IFLY's ad data becomes the shared `NativeAdContent` (N1): title, short description as the body, the
/// call-to-action title (only when the ad takes clicks, I5), the icon, the media by material type (one image, the
/// images of a multi-image ad, or the video with its cover and length), the brand or app name as the advertiser and
/// the ad-source badge the host must show (I5). The rest stays in ``IFLYNativeExtras``.
///
/// ```swift
/// let content = IFLYContent.content(of: feedAd.adData)
/// content[.badge]?.text   // "广告"
/// ```
public enum IFLYContent {
    /// The content of one ad's data. Empty texts and URLs are left out.
    public static func content(of data: NativeFeedAdData) -> NativeAdContent {
        var assets: [NativeAsset] = []
        func text(_ kind: AssetKind, _ value: String?) {
            if let value, !value.isEmpty { assets.append(NativeAsset(kind, .text(value))) }
        }
        text(.title, data.title)
        text(.body, nonEmpty(data.desc) ?? data.content)
        text(.callToAction, data.callToActionTitle)
        if let icon = nonEmpty(data.icon) { assets.append(NativeAsset(.icon, .image(NativeImage(url: icon)))) }
        if let media = media(of: data) { assets.append(media) }
        text(.advertiser, nonEmpty(data.brand) ?? data.appName)
        let badge = data.adSourceBadge
        assets.append(
            NativeAsset(.badge, .badge(text: badge.text, logo: nonEmpty(badge.logoURL).map { NativeImage(url: $0) })))
        var extras = NativeContentExtras()
        extras.store(IFLYNativeExtras(data))
        return NativeAdContent(
            assets: assets, requiredAssets: IFLYProvider.requiredAssets,
            acceptsClicks: data.interactionType.isClickable, extras: extras)
    }

    /// The media asset, in the `.media` slot whatever the material (the node the SDK's player also uses, I8): the
    /// video with its cover for video, every image for a multi-image ad (I3), the main image (with its size) or
    /// else the first image otherwise.
    static func media(of data: NativeFeedAdData) -> NativeAsset? {
        let images = data.images.filter { !$0.url.isEmpty }
        switch data.materialType {
        case .video:
            guard let url = nonEmpty(data.videoURL) else { return nil }
            let cover = nonEmpty(data.videoCoverURL).map { NativeImage(url: $0) } ?? images.first
            return NativeAsset(.media, .video(NativeVideo(url: url, duration: data.videoDuration, cover: cover)))
        case .multiImage:
            return images.isEmpty ? nil : NativeAsset(.media, .images(images))
        case .singleImage, .unknown:
            let main = data.mainImage.flatMap { $0.url.isEmpty ? nil : $0 } ?? images.first
            return main.map { NativeAsset(.media, .image($0)) }
        }
    }

    private static func nonEmpty(_ value: String?) -> String? {
        guard let value, !value.isEmpty else { return nil }
        return value
    }
}
