import AdCore

/// The ad a ``FastTierProvider`` loads: the info its real provider loaded from the same answer, and nothing to
/// bind or present (the fast tier binds nothing; its impressions and clicks are drawn).
///
/// ```swift
/// let ad = FastTierAd(info: info)
/// ```
@MainActor
final class FastTierAd: ProviderAd {
    /// What the real provider loaded, with this request's times and price.
    let info: LoadedAdInfo

    /// Creates the ad.
    init(info: LoadedAdInfo) { self.info = info }
}
