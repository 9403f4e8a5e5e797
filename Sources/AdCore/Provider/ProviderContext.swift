/// What a loaded provider ad may use while it is bound or presented: the host and its event sink.
///
/// ```swift
/// context.events.send(.jumped(success: true))
/// ```
@MainActor
public struct ProviderContext {
    /// The host the ad lives in.
    public let host: AdHost
    /// The ad's event sink (provider-originated events; dropped after destroy).
    public let events: AdEventSink
    /// The unified ad's identity.
    public let adID: AdID

    /// Creates a context.
    public init(host: AdHost, events: AdEventSink, adID: AdID) {
        self.host = host
        self.events = events
        self.adID = adID
    }
}
