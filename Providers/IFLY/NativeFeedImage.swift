/// One image of an IFLY native feed ad; the host downloads and draws it (rule I4).
///
/// ```swift
/// let image = NativeFeedImage(url: "https://img.example/1.jpg", width: 640, height: 480)
/// ```
public struct NativeFeedImage: Sendable, Hashable {
    /// Where the host downloads the image from.
    public var url: String
    /// The image's width in pixels, when the response says.
    public var width: Int?
    /// The image's height in pixels, when the response says.
    public var height: Int?

    /// Creates an image.
    public init(url: String, width: Int? = nil, height: Int? = nil) {
        self.url = url
        self.width = width
        self.height = height
    }
}
