import AdCore

/// A weak reference to a provider's ad, to see it deallocated once its unified ad is destroyed (K14, K29).
@MainActor
struct WeakProviderAd {
    weak var object: AnyObject?

    init(_ ad: (any ProviderAd)?) { object = ad }

    /// Whether the ad has been deallocated.
    var isReleased: Bool { object == nil }
}
