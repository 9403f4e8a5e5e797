public import AdCore

/// Makes IFLY native feed ads for a host and knows which ad is attached to which container, so a list detaches
/// by container (`detachAdFromContainerView:`, rule I16) without remembering index paths.
///
/// The list's data layer owns the loader and the ads (I18); cells only render and attach/detach.
///
/// ```swift
/// let loader = NativeFeedAdLoader(host: host)
/// let ad = try loader.makeAd(adUnitID: "feed-1")
/// // cell reuse:
/// loader.detachAd(fromContainer: cell.container)
/// ```
@MainActor
public final class NativeFeedAdLoader {
    /// The host the ads live in.
    public let host: any AdFactory
    /// The provider serving the ads.
    public let providerID: ProviderID

    private var attached: [HostNodeID: ObjectIdentifier] = [:]
    private var ads: [ObjectIdentifier: WeakBox] = [:]

    private struct WeakBox {
        weak var ad: NativeFeedAd?
    }

    /// Creates a loader.
    public init(host: any AdFactory, providerID: ProviderID = IFLYProvider.id) {
        self.host = host
        self.providerID = providerID
    }

    /// Makes an ad for an ad unit (not loaded yet).
    ///
    /// - Throws: `invalidRequest` for an empty ad unit or an unregistered provider.
    public func makeAd(
        adUnitID: String, placementID: String? = nil, timeout: Duration = .seconds(10)
    ) throws(AdError) -> NativeFeedAd {
        let unified = try host.makeAd(
            AdRequest(adUnitID: adUnitID, format: .native, placementID: placementID, timeout: timeout),
            provider: providerID)
        return adopt(unified)
    }

    /// Wraps a unified ad made elsewhere so this loader tracks its containers.
    public func adopt(_ unified: UnifiedAd) -> NativeFeedAd {
        NativeFeedAd(unified: unified, host: host, loader: self)
    }

    /// The ad attached to `container`, if any.
    public func ad(attachedTo container: HostNodeID) -> NativeFeedAd? {
        guard let id = attached[container] else { return nil }
        return ads[id]?.ad
    }

    /// Detaches whichever ad is attached to `container`, synchronously (rule I16); returns whether one was.
    @discardableResult
    public func detachAd(fromContainer container: HostNodeID) -> Bool {
        guard let ad = ad(attachedTo: container) else { return false }
        return ad.detach(from: container)
    }

    func record(_ ad: NativeFeedAd, attachedTo container: HostNodeID) {
        let id = ObjectIdentifier(ad)
        attached[container] = id
        ads[id] = WeakBox(ad: ad)
    }

    func forget(_ ad: NativeFeedAd, container: HostNodeID) {
        let id = ObjectIdentifier(ad)
        if attached[container] == id { attached[container] = nil }
        if !attached.values.contains(id) { ads[id] = nil }
    }
}
