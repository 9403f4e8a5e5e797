public import AdCore
import AdCreative
import AdVAST

/// One loaded IFLY native feed ad, driven by the unified layer (`UnifiedAd`): IFLY's attach-time binder rules
/// (I6-I11, I15, I26, I27, I28), exposure and click tracking through the beacon sender, the SDK's jumps (I20) and
/// its video player (I19).
///
/// Hosts normally use ``NativeFeedAd``, or render `UnifiedAd.content` like any provider's native ad; this type is
/// what `UnifiedAd.loadedAd` holds.
///
/// ```swift
/// let layout = unified.content?.extra(IFLYNativeExtras.self)?.materialType ?? .singleImage   // no cast
/// ```
@MainActor
public final class IFLYFeedAd: ProviderAd {
    /// What was loaded.
    public let info: LoadedAdInfo
    /// The decoded response.
    public let response: IFLYFeedResponse
    /// The binding while attached.
    public private(set) var binding: AdBinding?
    /// Whether the ad's exposure counted.
    public private(set) var isExposed = false
    /// The video player's state (video material only; `nil` otherwise).
    public private(set) var videoState: VideoState?

    private let beacons: any BeaconSender
    private let stamps: BeaconStamps
    private var events: AdEventSink?
    private var isDestroyed = false

    init(info: LoadedAdInfo, response: IFLYFeedResponse, beacons: any BeaconSender, stamps: BeaconStamps) {
        self.info = info
        self.response = response
        self.beacons = beacons
        self.stamps = stamps
        if response.adData.materialType == .video { videoState = .ready }
    }

    /// The ad data (rule I20).
    public var adData: NativeFeedAdData { response.adData }

    /// The host must render the ad-source badge inside the container (rule I5).
    public var requiredAssets: Set<AssetKind> { IFLYProvider.requiredAssets }

    /// What the host renders (N1): see ``IFLYContent``.
    public var content: NativeAdContent? { IFLYContent.content(of: adData) }

    /// Where a click jumps (I20): the deep link then the landing page for redirect ads, the store then the download
    /// for download ads; `nil` for exposure-only ads. The unified ad opens the first URL the host can open and
    /// reports `.jumped`; a clickable ad with no URL reports a failed jump (N6).
    public func landingURLs(for part: AdPart) -> [String]? {
        switch adData.interactionType {
        case .redirect: [adData.deeplinkURL, adData.targetURL].compactMap { $0 }
        case .download: [adData.marketURL, adData.downloadURL].compactMap { $0 }
        case .exposure, .unknown: nil
        }
    }

    // MARK: Attach (I6-I11, I15, I27, I28; the unified ad refuses an expired ad with 71506, I26)

    /// IFLY's attach-time rules (I6, I8-I11, I15, I27, I28), without side effects beyond a diagnostic for
    /// material that fails validation.
    public func checkAttach(_ binding: AdBinding, part: AdPart, context: ProviderContext) throws(AdError) {
        try checkMaterial(diagnostics: context.diagnostics)
        try IFLYBinderRules(geometry: context.geometry, providerID: info.providerID).check(binding, data: adData)
    }

    /// The ad is attached (every check passed).
    public func attach(_ binding: AdBinding, part: AdPart, context: ProviderContext) throws(AdError) {
        self.binding = binding
        events = context.events
    }

    private func checkMaterial(diagnostics: ProviderDiagnostics) throws(AdError) {
        guard adData.isMaterialComplete else {
            throw AdError(
                .notReady, "The IFLY ad's material is incomplete (isMaterialComplete == false).",
                providerID: info.providerID,
                hint: "Check adData.isMaterialComplete before attaching, and skip or reload incomplete ads (I6).")
        }
        if let problem = adData.validationProblem {
            let diagnostic = adData.diagnostic
            diagnostics.record(
                .error, "IFLY material failed validation (71501): \(problem). \(diagnostic)",
                recommendation: "Report the creative to IFLY; do not show this ad.")
            throw AdError(
                .invalidResponse, "The IFLY material failed validation: \(problem). \(diagnostic)",
                providerID: info.providerID, providerCode: IFLYErrorCode.materialInvalid.rawValue,
                hint: "[71501] Skip this ad and load another; the creative itself is broken (I27).")
        }
    }

    // MARK: Tracking

    /// Exposure counted: fire the exposure URLs; video may now be controlled. Ignored once destroyed.
    public func didRecordImpression(_ data: ImpressionData) {
        guard !isDestroyed else { return }
        isExposed = true
        send(response.impressionURLs, kind: .impression)
    }

    /// A click counted: fire the click tracking. The jump follows from ``landingURLs(for:)``: the SDK opens the
    /// page through the host's landing opener, never the host's own code (I20).
    public func didRecordClick(on node: HostNodeID?, part: AdPart) {
        send(response.clickURLs, kind: .click)
    }

    // MARK: Video (I19)

    /// Runs a playback command.
    ///
    /// - Throws: `unsupportedFormat` for an ad that is not video; `notReady` before attach, before exposure, or
    ///   for a command the player's state does not allow (pause while stopped).
    func control(_ command: NativeFeedVideoCommand) throws(AdError) {
        guard let state = videoState else {
            throw AdError(
                .unsupportedFormat, "The IFLY ad is \(adData.materialType), not video; there is no player.",
                providerID: info.providerID, hint: "Control playback only for materialType == .video.")
        }
        guard binding != nil, !isDestroyed else {
            throw AdError(
                .notReady, "Cannot \(command.rawValue) the video: the ad is not attached.",
                providerID: info.providerID, hint: "Attach the ad with a video view first (I19).")
        }
        guard isExposed else {
            throw AdError(
                .notReady, "Cannot \(command.rawValue) the video before the ad's exposure.",
                providerID: info.providerID, hint: "Wait for the exposure event before controlling playback (I19).")
        }
        let next: VideoState
        let event: String
        switch (command, state) {
        case (.start, .ready), (.start, .stopped), (.start, .completed): (next, event) = (.playing, "start")
        case (.pause, .playing): (next, event) = (.paused, "pause")
        case (.resume, .paused): (next, event) = (.playing, "resume")
        case (.stop, .playing), (.stop, .paused): (next, event) = (.stopped, "closeLinear")
        default:
            throw AdError(
                .notReady, "Cannot \(command.rawValue) the video while it is \(state.rawValue).",
                providerID: info.providerID, hint: "Follow start → pause/resume → stop.")
        }
        videoState = next
        send(response.videoTracking[event] ?? [], kind: .tracking(event))
        events?.sendNow(.videoStateChanged(next))
    }

    // MARK: Detach, destroy

    /// Forgets the container; a playing video stops (the SDK's player leaves the host view).
    public func detach(part: AdPart) {
        binding = nil
        if videoState == .playing || videoState == .paused {
            videoState = .stopped
            events?.sendNow(.videoStateChanged(.stopped))
        }
    }

    /// Gone for good: nothing is sent again.
    public func destroy() {
        isDestroyed = true
        binding = nil
        events = nil
    }

    private func send(_ urls: [String], kind: Beacon.Kind) {
        guard !isDestroyed else { return }
        let values = stamps.next().macroValues
        let pings = VASTMacroExpander.pings(for: urls, values: values)
        beacons.send(pings.map { Beacon(kind: kind, url: $0.absoluteString, providerID: info.providerID) })
    }
}
