public import AdCore

/// A stand-alone Yandex native ad: the provider ad the unified layer drives for the `.native` format. It binds
/// through `UnifiedAd.bind`, counts its own impression (the same rules as a card) and takes clicks through
/// `UnifiedAd.click(on:)`.
///
/// ```swift
/// let native = unified.loadedAd as? YandexNativeAd
/// print(native?.state.asset(.title)?.text ?? "")
/// ```
@MainActor
public final class YandexNativeAd: ProviderAd {
    /// What was loaded.
    public let info: LoadedAdInfo
    /// The ad's state: assets, impression, images.
    public let state: NativeAdState
    private var events: AdEventSink?
    private var isDestroyed = false

    init(info: LoadedAdInfo, card: YandexCard, runtime: YandexRuntime) {
        self.info = info
        self.state = NativeAdState(card: card, runtime: runtime, component: nil)
        state.owner = self
    }

    /// An ad released without ``destroy()`` cleans up as if destroyed: its timer stops, it raises no event, and the
    /// placement ledger forgets its creative, so other placements may show it (rules Y18, C5).
    isolated deinit {
        destroy()
    }

    /// The card's required assets (the unified layer checks them on `bind`).
    public var requiredAssets: Set<AssetKind> { state.card.requiredAssets }

    /// Binds the ad's state to the unified binding and starts counting its impression.
    public func attach(_ binding: AdBinding, context: ProviderContext) throws(AdError) {
        events = context.events
        do throws(AdError) {
            try state.bind(binding)
        } catch {
            events = nil
            throw error
        }
    }

    /// A click the unified validator accepted: fire the click tracking.
    public func didRecordClick(on node: HostNodeID?) { state.recordClick() }

    /// Detaches the state.
    public func detach() {
        state.detach()
        events = nil
    }

    /// Releases everything; nothing is reported again. Calling it again does nothing.
    public func destroy() {
        guard !isDestroyed else { return }
        isDestroyed = true
        state.destroy()
        events = nil
        state.runtime.host.ledger.release(creative: state.card.creativeID, in: state.runtime.placementKey)
    }
}

extension YandexNativeAd: NativeAdOwner {
    func nativeAd(_ ad: NativeAdState, willBind binding: AdBinding) throws(AdError) {}
    func nativeAdDidBind(_ ad: NativeAdState) {}
    func nativeAd(_ ad: NativeAdState, bindingFailed error: AdError) {}
    func nativeAdDidDetach(_ ad: NativeAdState) {}
    func nativeAd(_ ad: NativeAdState, didRecordImpression data: ImpressionData) { events?.sendNow(.impression(data)) }
    func nativeAdDidRecordClick(_ ad: NativeAdState) { events?.sendNow(.click(component: nil)) }
}
