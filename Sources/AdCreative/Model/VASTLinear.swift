/// `<Linear>`: a video or audio creative that plays in the content stream.
///
/// ```swift
/// if let linear = creative.linear {
///     print(linear.duration ?? VASTTime(milliseconds: 0), linear.mediaFiles.count, linear.skipOffset as Any)
/// }
/// ```
public struct VASTLinear: Sendable, Equatable, Encodable {
    /// `<Duration>`.
    public var duration: VASTTime?
    /// The `skipoffset` attribute.
    public var skipOffset: VASTOffset?
    /// `<AdParameters>`.
    public var adParameters: VASTAdParameters?
    /// `<MediaFile>` entries.
    public var mediaFiles: [VASTMediaFile] = []
    /// `<Mezzanine>` entries.
    public var mezzanines: [VASTMezzanine] = []
    /// `<InteractiveCreativeFile>` entries.
    public var interactiveCreativeFiles: [VASTInteractiveCreativeFile] = []
    /// `<ClosedCaptionFile>` entries.
    public var closedCaptionFiles: [VASTClosedCaptionFile] = []
    /// `<TrackingEvents>`.
    public var trackingEvents: [VASTTrackingEvent] = []
    /// `<VideoClicks>`.
    public var videoClicks: VASTVideoClicks?
    /// `<Icons>`.
    public var icons: [VASTIcon] = []

    /// Creates an empty linear creative.
    public init() {}
}
