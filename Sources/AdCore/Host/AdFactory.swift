/// What a provider's host-facing facade (Google's `RewardedAd`, IFLY's `NativeFeedAdLoader`, Yandex's
/// `SliderAdState`) may use of the host: make a unified ad for a request, record a diagnostic, wait on the host's
/// scheduler. Nothing else: not the host's tree, ledger, transport, beacons or other ads. ``AdHost`` is one; a
/// facade takes `any AdFactory`, so it is handed exactly these capabilities.
///
/// ```swift
/// let rewarded = try RewardedAd(adUnitID: "ca-app-pub-1/2", host: host)   // host: any AdFactory
/// ```
@MainActor
public protocol AdFactory: AnyObject {
    /// Makes the unified ad of `request` from provider `id` (see ``AdHost/makeAd(_:provider:)``).
    func makeAd(_ request: AdRequest, provider id: ProviderID) throws(AdError) -> UnifiedAd
    /// Where integration diagnostics go.
    var diagnostics: AdDiagnostics { get }
    /// The host's time, timers and async work.
    var scheduler: any AdScheduler { get }
}

extension AdHost: AdFactory {}
