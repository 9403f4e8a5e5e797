/// An image a native ad shows: where to download it and, when the server said, its size in pixels. Every
/// provider's native images are this one type (IFLY's `NativeFeedAdData` images included).
///
/// ```swift
/// let image = NativeImage(url: "https://img.example/card.png", width: 1200, height: 628)
/// let aspect = image.aspectRatio ?? 16.0 / 9.0
/// ```
public struct NativeImage: Sendable, Hashable, Codable {
    /// The image's address. The host downloads it (rule I4); the ad never does.
    public var url: String
    /// The width in pixels, as the response declares it, when known.
    public var width: Int?
    /// The height in pixels, as the response declares it, when known.
    public var height: Int?

    /// Creates an image.
    public init(url: String, width: Int? = nil, height: Int? = nil) {
        self.url = url
        self.width = width
        self.height = height
    }

    /// Width over height, when both are known and positive.
    public var aspectRatio: Double? {
        guard let width, let height, width > 0, height > 0 else { return nil }
        return Double(width) / Double(height)
    }
}
