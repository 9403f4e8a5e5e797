public import AdCore
public import Observation

/// A loaded Yandex slider: the block and its cards. It is the provider ad the unified layer drives for the
/// `.nativeSlider` format, and what ``SliderAdState`` publishes once loaded.
///
/// The slider is one unified ad made of components: the block is the ad itself, bound through a
/// ``SliderAdContainer`` (or `UnifiedAd.bind`), and each card is a component bound through its own
/// ``NativeAdContainer`` inside the block's container (rules Y5-Y7). The unified ad counts the block's impression
/// (only while one of its cards is seen, Y22) and each card's, and validates card clicks; this type adds Yandex's
/// rules: the block has no click (Y8), a card outside the block is reported (Y7), images (Y14).
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
    /// The cards as components of the unified ad, in block order.
    public let components: [AdComponent]
    /// When the block's impression counted.
    public private(set) var blockImpressionAt: AdInstant?
    /// The block's binding, while bound.
    public private(set) var blockBinding: AdBinding?
    /// The block's own image URLs loaded so far, one by one as each loads; the block's image views observe it and
    /// update themselves, like a card's views observe ``NativeAdState/loadedImageURLs`` (rule Y14).
    public private(set) var loadedBlockImageURLs: Set<String> = []

    @ObservationIgnored let runtime: YandexRuntime
    @ObservationIgnored private var parts: AdParts?
    @ObservationIgnored private var isDestroyed = false
    @ObservationIgnored private var cardsReportedWithoutBlock: Set<String> = []
    @ObservationIgnored var onBlockImpression: (@MainActor (ImpressionData) -> Void)?

    init(
        info: LoadedAdInfo, response: YandexResponse, runtime: YandexRuntime, impressionRule: ImpressionRule,
        videoImpressionRule: ImpressionRule
    ) {
        self.info = info
        self.response = response
        self.runtime = runtime
        self.cards = response.cards.map {
            NativeAdState(
                card: $0, part: .component($0.id), runtime: runtime,
                impressionRule: $0.isVideo ? videoImpressionRule : impressionRule)
        }
        self.components = zip(response.cards, cards).map { card, state in
            AdComponent(
                id: card.id, creativeID: card.creativeID, requiredAssets: card.requiredAssets,
                impressionRule: state.impressionRule)
        }
    }

    /// A slider released without ``destroy()`` cleans up as if destroyed: its cards raise no event, and the
    /// placement ledger forgets its cards (rules Y18, C5).
    isolated deinit {
        destroy()
    }

    /// The block's layout: its cards and its own assets (rule Y4).
    public var layout: SliderAdLayoutInfo { SliderAdLayoutInfo(ads: cards, blockAssets: response.blockAssets) }

    /// The block's required assets (rule Y9): the unified layer checks them on `bind`.
    public var requiredAssets: Set<AssetKind> { response.blockRequiredAssets }

    /// What the slider shows, as every native ad's content (N1): the block's assets and each card's, as components.
    public var content: NativeAdContent? { YandexContent.content(of: response) }

    /// A click on a card opens that card's click-through (the unified ad asks the host, N6); the block has none.
    public func landingURLs(for part: AdPart) -> [String]? { card(part)?.card.clickThrough.map { [$0] } }

    /// The block's impression counts only while one of its cards is bound inside it and seen (rule Y22).
    public var countsOnlyWithVisibleComponent: Bool { true }

    /// The block's own image URLs (its image assets, not its cards').
    public var blockImageURLs: [String] { response.blockAssets.compactMap(\.imageURL) }

    /// Whether every image of the block itself has loaded (a block without images: `true`).
    public var blockImagesLoaded: Bool { blockImageURLs.allSatisfy(loadedBlockImageURLs.contains) }

    /// Whether the block's impression has counted.
    public var blockImpressionCounted: Bool { blockImpressionAt != nil }

    // MARK: ProviderAd

    /// Keeps the unified ad's parts, for the card containers.
    public func didLoad(context: ProviderContext) {
        parts = context.parts
        for card in cards { card.parts = context.parts }
    }

    /// Yandex's rules of a binding: the block takes no click views (Y8); a card's own checks.
    public func checkAttach(_ binding: AdBinding, part: AdPart, context: ProviderContext) throws(AdError) {
        guard let card = card(part) else {
            if !binding.clickViews.isEmpty {
                throw AdError(
                    .invalidBinder, "The slider block has no click of its own; it takes no click views.",
                    providerID: runtime.providerID,
                    hint: "Register click views on each card's NativeAdContainer; clicks come only from cards (Y8).")
            }
            return
        }
        try card.check(binding, context: context)
    }

    /// A part is bound: the block, or a card (then checked against the block's container, Y7).
    public func attach(_ binding: AdBinding, part: AdPart, context: ProviderContext) throws(AdError) {
        if let card = card(part) {
            card.didAttach(binding, context: context)
            checkPlacement(of: card, context: context)
        } else {
            blockBinding = binding
            for card in cards where card.isBound { checkPlacement(of: card, context: context) }
        }
    }

    /// Refuses every click on the block itself: the block has no click (rule Y8).
    public func validateClick(on node: HostNodeID, part: AdPart, binding: AdBinding) -> AdError? {
        guard part == .main else { return nil }
        return AdError(
            .clickRejected, "The slider block has no click of its own.", providerID: runtime.providerID,
            hint: "Send taps to the card's NativeAdContainer.click(on:); clicks come only from cards (Y8).")
    }

    /// The block's or a card's impression counted: fire its tracking (a card shown apart from its block is
    /// reported, Y7).
    public func didRecordImpression(_ data: ImpressionData) {
        guard !isDestroyed else { return }
        let now = runtime.environment.scheduler.now
        guard let card = card(AdPart(component: data.component)) else {
            blockImpressionAt = now
            runtime.send(response.blockImpressionURLs, kind: .impression)
            onBlockImpression?(data)
            return
        }
        reportCardShownWithoutBlock(card)
        card.didRecordImpression(data, at: now)
    }

    /// A card's click counted: fire its click tracking.
    public func didRecordClick(on node: HostNodeID?, part: AdPart) {
        card(part)?.didRecordClick()
    }

    /// A part was detached.
    public func detach(part: AdPart) {
        if let card = card(part) { card.didDetach() } else { blockBinding = nil }
    }

    /// Never calls back again, and releases the placement ledger's holds (Y18).
    public func destroy() {
        guard !isDestroyed else { return }
        isDestroyed = true
        for card in cards { card.destroy() }
        runtime.release(cards.map(\.card.creativeID))
        blockBinding = nil
        onBlockImpression = nil
    }

    // MARK: Detaching the block alone

    /// Detaches the block's own container; the cards stay bound until their containers detach.
    func detachBlock() {
        guard blockBinding != nil else { return }
        try? parts?.detach(.main)
    }

    /// Binds the block's own container through the unified ad.
    func bindBlock(_ binding: AdBinding) throws(AdError) {
        guard let parts, !isDestroyed else {
            throw AdError(
                .cancelled, "The slider was destroyed.", providerID: runtime.providerID,
                hint: "Load a new slider; a destroyed ad is never reused.")
        }
        try parts.bind(binding, part: .main)
    }

    // MARK: Rule Y7

    private func card(_ part: AdPart) -> NativeAdState? {
        guard let id = part.componentID else { return nil }
        return cards.first { $0.id == id }
    }

    /// Y7: reports a card bound outside the slider container. A card bound while the container is not bound yet
    /// is not reported here: the order of binding is free, and when the container binds in time with the card
    /// inside it, the block's impression counts. Whether it did is only known later: the container's binding
    /// checks every card already bound, and a card that counts its impression while the container is still not
    /// bound is reported then (``reportCardShownWithoutBlock(_:)``).
    private func checkPlacement(of card: NativeAdState, context: ProviderContext) {
        guard let container = card.binding?.container, let blockBinding else { return }
        if !context.geometry.isDescendant(container, of: blockBinding.container) {
            runtime.warn(
                "Card \(card.id) is rendered outside its SliderAdContainer: the card counts its own impression, "
                    + "the block's impression is lost.",
                fix: "Place each card's NativeAdContainer inside the SliderAdContainer's content (Y7).")
        }
    }

    /// Y7: a card counted its impression while the slider container is not bound. It was shown apart from its
    /// block, so the block's impression did not count with it; the integration problem is now certain.
    private func reportCardShownWithoutBlock(_ card: NativeAdState) {
        guard blockBinding == nil, cardsReportedWithoutBlock.insert(card.id).inserted else { return }
        runtime.warn(
            "Card \(card.id) counted its impression while the slider container is not bound: the card was shown "
                + "apart from its block, so the block's impression did not count with it.",
            fix: "Bind the SliderAdContainer before or together with its cards, and render every card's "
                + "NativeAdContainer inside it (Y7).")
    }

    // MARK: Images (rule Y14)

    /// Loads the images of the block and of every card at once; `completion` runs once, when all finished, with
    /// the failures (each image that could not load, with its error).
    func loadImages(completion: @escaping @MainActor ([(url: String, error: AdError)]) -> Void) {
        let blockPending = blockImageURLs.filter { !loadedBlockImageURLs.contains($0) }
        var pending: [(NativeAdState?, String)] = blockPending.map { (nil, $0) }
        for card in cards { pending += card.pendingImageURLs.map { (card, $0) } }
        guard !pending.isEmpty, !isDestroyed else {
            completion([])
            return
        }
        var remaining = pending.count
        var failures: [(url: String, error: AdError)] = []
        for (card, url) in pending {
            runtime.imageLoader.loadImage(url, environment: runtime.environment) { [weak self] result in
                guard let self, !self.isDestroyed else { return }
                switch result {
                case .success:
                    // Each image updates its views as it arrives: a card's, or the block's own (nil card).
                    if let card { card.imageLoaded(url) } else { self.loadedBlockImageURLs.insert(url) }
                case .failure(let error): failures.append((url, error))
                }
                remaining -= 1
                if remaining == 0 { completion(failures) }
            }
        }
    }
}
