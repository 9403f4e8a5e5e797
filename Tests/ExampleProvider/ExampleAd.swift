public import AdCore

/// One ad of the ``ExampleProvider``: binds natively, presents full screen, fires its tracking through the
/// host's beacon sender.
///
/// ```swift
/// let ad = unified.loadedAd as? ExampleAd
/// ad?.userDismissed()
/// ```
@MainActor
public final class ExampleAd: ProviderAd {
    /// What was loaded.
    public let info: LoadedAdInfo
    private let response: ExampleResponse
    private let beacons: any BeaconSender
    private var events: AdEventSink?
    /// Whether the ad is attached to a container.
    public private(set) var isAttached = false

    init(info: LoadedAdInfo, response: ExampleResponse, beacons: any BeaconSender) {
        self.info = info
        self.response = response
        self.beacons = beacons
    }

    /// The assets the response requires.
    public var requiredAssets: Set<AssetKind> { response.requiredAssets }

    /// Accepts any binding the unified checks passed.
    public func attach(_ binding: AdBinding, part: AdPart, context: ProviderContext) throws(AdError) {
        isAttached = true
        events = context.events
    }

    /// Shows itself (headless: nothing to draw) and keeps the sink to report the dismissal.
    public func present(_ presentation: PresentationContext, context: ProviderContext) throws(AdError) {
        guard info.format == .interstitial else {
            throw AdError(
                .unsupportedFormat, "Native example ads are bound, not presented.", providerID: info.providerID)
        }
        events = context.events
    }

    /// The user closed the full-screen ad.
    public func userDismissed() { events?.sendNow(.didDismiss) }

    /// Fires the impression URLs.
    public func didRecordImpression(_ data: ImpressionData) {
        beacons.send(response.impressionURLs.map { Beacon(kind: .impression, url: $0, providerID: info.providerID) })
    }

    /// Fires the click URLs and reports the landing page opening.
    public func didRecordClick(on node: HostNodeID?, part: AdPart) {
        beacons.send(response.clickURLs.map { Beacon(kind: .click, url: $0, providerID: info.providerID) })
        events?.sendNow(.jumped(success: true))
    }

    /// Forgets the container.
    public func detach(part: AdPart) { isAttached = false }

    /// Drops the sink: nothing is sent after destroy.
    public func destroy() {
        isAttached = false
        events = nil
    }
}
