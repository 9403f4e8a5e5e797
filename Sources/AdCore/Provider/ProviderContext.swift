/// What a loaded provider ad may use while it is checked, bound or presented: narrow capabilities, never the
/// host. It may read the geometry of its own nodes and the time, ask for timers and async work, and send events,
/// beacons and diagnostics. Click views, view claims, impression trackers and presenters are the unified ad's.
///
/// ```swift
/// context.landings.open([deepLink, webPage])
/// let visible = context.geometry.geometry(of: presentation.overlay).visibleRatio >= 0.5
/// context.scheduler.schedule(after: .milliseconds(250)) { /* sample playback */ }
/// ```
@MainActor
public struct ProviderContext {
    /// The unified ad's identity.
    public let adID: AdID
    /// The provider's ID.
    public let providerID: ProviderID
    /// The ad's event sink (provider-originated events; dropped after destroy, rule C5).
    public let events: AdEventSink
    /// The current time, timers and async work.
    public let scheduler: any AdScheduler
    /// Where tracking pings go.
    public let beacons: any BeaconSender
    /// Integration diagnostics, under the provider's ID (rule Y17).
    public let diagnostics: ProviderDiagnostics
    /// The geometry of the ad's own nodes, read-only.
    public let geometry: HostGeometry
    /// The ad's parts, for the provider's host-facing types (a slider's card containers) to drive.
    public let parts: AdParts
    /// The wall-clock time and random numbers for the beacons of each event (N5).
    public let stamps: BeaconStamps
    /// Opens landing pages through the host, reporting `.jumped` (N6).
    public let landings: AdLandings

    init(
        adID: AdID, providerID: ProviderID, events: AdEventSink, scheduler: any AdScheduler,
        beacons: any BeaconSender, diagnostics: ProviderDiagnostics, geometry: HostGeometry, parts: AdParts,
        stamps: BeaconStamps, landings: AdLandings
    ) {
        self.adID = adID
        self.providerID = providerID
        self.events = events
        self.scheduler = scheduler
        self.beacons = beacons
        self.diagnostics = diagnostics
        self.geometry = geometry
        self.parts = parts
        self.stamps = stamps
        self.landings = landings
    }
}
