/// One `<MediaFile>` with every attribute VAST 2-4.3 defines.
///
/// ```swift
/// let best = linear.mediaFiles.max { ($0.bitrate ?? 0) < ($1.bitrate ?? 0) }
/// ```
public struct VASTMediaFile: Sendable, Equatable, Encodable {
    /// `id`.
    public var id: String?
    /// `delivery` (`progressive` or `streaming`).
    public var delivery: String?
    /// `type` (MIME type).
    public var type: String?
    /// `width` in pixels.
    public var width: Int?
    /// `height` in pixels.
    public var height: Int?
    /// `codec`.
    public var codec: String?
    /// `bitrate` in kbit/s.
    public var bitrate: Int?
    /// `minBitrate` in kbit/s.
    public var minBitrate: Int?
    /// `maxBitrate` in kbit/s.
    public var maxBitrate: Int?
    /// `scalable`.
    public var scalable: Bool?
    /// `maintainAspectRatio`.
    public var maintainAspectRatio: Bool?
    /// `apiFramework` (VAST 2/3 VPAID).
    public var apiFramework: String?
    /// `fileSize` in bytes (VAST 4.1).
    public var fileSize: Int?
    /// `mediaType` (VAST 4.1, for example `2D`).
    public var mediaType: String?
    /// The media URL.
    public var url: String {
        get { urlText.value }
        set { urlText.value = newValue }
    }
    var urlText = VASTText.empty

    /// Creates an empty media file.
    public init() {}

    private enum CodingKeys: String, CodingKey {
        case id, delivery, type, width, height, codec, bitrate, minBitrate, maxBitrate, scalable,
            maintainAspectRatio, apiFramework, fileSize, mediaType
        case urlText = "url"
    }
}
