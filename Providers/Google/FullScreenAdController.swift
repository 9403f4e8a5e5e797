import AdCore

/// What the three host-facing Google ad types share: a ``AdCore/UnifiedAd`` of one format, the mapping of its
/// events to ``FullScreenContentEvent``s (rule G8), the presentation checks and the user's actions.
@MainActor
final class FullScreenAdController {
    let ad: UnifiedAd
    let host: any AdFactory
    let format: AdFormat
    private var contentHandlers: [@MainActor (FullScreenContentEvent) -> Void] = []
    private var rewardHandler: (@MainActor (AdReward) -> Void)?

    init(wrapping ad: UnifiedAd, host: any AdFactory, format: AdFormat) throws(AdError) {
        guard ad.request.format == format else {
            throw AdError(
                .invalidRequest, "The ad was requested as \(ad.request.format), not \(format).",
                providerID: ad.providerID, hint: "Wrap the ad in the type of its format.")
        }
        if let loaded = ad.loadedAd, !(loaded is GoogleFullScreenAd) {
            throw AdError(
                .invalidRequest, "The ad was loaded by '\(ad.providerID)', not by the Google provider.",
                providerID: ad.providerID, hint: "Only ads made with provider \"google\" can be wrapped.")
        }
        self.ad = ad
        self.host = host
        self.format = format
        ad.onEvent { [weak self] event in self?.route(event) }
    }

    /// Makes a unified ad for the format and loads it.
    static func load(
        adUnitID: String, request: GoogleAdRequest, host: any AdFactory, provider: ProviderID, format: AdFormat
    ) async throws(AdError) -> FullScreenAdController {
        let ad = try host.makeAd(request.adRequest(adUnitID: adUnitID, format: format), provider: provider)
        let controller = try FullScreenAdController(wrapping: ad, host: host, format: format)
        await ad.load().value
        switch ad.phase {
        case .loaded:
            return controller
        case .failed(let error):
            throw error
        default:
            throw AdError(
                .internal, "The load of \(adUnitID) ended in phase \(ad.phase).", providerID: provider,
                hint: "Report this: a finished load always ends loaded or failed.")
        }
    }

    var googleAd: GoogleFullScreenAd? { ad.loadedAd as? GoogleFullScreenAd }

    func onContentEvent(_ handler: @escaping @MainActor (FullScreenContentEvent) -> Void) {
        contentHandlers.append(handler)
    }

    /// Throws the exact reason the ad cannot be presented from `context` now (the unified ad's, with Google's
    /// codes), or returns.
    func canPresent(from context: HostContextProvider) throws(AdError) {
        if let rejection = ad.presentRejection(from: context) { throw rejection }
    }

    func present(from context: HostContextProvider, reward: (@MainActor (AdReward) -> Void)?) throws(AdError) {
        rewardHandler = reward
        do throws(AdError) {
            try ad.present(from: context)
        } catch {
            rewardHandler = nil
            throw error
        }
    }

    func userDidTap() -> ClickOutcome {
        guard let googleAd else {
            return .rejected(
                AdError(
                    .clickRejected, "A tap on a Google ad that has not loaded.", providerID: ad.providerID,
                    hint: "Only a presented full-screen ad takes taps."))
        }
        return googleAd.userDidTap()
    }

    func userDidSkip() throws(AdError) {
        guard let googleAd, ad.phase == .presented else {
            throw AdError(
                .notReady, "Only a presented ad can be skipped (\(ad.phase)).", providerID: ad.providerID,
                hint: "Offer the skip button only while the ad is on screen.")
        }
        try googleAd.userDidSkip()
    }

    func userDidClose() throws(AdError) {
        try ad.close()
    }

    private func route(_ event: AdEvent) {
        if case .rewardEarned(let reward) = event { rewardHandler?(reward) }
        guard let content = FullScreenContentEvent(event) else { return }
        for handler in contentHandlers { handler(content) }
    }
}
