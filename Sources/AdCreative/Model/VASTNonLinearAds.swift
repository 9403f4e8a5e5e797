/// `<NonLinearAds>`: overlays shown over the content, with their shared tracking.
///
/// ```swift
/// print(creative.nonLinearAds?.nonLinears.count ?? 0)
/// ```
public struct VASTNonLinearAds: Sendable, Equatable, Encodable {
    /// `<NonLinear>` entries.
    public var nonLinears: [VASTNonLinear] = []
    /// `<TrackingEvents>`.
    public var trackingEvents: [VASTTrackingEvent] = []

    /// Creates empty non-linear ads.
    public init() {}
}
