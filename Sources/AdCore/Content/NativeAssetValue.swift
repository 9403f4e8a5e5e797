/// What one native asset shows.
///
/// ```swift
/// switch asset.value {
/// case .text(let text): label.text = text
/// case .image(let image): imageView.load(image.url)
/// case .video(let video): placeholder.load(video.cover?.url)
/// default: break
/// }
/// ```
public enum NativeAssetValue: Sendable, Hashable, CustomStringConvertible {
    /// A text: title, body, call-to-action, sponsored label, age, warning, domain, price, advertiser.
    case text(String)
    /// One image: the icon or the main image.
    case image(NativeImage)
    /// Several images, in order (a multi-image layout, rule I3).
    case images([NativeImage])
    /// A video, played by the ad's SDK in the host's video view (rules I8, Y20).
    case video(NativeVideo)
    /// A star rating, 0 to 5.
    case rating(Double)
    /// A count, such as the number of reviews.
    case count(Int)
    /// The ad-source badge: the network's label and, when sent, its logo (rule I5).
    case badge(text: String, logo: NativeImage?)
    /// A control the host draws itself and the ad handles (the feedback button): nothing to show from the server.
    case control

    /// The text, when the value is one (a badge's label counts).
    public var text: String? {
        switch self {
        case .text(let text), .badge(let text, _): text
        default: nil
        }
    }

    /// Every image the host downloads to render the value: an image, each of several, a video's cover, a badge's
    /// logo.
    public var images: [NativeImage] {
        switch self {
        case .image(let image): [image]
        case .images(let images): images
        case .video(let video): video.cover.map { [$0] } ?? []
        case .badge(_, let logo): logo.map { [$0] } ?? []
        case .text, .rating, .count, .control: []
        }
    }

    /// A one-line description for listings (`adsim content`): `"Fresh coffee"`, `https://i.example/a.png (640x480)`,
    /// `3 images: ...`, `video ... (15 s), cover ...`, `badge "广告"`.
    public var description: String {
        switch self {
        case .text(let text): "\"\(text)\""
        case .image(let image): Self.describe(image)
        case .images(let images): "\(images.count) images: " + images.map(Self.describe).joined(separator: ", ")
        case .video(let video):
            "video \(video.url)"
                + (video.duration.map { " (\($0.components.seconds) s)" } ?? "")
                + (video.cover.map { ", cover \(Self.describe($0))" } ?? "")
        case .rating(let rating): "rating \(rating)"
        case .count(let count): "\(count)"
        case .badge(let text, let logo): "badge \"\(text)\"" + (logo.map { ", logo \(Self.describe($0))" } ?? "")
        case .control: "control"
        }
    }

    private static func describe(_ image: NativeImage) -> String {
        guard let width = image.width, let height = image.height else { return image.url }
        return "\(image.url) (\(width)x\(height))"
    }
}
