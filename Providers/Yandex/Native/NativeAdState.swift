public import AdCore
public import Observation

/// One Yandex native ad: a slider card or a stand-alone native ad, with the same asset primitives either way
/// (rule Y5). The host renders it through a ``NativeAdContainer``; the unified ad it belongs to counts its
/// impression by visibility (MRC 50 % for 1 s by default, video 50 % for 2 s, required assets fully visible; never
/// zero size, rules Y13, Y15, Y20, Y22) and validates its clicks (rule Y23); this state publishes its events
/// (rule Y10) and its images (rule Y14).
///
/// ```swift
/// for card in layout.ads {
///     card.onAdImpression { data in print("card", data.component ?? "") }
///         .onAdClick { print("clicked", card.id) }
/// }
/// ```
@Observable
@MainActor
public final class NativeAdState: Identifiable {
    /// The card's ID in its block (the stand-alone ad's ID).
    public let id: String
    /// The decoded ad: assets, tracking.
    public let card: YandexCard
    /// The viewability rule this ad's impression follows (video cards: the video rule, rule Y20).
    public let impressionRule: ImpressionRule
    /// Whether the ad is bound to a container now.
    public private(set) var isBound = false
    /// When the impression counted, once it did.
    public private(set) var impressionAt: AdInstant?
    /// The image URLs loaded so far; asset views observe it and update themselves (rule Y14).
    public private(set) var loadedImageURLs: Set<String> = []
    /// Counted clicks.
    public private(set) var clickCount = 0

    /// The part of the unified ad this state is (a component of a slider, or a stand-alone ad itself).
    @ObservationIgnored let part: AdPart
    @ObservationIgnored let runtime: YandexRuntime
    /// The unified ad's parts, once it kept the loaded ad.
    @ObservationIgnored var parts: AdParts?
    @ObservationIgnored private(set) var binding: AdBinding?
    @ObservationIgnored private var isDestroyed = false
    @ObservationIgnored private var clickHandlers: [@MainActor () -> Void] = []
    @ObservationIgnored private var impressionHandlers: [@MainActor (ImpressionData) -> Void] = []
    @ObservationIgnored private var bindingFailureHandlers: [@MainActor (AdError) -> Void] = []

    init(card: YandexCard, part: AdPart, runtime: YandexRuntime, impressionRule: ImpressionRule) {
        self.id = card.id
        self.card = card
        self.part = part
        self.runtime = runtime
        self.impressionRule = impressionRule
    }

    /// Whether the ad carries an asset of a kind.
    public func has(_ kind: AssetKind) -> Bool { card.has(kind) }

    /// The asset of a kind, if the ad carries one.
    public func asset(_ kind: AssetKind) -> YandexAsset? { card.asset(kind) }

    /// Whether every image of the ad has loaded.
    public var imagesLoaded: Bool { card.imageURLs.allSatisfy(loadedImageURLs.contains) }

    /// Calls `handler` for every counted click.
    @discardableResult
    public func onAdClick(_ handler: @escaping @MainActor () -> Void) -> NativeAdState {
        clickHandlers.append(handler)
        return self
    }

    /// Calls `handler` when the impression counts.
    @discardableResult
    public func onAdImpression(_ handler: @escaping @MainActor (ImpressionData) -> Void) -> NativeAdState {
        impressionHandlers.append(handler)
        return self
    }

    /// Calls `handler` when binding to a container fails.
    @discardableResult
    public func onAdBindingFailure(_ handler: @escaping @MainActor (AdError) -> Void) -> NativeAdState {
        bindingFailureHandlers.append(handler)
        return self
    }

    // MARK: Driving the part (through the unified ad)

    func bind(_ binding: AdBinding) throws(AdError) {
        do throws(AdError) {
            guard let parts, !isDestroyed else {
                throw AdError(
                    .cancelled, "Card \(id) cannot be bound: its ad is gone.", providerID: runtime.providerID,
                    hint: "Load a new slider; a destroyed ad is never reused.")
            }
            try parts.bind(binding, part: part)
        } catch {
            if !isDestroyed { for handler in bindingFailureHandlers { handler(error) } }
            throw error
        }
    }

    func click(on node: HostNodeID, at point: Point?) -> ClickOutcome {
        guard let parts, !isDestroyed else {
            return .rejected(
                AdError(
                    .clickRejected, "Click on card \(id), which is not bound.", providerID: runtime.providerID,
                    hint: "Bind the card with NativeAdContainer.bind before it takes clicks."))
        }
        return parts.click(on: node, at: point)
    }

    func detach() {
        guard isBound else { return }
        try? parts?.detach(part)
    }

    // MARK: What the unified ad asked or reported (through the provider ad)

    /// Yandex's own checks of a card's binding: a card whose response lacks a required field never binds, and
    /// every click view of a card lies inside the card's container.
    func check(_ binding: AdBinding, context: ProviderContext) throws(AdError) {
        if let reason = card.invalidReason {
            throw AdError(
                .bindingFailed, "Card \(id) cannot be bound: \(reason).", providerID: runtime.providerID,
                hint: "The response lacks a required field for this card; skip the card or report the ad unit.")
        }
        for node in binding.clickViews
        where !context.geometry.isDescendant(node, of: binding.container) {
            throw AdError(
                .invalidBinder, "Click view \(node) of card \(id) lies outside the card's container.",
                providerID: runtime.providerID, hint: "Keep every click view of a card inside its NativeAdContainer.")
        }
    }

    func didAttach(_ binding: AdBinding, context: ProviderContext) {
        self.binding = binding
        isBound = true
        // Y13: a zero-size card can never count.
        if context.geometry.frame(of: binding.container)?.isEmpty != false {
            runtime.warn(
                "Card \(id) is bound to a zero-size container; it can never count an impression.",
                fix: "Give the card's container a non-zero width and height (Y13).")
        }
    }

    func didDetach() {
        binding = nil
        isBound = false
    }

    func didRecordImpression(_ data: ImpressionData, at instant: AdInstant) {
        guard !isDestroyed else { return }
        impressionAt = instant
        runtime.send(card.impressionURLs, kind: .impression)
        for handler in impressionHandlers { handler(data) }
    }

    func didRecordClick() {
        guard !isDestroyed else { return }
        clickCount += 1
        runtime.send(card.clickTrackingURLs, kind: .click)
        for handler in clickHandlers { handler() }
    }

    func destroy() {
        isDestroyed = true
        binding = nil
        isBound = false
        clickHandlers.removeAll()
        impressionHandlers.removeAll()
        bindingFailureHandlers.removeAll()
    }

    // MARK: Images (rules Y14, Y15)

    var pendingImageURLs: [String] { card.imageURLs.filter { !loadedImageURLs.contains($0) } }

    func imageLoaded(_ url: String) {
        guard !isDestroyed else { return }
        loadedImageURLs.insert(url)
    }
}
