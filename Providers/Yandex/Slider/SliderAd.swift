public import AdCore
public import Observation

/// A loaded Yandex slider: the block and its cards. It is the provider ad the unified layer drives for the
/// `.nativeSlider` format, and what ``SliderAdState`` publishes once loaded.
///
/// The block binds through a ``SliderAdContainer`` (or `UnifiedAd.bind`), each card through its own
/// ``NativeAdContainer`` inside the block's container (rules Y5-Y7). The block counts one impression, each card
/// one of its own; the block has no click (rule Y8).
///
/// ```swift
/// let slider = unified.loadedAd as? SliderAd
/// let first = slider?.layout.ads.first
/// ```
@Observable
@MainActor
public final class SliderAd: ProviderAd {
    /// What was loaded.
    public let info: LoadedAdInfo
    /// The decoded response (after the placement ledger's exclusions, rule Y18).
    public let response: YandexResponse
    /// The card states, in block order (rule Y19).
    public let cards: [NativeAdState]
    /// When the block's impression counted.
    public private(set) var blockImpressionAt: AdInstant?
    /// The block's binding, while bound.
    public private(set) var blockBinding: AdBinding?
    /// The block's own image URLs loaded so far, one by one as each loads; the block's image views observe it and
    /// update themselves, like a card's views observe ``NativeAdState/loadedImageURLs`` (rule Y14).
    public private(set) var loadedBlockImageURLs: Set<String> = []

    @ObservationIgnored let runtime: YandexRuntime
    @ObservationIgnored private var blockTracker: ImpressionTrackerSet.TrackerID?
    @ObservationIgnored private var events: AdEventSink?
    @ObservationIgnored private var unifiedAdID: AdID?
    @ObservationIgnored private var clickViewOwners: [HostNodeID: String] = [:]
    @ObservationIgnored private var isDestroyed = false
    @ObservationIgnored var onBlockImpression: (@MainActor (ImpressionData) -> Void)?
    @ObservationIgnored var onBlockBindingFailure: (@MainActor (AdError) -> Void)?

    init(info: LoadedAdInfo, response: YandexResponse, runtime: YandexRuntime) {
        self.info = info
        self.response = response
        self.runtime = runtime
        self.cards = response.cards.map { NativeAdState(card: $0, runtime: runtime, component: $0.id) }
        for card in cards { card.owner = self }
    }

    /// A slider released without ``destroy()`` (by its ``SliderAdState``, a `UnifiedAd`, or a direct caller of
    /// `YandexProvider.loadSlider`) cleans up as if destroyed: its timers stop, its cards raise no event, and the
    /// placement ledger forgets its cards (rules Y18, C5).
    isolated deinit {
        destroy()
    }

    /// The block's layout: its cards and its own assets (rule Y4).
    public var layout: SliderAdLayoutInfo { SliderAdLayoutInfo(ads: cards, blockAssets: response.blockAssets) }

    /// The block's required assets (rule Y9): the unified layer checks them on `bind`.
    public var requiredAssets: Set<AssetKind> { response.blockRequiredAssets }

    /// The block's own image URLs (its image assets, not its cards').
    public var blockImageURLs: [String] { response.blockAssets.compactMap(\.imageURL) }

    /// Whether every image of the block itself has loaded (a block without images: `true`).
    public var blockImagesLoaded: Bool { blockImageURLs.allSatisfy(loadedBlockImageURLs.contains) }

    /// Whether the block's impression has counted.
    public var blockImpressionCounted: Bool { blockImpressionAt != nil }

    // MARK: Block binding (rules Y6, Y9)

