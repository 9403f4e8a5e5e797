public import AdCore

/// What the three Google full-screen formats share (rules G2-G11): the unified ad underneath, the content
/// events, the presentation checks and the user's actions. Use one of its subclasses: ``InterstitialAd``,
/// ``RewardedAd`` or ``RewardedInterstitialAd``.
///
/// ```swift
/// let ad: GoogleFullScreenAdBase = try await InterstitialAd.load(adUnitID: "ca-app-pub-1/2", host: host)
/// try ad.canPresent(from: context)
/// ```
@MainActor
public class GoogleFullScreenAdBase {
    let controller: FullScreenAdController

    init(_ controller: FullScreenAdController) { self.controller = controller }

    /// The unified ad underneath: its phase, info and lifecycle events.
    public var ad: UnifiedAd { controller.ad }
    /// The ad unit.
    public var adUnitID: String { controller.ad.request.adUnitID }
    /// The loaded Google ad: its creative and playback.
    public var googleAd: GoogleFullScreenAd? { controller.googleAd }

    /// Adds a handler for the full-screen content events (G8), delivered on the main actor in order.
    public func onContentEvent(_ handler: @escaping @MainActor (FullScreenContentEvent) -> Void) {
        controller.onContentEvent(handler)
    }

    /// Returns when the ad can be presented from `context` now; otherwise throws the exact reason:
    /// `notReady` (G6), `alreadyUsed` (G9), `expired` (G10), `cancelled` (destroyed), `presenterNotInWindow` (G3),
    /// `invalidRequest` for a context that takes room (G5), `presenterBusy` while its window shows another
    /// full-screen ad (G2).
    public func canPresent(from context: HostContextProvider) throws(AdError) {
        try controller.canPresent(from: context)
    }

    /// The user tapped the ad (a UI bridge reports it): counted once, after the impression.
    @discardableResult
    public func userDidTap() -> ClickOutcome { controller.userDidTap() }

    /// The user skipped the ad (after its skip offset); it is dismissed.
    ///
    /// - Throws: `notReady` when the ad is not on screen, not skippable, or not yet skippable.
    public func userDidSkip() throws(AdError) { try controller.userDidSkip() }

    /// The user closed the ad; it is dismissed (a reward not yet earned is lost, G11). The same as
    /// `UnifiedAd/close()` on ``ad``, the call every format shares.
    ///
    /// - Throws: `notReady` when the ad is not on screen, `alreadyUsed` when it was already closed or dismissed.
    public func userDidClose() throws(AdError) { try controller.userDidClose() }

    /// Destroys the ad: its timers stop and it never emits again (C5).
    public func destroy() { controller.ad.destroy() }
}
