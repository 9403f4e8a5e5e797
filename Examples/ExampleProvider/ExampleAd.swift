public import AdCore
import AdCreative
import AdVAST

/// One ad of the ``ExampleProvider``: binds natively, presents full screen, fires its tracking through the
/// host's beacon sender.
///
/// ```swift
/// unified.content?[.title]?.text          // the house ad's title, with no cast
/// (unified.loadedAd as? ExampleAd)?.userDismissed()
/// ```
@MainActor
public final class ExampleAd: ProviderAd {
    /// What was loaded.
    public let info: LoadedAdInfo
    private let response: ExampleResponse
    private let beacons: any BeaconSender
    private let stamps: BeaconStamps
    private var events: AdEventSink?
    /// Whether the ad is attached to a container.
    public private(set) var isAttached = false

    init(info: LoadedAdInfo, response: ExampleResponse, beacons: any BeaconSender, stamps: BeaconStamps) {
        self.info = info
        self.response = response
        self.beacons = beacons
        self.stamps = stamps
    }

    /// The assets the response requires.
    public var requiredAssets: Set<AssetKind> { response.requiredAssets }

    /// The title, image and call to action a host renders (native ads only).
    public var content: NativeAdContent? { info.format.isFullScreen ? nil : response.content }

    /// A click opens the click-through through the host's landing opener (the unified ad reports `.jumped`).
    public func landingURLs(for part: AdPart) -> [String]? { response.clickThrough.map { [$0] } }

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
    public func didRecordImpression(_ data: ImpressionData) { send(response.impressionURLs, kind: .impression) }

    /// Fires the click URLs.
    public func didRecordClick(on node: HostNodeID?, part: AdPart) { send(response.clickURLs, kind: .click) }

    /// Sends tracking URLs, macros filled with the host's time and cache-busting number (N5).
    private func send(_ urls: [String], kind: Beacon.Kind) {
        let values = stamps.next().macroValues
        let pings = VASTMacroExpander.pings(for: urls, values: values)
        beacons.send(pings.map { Beacon(kind: kind, url: $0.absoluteString, providerID: info.providerID) })
    }

    /// Forgets the container.
    public func detach(part: AdPart) { isAttached = false }

    /// Drops the sink: nothing is sent after destroy.
    public func destroy() {
        isAttached = false
        events = nil
    }
}
