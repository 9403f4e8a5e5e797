public import AdCore

/// One native asset of a Yandex card or block, as the `yandex-native` and `yandex-slider` extensions carry it.
///
/// ```swift
/// let title = YandexAsset(kind: .title, content: .text("Fresh coffee"), isRequired: true)
/// let icon = YandexAsset(kind: .icon, content: .image(url: "https://img.example/i.png", width: 80, height: 80))
/// ```
public struct YandexAsset: Sendable, Hashable {
    /// What an asset shows.
    ///
    /// ```swift
    /// if case .video(let url, _, _, let duration) = asset.content { print(url, duration ?? .zero) }
    /// ```
    public enum Content: Sendable, Hashable {
        /// A text (title, body, domain, sponsored label, age, warning, call-to-action).
        case text(String)
        /// A still image with its size in points.
        case image(url: String, width: Int, height: Int)
        /// A video with its size in points and its duration, when known (rule Y20).
        case video(url: String, width: Int, height: Int, duration: Duration?)
        /// Nothing the host can render: a required asset without a value fails the card's binding.
        case empty
    }

    /// The asset's primitive (`NativeAdAsset.Title`, `.Sponsored`, ...).
    public var kind: AssetKind
    /// What it shows.
    public var content: Content
    /// Whether the host must render it for the binding to count (rule Y9).
    public var isRequired: Bool

    /// Creates an asset.
    public init(kind: AssetKind, content: Content, isRequired: Bool = false) {
        self.kind = kind
        self.content = content
        self.isRequired = isRequired
    }

    /// The text, when the asset is a text.
    public var text: String? {
        if case .text(let value) = content { return value }
        return nil
    }

    /// The image or video URL, when the asset has one.
    public var mediaURL: String? {
        switch content {
        case .image(let url, _, _), .video(let url, _, _, _): url
        case .text, .empty: nil
        }
    }

    /// The image URL, when the asset is an image (what ``SliderAdState/loadImages()`` loads).
    public var imageURL: String? {
        if case .image(let url, _, _) = content { return url }
        return nil
    }

    /// Whether the asset is a video (rule Y20).
    public var isVideo: Bool {
        if case .video = content { return true }
        return false
    }

    /// The asset kinds of the Yandex native primitives, by their name in the dialect (rule Y5).
    static let kindsByName: [String: AssetKind] = [
        "icon": .icon, "title": .title, "domain": .domain, "sponsored": .sponsored, "age": .age,
        "feedback": .feedback, "media": .media, "body": .body, "callToAction": .callToAction, "warning": .warning,
    ]

    /// The kinds of `assets` the host must render, gathered without building intermediate arrays.
    static func requiredKinds(of assets: [YandexAsset]) -> Set<AssetKind> {
        var kinds = Set<AssetKind>()
        for asset in assets where asset.isRequired { kinds.insert(asset.kind) }
        return kinds
    }
}