    /// Binds the block's container and the nodes of its own assets.
    func bindBlock(_ binding: AdBinding, reportFailure: Bool) throws(AdError) {
        do throws(AdError) {
            guard !isDestroyed else {
                throw AdError(
                    .cancelled, "The slider was destroyed.", providerID: runtime.providerID,
                    hint: "Load a new slider; a destroyed ad is never reused.")
            }
            if let current = blockBinding, current.container != binding.container {
                throw AdError(
                    .invalidBinder, "The slider is already shown in \(current.container).",
                    providerID: runtime.providerID, hint: "Detach the slider before showing it in another container.")
            }
            try AssetBinder(engine: runtime.host.engine)
                .check(binding, required: response.blockRequiredAssets, providerID: runtime.providerID)
            if !binding.clickViews.isEmpty {
                throw AdError(
                    .invalidBinder, "The slider block has no click of its own; it takes no click views.",
                    providerID: runtime.providerID,
                    hint: "Register click views on each card's NativeAdContainer; clicks come only from cards (Y8).")
            }
        } catch {
            if reportFailure, !isDestroyed { onBlockBindingFailure?(error) }
            throw error
        }
        blockBinding = binding
        for card in cards where card.isBound { checkPlacement(of: card) }
        updateBlockTracking()
    }

    func detachBlock() {
        stopBlockTracking()
        blockBinding = nil
    }

    // MARK: ProviderAd (the unified lifecycle)

    /// Binds the block (the unified checks passed): the binding's container is the slider container.
    public func attach(_ binding: AdBinding, context: ProviderContext) throws(AdError) {
        try bindBlock(binding, reportFailure: false)
        events = context.events
        unifiedAdID = context.adID
    }

    /// Refuses every click the unified layer sees: the block has no click (rule Y8).
    public func validateClick(on node: HostNodeID, binding: AdBinding) -> AdError? {
        AdError(
            .clickRejected, "The slider block has no click of its own.", providerID: runtime.providerID,
            hint: "Send taps to the card's NativeAdContainer.click(on:); clicks come only from cards (Y8).")
    }

    /// Detaches the block and every card.
    public func detach() {
        for card in cards { card.detach() }
        detachBlock()
        if let unifiedAdID { runtime.host.unregisterClickViews(of: unifiedAdID) }
        events = nil
    }

    /// Stops every timer, releases the ledger's holds and never calls back again.
    public func destroy() {
        guard !isDestroyed else { return }
        isDestroyed = true
        stopBlockTracking()
        for card in cards { card.destroy() }
        for card in cards { runtime.host.ledger.release(creative: card.card.creativeID, in: runtime.placementKey) }
        blockBinding = nil
        events = nil
        onBlockImpression = nil
        onBlockBindingFailure = nil
    }

    // MARK: Block impression (rules Y7, Y9)

    private var cardsInsideBlock: [NativeAdState] {
        guard let blockBinding else { return [] }
        return cards.filter { card in
            guard let container = card.binding?.container else { return false }
            return (try? runtime.host.tree.isDescendant(container, of: blockBinding.container)) == true
        }
    }

    private func updateBlockTracking() {
        guard blockImpressionAt == nil, !isDestroyed, let blockBinding, !cardsInsideBlock.isEmpty else {
            stopBlockTracking()
            return
        }
        guard blockTracker == nil else { return }
        // Y22: the block's continuous second holds only while one of its cards is seen too (not an empty or
        // hidden carousel): a moment without one restarts it.
        blockTracker = runtime.host.trackers.track(
            node: blockBinding.container, rule: runtime.impressionRule,
            condition: { [weak self] in self?.isCardSeenInBlock ?? false },
            onImpression: { [weak self] instant in self?.blockTrackerFired(at: instant) }
        )
    }

    /// Whether one of the cards bound inside the block meets the impression rule's visibility now.
    private var isCardSeenInBlock: Bool {
        let engine = runtime.host.engine
        return cardsInsideBlock.contains { card in
            guard let container = card.binding?.container else { return false }
            return runtime.impressionRule.isSatisfied(byRatio: engine.visibleRatio(of: container))
        }
    }

    private func stopBlockTracking() {
        if let blockTracker { runtime.host.trackers.stop(blockTracker) }
        blockTracker = nil
    }

    private func blockTrackerFired(at instant: AdInstant) {
        blockTracker = nil
        guard !isDestroyed, !cardsInsideBlock.isEmpty else { return }
        blockImpressionAt = instant
        let data = runtime.impressionData(creativeID: response.blockID, component: nil)
        runtime.send(response.blockImpressionURLs, kind: .impression)
        onBlockImpression?(data)
        events?.sendNow(.impression(data))
    }

