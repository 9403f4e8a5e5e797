public import AdCore

/// A Google rewarded interstitial ad (rule G1), host-facing and single use (G9): load it, then present it from the host's
/// context provider in response to a host action (G2-G7).
///
/// Shown without an opt-in, it grants its reward once when playback reaches the threshold, before did-dismiss,
/// and never when the user closes or skips it first (G11).
///
/// ```swift
/// let ad = try await RewardedInterstitialAd.load(adUnitID: "ca-app-pub-3940256099942544/6978759866", host: host)
/// ad.onContentEvent { print($0) }   // willPresent, impression, rewardEarned, willDismiss, didDismiss
/// try ad.canPresent(from: context)
/// try ad.present(from: context) { reward in lives += reward.amount }
/// ```
@MainActor
public final class RewardedInterstitialAd: GoogleFullScreenAdBase {
    override init(_ controller: FullScreenAdController) { super.init(controller) }

    /// Loads an ad for `adUnitID` through the host's provider `provider` (`"google"` by default). Nothing is
    /// presented on load (G7).
    ///
    /// - Throws: the load's typed failure (`noFill`, `invalidResponse`, `timeout`, ...), keeping Google's code.
    public static func load(
        adUnitID: String, request: GoogleAdRequest = GoogleAdRequest(), host: any AdFactory,
        provider: ProviderID = "google"
    ) async throws(AdError) -> RewardedInterstitialAd {
        RewardedInterstitialAd(
            try await FullScreenAdController.load(
                adUnitID: adUnitID, request: request, host: host, provider: provider, format: .rewardedInterstitial))
    }

    /// Wraps a unified ad of format `.rewardedInterstitial` (loaded or not: a mediation layer may hand one over).
    ///
    /// - Throws: `invalidRequest` when the ad has another format or was loaded by another provider.
    public init(wrapping ad: UnifiedAd, host: any AdFactory) throws(AdError) {
        super.init(try FullScreenAdController(wrapping: ad, host: host, format: .rewardedInterstitial))
    }

    /// The reward the ad grants (type, amount), once loaded.
    public var reward: AdReward? { controller.googleAd?.creative.reward }

    /// Presents the ad in the window of the host's `context` (G2, G4). `userDidEarnReward` runs once, when the user earns the reward, before
    /// did-dismiss (G11).
    ///
    /// - Throws: what `canPresent(from:)` names; failures after load are also sent as `failedToPresent`.
    public func present(from context: HostContextProvider, userDidEarnReward: @escaping @MainActor (AdReward) -> Void)
        throws(AdError)
    {
        try controller.present(from: context, reward: userDidEarnReward)
    }
}
