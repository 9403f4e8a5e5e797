public import AdCore
import AdCreative
import AdVAST
import Foundation

/// One loaded Google full-screen ad (interstitial, rewarded, rewarded interstitial), driven by the unified layer.
///
/// It is presented, never bound. While presented it plays in the driver's time (``GooglePlayback``), sampling on
/// a timer whether its window is in the foreground: it pauses in the background and resumes in the foreground.
/// Tracking, impression and click URLs leave through the host's beacon sender with their macros expanded
/// (`[ADPLAYHEAD]`, `[ASSETURI]`, `[ADSERVINGID]`, `[CACHEBUSTING]`). The reward is sent once, when playback
/// reaches the threshold, so always before the dismissal (rule G11). The user's taps, skip and close reach it
/// through ``userDidTap()``, ``userDidSkip()`` and ``userDidClose()`` (a UI bridge calls them; so do tests).
///
/// ```swift
/// let google = unified.loadedAd as? GoogleFullScreenAd
/// try google?.userDidSkip()   // after the skip offset
/// ```
@MainActor
public final class GoogleFullScreenAd: ProviderAd {
    /// How often playback samples its window (a player's frame of progress).
    public static let sampleInterval: Duration = .milliseconds(250)

    /// The share of the ad's full-screen overlay that must be visible for playback to run (MRC video: half).
    public static let minimumVisibleShare = 0.5

    /// What was loaded.
    public let info: LoadedAdInfo
    /// The decoded response.
    public let creative: GoogleCreative
    /// Where playback is.
    public private(set) var playback: GooglePlayback
    /// Where the ad is shown, while presented.
    public private(set) var presentation: PresentationContext?
    /// Whether the impression counted.
    public private(set) var impressionRecorded = false

    private let beacons: any BeaconSender
    private let stamps: BeaconStamps
    private var events: AdEventSink?
    /// What the ad may use while presented: the scheduler for playback, the geometry of its overlay.
    private var context: ProviderContext?
    private var timer: ScheduledActionID?
    private var clickCounted = false
    private var isFinished = false

    init(info: LoadedAdInfo, creative: GoogleCreative, beacons: any BeaconSender, stamps: BeaconStamps) {
        self.info = info
        self.creative = creative
        self.beacons = beacons
        self.playback = GooglePlayback(creative: creative)
        self.stamps = stamps
    }

    /// The playhead.
    public var position: Duration { playback.position }

    /// Whether the user may skip now.
    public var canSkip: Bool {
        guard let skipOffset = creative.skipOffset, presentation != nil, !playback.hasEnded else { return false }
        return playback.state != .notStarted && playback.position >= skipOffset
    }

    // MARK: ProviderAd

    /// Starts playback in the presentation's window; the first sample runs at once (in the driver's next turn).
    public func present(_ presentation: PresentationContext, context: ProviderContext) throws(AdError) {
        guard !isFinished, self.presentation == nil else {
            throw AdError(
                .alreadyUsed, "This Google ad was already shown.", providerID: info.providerID,
                providerCode: GoogleErrorCode.adAlreadyUsed, hint: "Load a new ad; a full-screen ad shows once (G9).")
        }
        self.presentation = presentation
        events = context.events
        self.context = context
        scheduleSample(after: .zero)
    }

    /// The impression counted (the unified tracker saw the ad cover its foreground window): fires the URLs.
    public func didRecordImpression(_ data: ImpressionData) {
        impressionRecorded = true
        send(creative.impressionURLs, kind: .impression)
    }

    /// Stops playback and drops the sink: nothing is sent after destroy (rule C5).
    public func destroy() {
        finish()
        events = nil
    }

    // MARK: User actions

    /// The user tapped the ad: counts once, after the impression, while presented; fires the click tracking and
    /// opens the click-through through the host's landing opener (reported as `.jumped`, N6). A repeated tap counts
    /// nothing and opens nothing: the player is still on screen and the click-through already opened.
    @discardableResult
    public func userDidTap() -> ClickOutcome {
        guard let events, presentation != nil, !isFinished else {
            return .rejected(
                AdError(
                    .clickRejected, "A tap on a Google ad that is not on screen.", providerID: info.providerID,
                    hint: "Only a presented full-screen ad takes taps."))
        }
        guard impressionRecorded else {
            return .rejected(
                AdError(
                    .clickRejected, "A tap before the impression counted.", providerID: info.providerID,
                    hint: "The ad counts clicks only after its impression (C4); present it in a foreground window."))
        }
        guard !clickCounted else { return .repeated }
        clickCounted = true
        send(creative.clickTrackingURLs, kind: .click)
        events.sendNow(.click(component: nil))
        context?.landings.open(creative.clickThrough.map { [$0] } ?? [])
        return .counted
    }