    /// Y7: reports a card bound outside the slider container. A card bound while the container is not bound yet
    /// is not reported here: the order of binding is free, and when the container binds in time with the card
    /// inside it, the block's impression counts. Whether it did is only known later: the container's binding
    /// checks every card already bound (``bindBlock(_:reportFailure:)``), and a card that counts its impression
    /// while the container is still not bound is reported then (``reportCardShownWithoutBlock(_:)``).
    private func checkPlacement(of card: NativeAdState) {
        guard let container = card.binding?.container, let blockBinding else { return }
        if (try? runtime.host.tree.isDescendant(container, of: blockBinding.container)) != true {
            runtime.warn(
                "Card \(card.id) is rendered outside its SliderAdContainer: the card counts its own impression, "
                    + "the block's impression is lost.",
                fix: "Place each card's NativeAdContainer inside the SliderAdContainer's content (Y7).")
        }
    }

    /// Y7: a card counted its impression while the slider container is not bound. It was shown apart from its
    /// block, so the block's impression did not count with it; the integration problem is now certain.
    private func reportCardShownWithoutBlock(_ card: NativeAdState) {
        guard blockBinding == nil, !isDestroyed else { return }
        runtime.warn(
            "Card \(card.id) counted its impression while the slider container is not bound: the card was shown "
                + "apart from its block, so the block's impression did not count with it.",
            fix: "Bind the SliderAdContainer before or together with its cards, and render every card's "
                + "NativeAdContainer inside it (Y7).")
    }

    // MARK: Images (rule Y14)

    /// Loads the images of the block and of every card at once; `completion` runs once, when all finished.
    func loadImages(completion: @escaping @MainActor (Result<Void, AdError>) -> Void) {
        let blockPending = blockImageURLs.filter { !loadedBlockImageURLs.contains($0) }
        var pending: [(NativeAdState?, String)] = blockPending.map { (nil, $0) }
        for card in cards { pending += card.pendingImageURLs.map { (card, $0) } }
        guard !pending.isEmpty, !isDestroyed else {
            completion(.success(()))
            return
        }
        var remaining = pending.count
        var firstFailure: AdError?
        for (card, url) in pending {
            runtime.imageLoader.loadImage(url, environment: runtime.host.environment) { [weak self] result in
                guard let self, !self.isDestroyed else { return }
                switch result {
                case .success:
                    // Each image updates its views as it arrives: a card's, or the block's own (nil card).
                    if let card { card.imageLoaded(url) } else { self.loadedBlockImageURLs.insert(url) }
                case .failure(let error): firstFailure = firstFailure ?? error
                }
                remaining -= 1
                if remaining == 0 { completion(firstFailure.map { .failure($0) } ?? .success(())) }
            }
        }
    }
}

extension SliderAd: NativeAdOwner {
    func nativeAd(_ ad: NativeAdState, willBind binding: AdBinding) throws(AdError) {
        for node in binding.clickViews {
            if let owner = clickViewOwners[node], owner != ad.id {
                throw AdError(
                    .invalidBinder, "Click view \(node) is already registered to card \(owner).",
                    providerID: runtime.providerID, hint: "Give each card its own click views.")
            }
        }
        if let unifiedAdID {
            try runtime.host.registerClickViews(binding.clickViews, to: unifiedAdID, providerID: runtime.providerID)
        }
        for node in binding.clickViews { clickViewOwners[node] = ad.id }
    }

    func nativeAdDidBind(_ ad: NativeAdState) {
        checkPlacement(of: ad)
        updateBlockTracking()
    }

    func nativeAd(_ ad: NativeAdState, bindingFailed error: AdError) {
        events?.sendNow(.bindingFailed(error))
    }

    func nativeAdDidDetach(_ ad: NativeAdState) {
        clickViewOwners = clickViewOwners.filter { $0.value != ad.id }
        updateBlockTracking()
    }

    func nativeAd(_ ad: NativeAdState, didRecordImpression data: ImpressionData) {
        reportCardShownWithoutBlock(ad)
        events?.sendNow(.impression(data))
    }

    func nativeAdDidRecordClick(_ ad: NativeAdState) {
        events?.sendNow(.click(component: ad.id))
    }
}
