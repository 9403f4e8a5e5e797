/// The size of the simulated app's window, in points.
///
/// ```json
/// "window": { "width": 390, "height": 844 }
/// ```
///
/// ```swift
/// let phone = AppWindow(width: 390, height: 844)
/// ```
public struct AppWindow: Sendable, Equatable, Codable {
    /// The width, in points, in `1...10_000`. Default 390.
    public var width: Double
    /// The height, in points, in `1...10_000`. Default 844.
    public var height: Double

    /// Creates a window size.
    public init(width: Double = 390, height: Double = 844) {
        self.width = width
        self.height = height
    }

    private enum CodingKeys: String, CodingKey { case width, height }

    /// Decodes the size; both fields are optional.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        try container.decodeIfPresent(&width, forKey: .width)
        try container.decodeIfPresent(&height, forKey: .height)
    }
}