    /// The user skipped: fires `skip` tracking and dismisses the ad (no reward unless already earned).
    ///
    /// - Throws: `notReady` when the ad is not skippable or the skip offset has not been reached.
    public func userDidSkip() throws(AdError) {
        guard canSkip, let events else {
            let reason: String
            if let skipOffset = creative.skipOffset {
                reason = "it can be skipped after \(skipOffset) of playback (now \(playback.position))"
            } else {
                reason = "this ad is not skippable"
            }
            throw AdError(
                .notReady, "The Google ad cannot be skipped now: \(reason).", providerID: info.providerID,
                hint: "Offer the skip button only when canSkip is true.")
        }
        fire(event: "skip")
        events.sendNow(.videoStateChanged(.skipped))
        dismiss()
    }

    /// The user closed the ad in the player (a UI bridge's close button): reported to the unified ad as `.closed`,
    /// which closes it the one way every ad closes (`UnifiedAd/close()`: ``didClose()`` here, then the
    /// dismissal). A reward not yet earned is never granted (rule G11). Nothing happens when it is not on screen.
    public func userDidClose() {
        guard presentation != nil, !isFinished else { return }
        events?.sendNow(.closed)
    }

    /// The user closed the ad (`UnifiedAd/close()`): fires `closeLinear` if the video had not ended, then
    /// `close`, and stops playback; the unified ad emits the dismissal.
    public func didClose() {
        guard presentation != nil, !isFinished else { return }
        if case .video = creative.kind, !playback.hasEnded { fire(event: "closeLinear") }
        fire(event: "close")
        finish()
    }

    // MARK: Playback

    private func scheduleSample(after delay: Duration) {
        guard let context else { return }
        timer = context.scheduler.schedule(after: delay) { [weak self] in self?.sample() }
    }

    private func sample() {
        timer = nil
        guard !isFinished, let context, let presentation else { return }
        // The user can watch only while the window is in the foreground and the ad's overlay is not covered (a host
        // node drawn over it hides the ad): otherwise playback pauses, and no reward is earned meanwhile (G11).
        let geometry = context.geometry
        let foreground = geometry.isInForegroundWindow(presentation.overlay)
        let watchable =
            foreground && geometry.geometry(of: presentation.overlay).visibleRatio >= Self.minimumVisibleShare
        for output in playback.sample(at: context.scheduler.now, foreground: watchable) {
            switch output {
            case .started: events?.sendNow(.videoStateChanged(.playing))
            case .tracking(let event, let url, let playhead): ping(url, kind: .tracking(event), playhead: playhead)
            case .paused:
                fire(event: "pause")
                events?.sendNow(.videoStateChanged(.paused))
            case .resumed:
                fire(event: "resume")
                events?.sendNow(.videoStateChanged(.playing))
            case .rewardEarned:
                if let reward = creative.reward { events?.sendNow(.rewardEarned(reward)) }
            case .completed: events?.sendNow(.videoStateChanged(.completed))
            }
        }
        if !playback.hasEnded { scheduleSample(after: Self.sampleInterval) }
    }

    private func dismiss() {
        let events = self.events
        finish()
        events?.sendNow(.didDismiss)
    }

    private func finish() {
        isFinished = true
        playback.stop()
        if let timer { context?.scheduler.cancel(timer) }
        timer = nil
        context = nil
    }

    // MARK: Beacons

    /// Fires every tracking URL of `event` (event-driven ones: pause, resume, skip, closeLinear, close).
    private func fire(event: String) {
        for tracking in creative.trackingEvents where tracking.event == event {
            ping(tracking.url, kind: .tracking(event), playhead: playback.position)
        }
    }

    private func send(_ urls: [String], kind: Beacon.Kind) {
        for url in urls { ping(url, kind: kind, playhead: playback.position) }
    }

    private func ping(_ template: String, kind: Beacon.Kind, playhead: Duration) {
        var values = stamps.next().macroValues
        let time = VASTTime(milliseconds: Int(playhead / .milliseconds(1)))
        values.adPlayhead = time
        values.mediaPlayhead = time
        values.adServingId = creative.adServingID
        switch creative.kind {
        case .video(let mediaURL): values.assetURI = mediaURL
        case .image(let imageURL): values.assetURI = imageURL
        }
        for url in VASTMacroExpander.pings(for: [template], values: values) {
            beacons.send(Beacon(kind: kind, url: url.absoluteString, providerID: info.providerID))
        }
    }
}
