public import AdCore

/// A Google interstitial ad (rule G1), host-facing and single use (G9): load it, then present it from the host's
/// context provider in response to a host action (G2-G7).
///
/// ```swift
/// let ad = try await InterstitialAd.load(adUnitID: "ca-app-pub-3940256099942544/4411468910", host: host)
/// ad.onContentEvent { print($0) }   // willPresent, impression, click, willDismiss, didDismiss
/// try ad.canPresent(from: context)
/// try ad.present(from: context)
/// ```
@MainActor
public final class InterstitialAd: GoogleFullScreenAdBase {
    override init(_ controller: FullScreenAdController) { super.init(controller) }

    /// Loads an ad for `adUnitID` through the host's provider `provider` (`"google"` by default). Nothing is
    /// presented on load (G7).
    ///
    /// - Throws: the load's typed failure (`noFill`, `invalidResponse`, `timeout`, ...), keeping Google's code.
    public static func load(
        adUnitID: String, request: GoogleAdRequest = GoogleAdRequest(), host: any AdFactory,
        provider: ProviderID = "google"
    ) async throws(AdError) -> InterstitialAd {
        InterstitialAd(
            try await FullScreenAdController.load(
                adUnitID: adUnitID, request: request, host: host, provider: provider, format: .interstitial))
    }

    /// Wraps a unified ad of format `.interstitial` (loaded or not: a mediation layer may hand one over).
    ///
    /// - Throws: `invalidRequest` when the ad has another format or was loaded by another provider.
    public init(wrapping ad: UnifiedAd, host: any AdFactory) throws(AdError) {
        super.init(try FullScreenAdController(wrapping: ad, host: host, format: .interstitial))
    }

    /// Presents the ad in the window of the host's `context` (G2, G4).
    ///
    /// - Throws: what `canPresent(from:)` names; failures after load are also sent as `failedToPresent`.
    public func present(from context: HostContextProvider) throws(AdError) {
        try controller.present(from: context, reward: nil)
    }
}
