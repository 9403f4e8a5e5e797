/// One `<Tracking event="..." offset="...">URL</Tracking>`.
///
/// Legacy event names are mapped to their VAST 4 names in ``event`` (`fullscreen` and `expand` →
/// `playerExpand`, `exitFullscreen` and `collapse` → `playerCollapse`); ``rawEvent`` keeps what was written.
///
/// ```swift
/// let starts = linear.trackingEvents.filter { $0.event == "start" }
/// ```
public struct VASTTrackingEvent: Sendable, Equatable, Encodable {
    /// The event name, legacy names mapped to VAST 4.
    public var event: String
    /// The `event` attribute as written.
    public var rawEvent: String
    /// The URL to ping.
    public var url: String {
        get { urlText.value }
        set { urlText.value = newValue }
    }
    var urlText: VASTText
    /// The `offset` of a `progress` event.
    public var offset: VASTOffset?

    /// Creates a tracking event, mapping a legacy `event` name to its VAST 4 name.
    public init(event: String, url: String, offset: VASTOffset? = nil) {
        self.rawEvent = event
        self.event = VASTTrackingEvent.modernName(for: event)
        self.urlText = VASTText(url)
        self.offset = offset
    }

    /// An event whose 4.x name is already known (the parser's path: no second look at the name).
    init(event: String, rawEvent: String, text: consuming VASTText, offset: VASTOffset?) {
        self.event = event
        self.rawEvent = rawEvent
        self.urlText = text
        self.offset = offset
    }

    /// The VAST 4 name of an event: `fullscreen`/`expand` → `playerExpand`, `exitFullscreen`/`collapse` →
    /// `playerCollapse`; any other name unchanged.
    public static func modernName(for event: String) -> String {
        // Only the four legacy names start with `f`, `e` or `c`: the common events skip the string comparisons.
        switch event.utf8.first {
        case UInt8(ascii: "f"), UInt8(ascii: "e"), UInt8(ascii: "c"): break
        default: return event
        }
        return switch event {
        case "fullscreen", "expand": "playerExpand"
        case "exitFullscreen", "collapse": "playerCollapse"
        default: event
        }
    }

    private enum CodingKeys: String, CodingKey {
        case event, rawEvent
        case urlText = "url"
        case offset
    }
}
