/// A video a native ad plays in the host's video view: the ad's SDK owns the player (rule I19); the host only
/// gives it a plain view.
///
/// ```swift
/// let video = NativeVideo(url: "https://v.example/a.mp4", duration: .seconds(15), cover: cover)
/// layout.showsPlayerPlaceholder = video.cover == nil
/// ```
public struct NativeVideo: Sendable, Hashable, Codable {
    /// The media file's address (for the SDK's player; the host never plays it itself).
    public var url: String
    /// The width in pixels, as the response declares it, when known.
    public var width: Int?
    /// The height in pixels, as the response declares it, when known.
    public var height: Int?
    /// The duration, when the server sent one.
    public var duration: Duration? {
        get { durationMilliseconds.map { .milliseconds($0) } }
        set { durationMilliseconds = newValue.map(Self.milliseconds) }
    }
    /// The still shown before playback, when the server sent one.
    public var cover: NativeImage?

    private var durationMilliseconds: Int64?

    /// Creates a video.
    public init(
        url: String, width: Int? = nil, height: Int? = nil, duration: Duration? = nil, cover: NativeImage? = nil
    ) {
        self.url = url
        self.width = width
        self.height = height
        self.cover = cover
        self.durationMilliseconds = duration.map(Self.milliseconds)
    }

    /// Whole milliseconds of a duration (a provider already bounded it when it read the response).
    private static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (wholeMilliseconds, overflow) = seconds.multipliedReportingOverflow(by: 1_000)
        guard !overflow else { return seconds < 0 ? .min : .max }
        return wholeMilliseconds.addingReportingOverflow(attoseconds / 1_000_000_000_000_000).partialValue
    }

    private enum CodingKeys: String, CodingKey {
        case url, width, height, cover
        case durationMilliseconds = "durationMs"
    }
}
