extension AdHost {
    // MARK: Full-screen presentations (rule G2)

    /// The full-screen ad shown in a window, held weakly: the host never keeps an ad alive.
    struct Presenter {
        /// The ad's ID.
        let id: AdID
        /// The ad, while someone holds it.
        weak var ad: UnifiedAd?
    }

    /// The ad shown full-screen in `window`, if any: one presentation per window at a time, as a root presenter
    /// that is already presenting cannot present again.
    public func presentedAd(in window: HostWindowID) -> AdID? { presenters[window]?.id }

    /// The host's own close of the full-screen ad shown from `context` (its screen goes away, its UI bridge's
    /// presenter was dismissed): the same close as the user's, ``UnifiedAd/close()``, on whichever ad is presented
    /// in the context's window, whatever its provider, so a host that handed the ad to mediation still ends it.
    ///
    /// ```swift
    /// screen.onDisappear = { try? host.closePresentedAd(from: context) }
    /// ```
    ///
    /// - Throws: `presenterNotInWindow` when the context's node is in no window; `notReady` when no full-screen ad
    ///   is presented in its window; the ad's own refusal (``UnifiedAd/close()``).
    public func closePresentedAd(from context: HostContextProvider) throws(AdError) {
        let window = try context.presentationWindow(in: tree)
        guard let ad = presenters[window]?.ad else {
            throw AdError(
                .notReady,
                "No full-screen ad is presented in \(window), the window of the context node \(context.node).",
                hint: "Close from a context while an ad presented from it is on screen; presentedAd(in:) says which.")
        }
        try ad.close()
    }

    /// Throws `presenterBusy` when `window` shows a full-screen ad other than `ad` (rule G2).
    func checkPresenterFree(_ window: HostWindowID, for ad: AdID, providerID: ProviderID?) throws(AdError) {
        guard let shown = presenters[window]?.id, shown != ad else { return }
        throw AdError(
            .presenterBusy, "The window \(window) already shows another full-screen ad (\(shown)).",
            providerID: providerID,
            hint: "Present after the ad on screen is dismissed; a window shows one full-screen ad (G2).")
    }

    /// Records that `ad` is shown full-screen in `window`.
    func beginPresentation(of ad: UnifiedAd, in window: HostWindowID) {
        presenters[window] = Presenter(id: ad.id, ad: ad)
    }

    /// Records that `ad` is no longer shown full-screen in `window`.
    func endPresentation(of ad: AdID, in window: HostWindowID) {
        if presenters[window]?.id == ad { presenters[window] = nil }
    }
}
