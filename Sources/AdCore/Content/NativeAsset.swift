/// One asset of a native ad's content: its kind (the host's slot for it) and what it shows.
///
/// Encoded flat, the value under a key naming its type:
/// `{"kind":"title","text":"Fresh coffee"}`, `{"kind":"media","image":{"url":"...","width":1200,"height":628}}`.
///
/// ```swift
/// for asset in content.assets {
///     guard let node = layout[asset.kind] else { continue }
///     render(asset.value, into: node)
/// }
/// ```
public struct NativeAsset: Sendable, Hashable, Codable {
    /// The asset's kind: which of the host's nodes renders it.
    public var kind: AssetKind
    /// What it shows.
    public var value: NativeAssetValue

    /// Creates an asset.
    public init(_ kind: AssetKind, _ value: NativeAssetValue) {
        self.kind = kind
        self.value = value
    }

    private enum CodingKeys: String, CodingKey {
        case kind, text, image, images, video, rating, count, badge, control
    }

    private struct Badge: Codable {
        var text: String
        var logo: NativeImage?
    }

    /// Decodes an asset: `kind` and exactly one value key.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(AssetKind.self, forKey: .kind)
        let present = container.allKeys.filter { $0 != .kind }
        guard present.count == 1, let key = present.first else {
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: container,
                debugDescription:
                    "A native asset has its kind and exactly one value (text, image, images, video, rating, count, "
                    + "badge or control); this one has \(present.map(\.stringValue).sorted())")
        }
        switch key {
        case .text: value = .text(try container.decode(String.self, forKey: key))
        case .image: value = .image(try container.decode(NativeImage.self, forKey: key))
        case .images: value = .images(try container.decode([NativeImage].self, forKey: key))
        case .video: value = .video(try container.decode(NativeVideo.self, forKey: key))
        case .rating: value = .rating(try container.decode(Double.self, forKey: key))
        case .count: value = .count(try container.decode(Int.self, forKey: key))
        case .badge:
            let badge = try container.decode(Badge.self, forKey: key)
            value = .badge(text: badge.text, logo: badge.logo)
        case .control, .kind: value = .control
        }
    }

    /// Encodes the asset flat: `kind` and one value key.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        switch value {
        case .text(let text): try container.encode(text, forKey: .text)
        case .image(let image): try container.encode(image, forKey: .image)
        case .images(let images): try container.encode(images, forKey: .images)
        case .video(let video): try container.encode(video, forKey: .video)
        case .rating(let rating): try container.encode(rating, forKey: .rating)
        case .count(let count): try container.encode(count, forKey: .count)
        case .badge(let text, let logo): try container.encode(Badge(text: text, logo: logo), forKey: .badge)
        case .control: try container.encode(true, forKey: .control)
        }
    }
}
