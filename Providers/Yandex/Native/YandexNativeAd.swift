public import AdCore

/// A stand-alone Yandex native ad: the provider ad the unified layer drives for the `.native` format. It binds
/// through `UnifiedAd.bind` (or its ``state``'s ``NativeAdContainer``); the unified ad counts its impression by
/// Yandex's rule and validates its clicks, this type fires the tracking and publishes the state.
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
    private var isDestroyed = false

    init(info: LoadedAdInfo, card: YandexCard, runtime: YandexRuntime, impressionRule: ImpressionRule) {
        self.info = info
        self.state = NativeAdState(card: card, part: .main, runtime: runtime, impressionRule: impressionRule)
    }

    /// An ad released without ``destroy()`` cleans up as if destroyed: it raises no event, and the placement ledger
    /// forgets its creative, so other placements may show it (rules Y18, C5).
    isolated deinit {
        destroy()
    }

    /// The card's required assets (the unified layer checks them on `bind`).
    public var requiredAssets: Set<AssetKind> { state.card.requiredAssets }

    /// What the ad shows, as every native ad's content (N1).
    public var content: NativeAdContent? { YandexContent.content(of: state.card) }

    /// A click opens the card's click-through (the unified ad asks the host, N6).
    public func landingURLs(for part: AdPart) -> [String]? { state.card.clickThrough.map { [$0] } }

    /// The card's rule (a video card counts by the video rule, Y20).
    public var impressionRule: ImpressionRule? { state.impressionRule }

    /// Keeps the unified ad's parts for the state's container.
    public func didLoad(context: ProviderContext) { state.parts = context.parts }

    /// Yandex's own checks of the binding (a card's invalid fields, click views inside the container).
    public func checkAttach(_ binding: AdBinding, part: AdPart, context: ProviderContext) throws(AdError) {
        try state.check(binding, context: context)
    }

    /// The ad is bound.
    public func attach(_ binding: AdBinding, part: AdPart, context: ProviderContext) throws(AdError) {
        state.didAttach(binding, context: context)
    }

    /// The impression counted: fire the impression tracking.
    public func didRecordImpression(_ data: ImpressionData) {
        state.didRecordImpression(data, at: state.runtime.environment.scheduler.now)
    }

    /// A click the unified validator accepted: fire the click tracking.
    public func didRecordClick(on node: HostNodeID?, part: AdPart) { state.didRecordClick() }

    /// The ad was detached.
    public func detach(part: AdPart) { state.didDetach() }

    /// Releases everything; nothing is reported again. Calling it again does nothing.
    public func destroy() {
        guard !isDestroyed else { return }
        isDestroyed = true
        state.destroy()
        state.runtime.release([state.card.creativeID])
    }
}
