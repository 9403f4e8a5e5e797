/// `<VideoClicks>`: where a click goes and which URLs it pings.
///
/// ```swift
/// print(linear.videoClicks?.clickThrough?.url ?? "")
/// ```
public struct VASTVideoClicks: Sendable, Equatable, Encodable {
    /// `<ClickThrough>`.
    public var clickThrough: VASTTrackingURL?
    /// `<ClickTracking>` URLs.
    public var clickTrackings: [VASTTrackingURL] = []
    /// `<CustomClick>` URLs.
    public var customClicks: [VASTTrackingURL] = []

    /// Creates empty video clicks.
    public init() {}
}
