public import AdCore
public import Observation

/// One Yandex native ad: a slider card or a stand-alone native ad, with the same asset primitives either way
/// (rule Y5). The host renders it through a ``NativeAdContainer``; the state counts its impression by
/// visibility (MRC 50 % for 1 s by default, video 50 % for 2 s; never zero size, rules Y13, Y15, Y22) and its
/// clicks (rule Y23), and publishes its events (rule Y10).
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
    /// Whether the ad is bound to a container now.
    public private(set) var isBound = false
    /// When the impression counted, once it did.
    public private(set) var impressionAt: AdInstant?
    /// The image URLs loaded so far; asset views observe it and update themselves (rule Y14).
    public private(set) var loadedImageURLs: Set<String> = []
    /// Counted clicks.
    public private(set) var clickCount = 0

    @ObservationIgnored let runtime: YandexRuntime
    @ObservationIgnored let component: String?
    @ObservationIgnored private(set) var binding: AdBinding?
    @ObservationIgnored private var tracker: ImpressionTrackerSet.TrackerID?
    @ObservationIgnored private var clickCountedThisImpression = false
    @ObservationIgnored private var hiddenRequiredAsset: AssetKind?
    @ObservationIgnored private var isDestroyed = false
    @ObservationIgnored private var clickHandlers: [@MainActor () -> Void] = []
    @ObservationIgnored private var impressionHandlers: [@MainActor (ImpressionData) -> Void] = []
    @ObservationIgnored private var bindingFailureHandlers: [@MainActor (AdError) -> Void] = []
    /// The owner's hook (the slider or the unified adapter): bind checks, impressions, clicks, failures. Weak: the
    /// owner holds its card states, so a strong reference back would keep a released owner (and the placement
    /// ledger's holds it releases on deinit, rule Y18) alive for ever.
    @ObservationIgnored weak var owner: (any NativeAdOwner)?

    init(card: YandexCard, runtime: YandexRuntime, component: String?) {
        self.id = card.id
        self.card = card
        self.runtime = runtime
        self.component = component
    }

    /// Whether the ad carries an asset of a kind.
    public func has(_ kind: AssetKind) -> Bool { card.has(kind) }

    /// The asset of a kind, if the ad carries one.
    public func asset(_ kind: AssetKind) -> YandexAsset? { card.asset(kind) }

    /// Whether every image of the ad has loaded.
    public var imagesLoaded: Bool { card.imageURLs.allSatisfy(loadedImageURLs.contains) }

    /// The viewability rule this ad's impression follows (video cards: the video rule, rule Y20).
    public var impressionRule: ImpressionRule { card.isVideo ? runtime.videoImpressionRule : runtime.impressionRule }

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

    // MARK: Binding (rules Y5, Y7, Y13, Y22)

    func bind(_ binding: AdBinding) throws(AdError) {
        do throws(AdError) {
            try checkBinding(binding)
        } catch {
            if !isDestroyed { for handler in bindingFailureHandlers { handler(error) } }
            owner?.nativeAd(self, bindingFailed: error)
            throw error
        }
        self.binding = binding
        isBound = true
        runtime.host.claimAdView(binding.container, for: self)
        let frame = (try? runtime.host.tree.frame(of: binding.container)) ?? .zero
        if frame.isEmpty {
            runtime.warn(
                "Card \(id) is bound to a zero-size container; it can never count an impression.",
                fix: "Give the card's container a non-zero width and height (Y13).")
        }
        owner?.nativeAdDidBind(self)
        startTracking()
    }

    private func checkBinding(_ binding: AdBinding) throws(AdError) {
        let providerID = runtime.providerID
        guard !isDestroyed else {
            throw AdError(
                .cancelled, "Card \(id) was destroyed.", providerID: providerID,
                hint: "Load a new slider; a destroyed ad is never reused.")
        }
        if let current = self.binding {
            throw AdError(
                .invalidBinder,
                "Card \(id) is already shown in \(current.container); one ad is shown in one view at a time.",
                providerID: providerID, hint: "Detach the card from its container before binding it to another (Y22).")
        }
        if runtime.host.isAdView(binding.container, takenByAnotherThan: self) {
            throw AdError(
                .invalidBinder,
                "The view \(binding.container) already shows another ad; one view shows one ad at a time.",
                providerID: providerID, hint: "Detach the other ad from this view before binding card \(id) (Y22).")
        }
        if let reason = card.invalidReason {
            throw AdError(
                .bindingFailed, "Card \(id) cannot be bound: \(reason).", providerID: providerID,
                hint: "The response lacks a required field for this card; skip the card or report the ad unit.")
        }
        try AssetBinder(engine: runtime.host.engine)
            .check(binding, required: card.requiredAssets, providerID: providerID)
        for node in binding.clickViews where (try? runtime.host.tree.isDescendant(node, of: binding.container)) != true
        {
            throw AdError(
                .invalidBinder, "Click view \(node) of card \(id) lies outside the card's container.",
                providerID: providerID, hint: "Keep every click view of a card inside its NativeAdContainer.")
        }
        try owner?.nativeAd(self, willBind: binding)
    }

    func detach() {
        stopTracking()
        guard let binding else { return }
        runtime.host.releaseAdView(binding.container, for: self)
        self.binding = nil
        isBound = false
        owner?.nativeAdDidDetach(self)
    }

    func destroy() {
        stopTracking()
        if let binding { runtime.host.releaseAdView(binding.container, for: self) }
        binding = nil
        isBound = false
        isDestroyed = true
        owner = nil
        clickHandlers.removeAll()
        impressionHandlers.removeAll()
        bindingFailureHandlers.removeAll()
    }

    // MARK: Impression (rules Y13, Y15, Y20, Y22)

    private func startTracking() {
        guard impressionAt == nil, !isDestroyed, let binding else { return }
        stopTracking()
        // Y22: the required assets are part of the continuous condition, not a check when the second is over: the
        // tracker samples them with the card's ratio, so a required asset that is not fully visible restarts the
        // second, and the impression needs one whole second in which every condition held.
        let requiredNodes = card.requiredAssets.sorted { $0.rawValue < $1.rawValue }.map { ($0, binding.assets[$0]) }
        let engine = runtime.host.engine
        tracker = runtime.host.trackers.track(
            node: binding.container, rule: impressionRule,
            condition: { [weak self] in
                for (kind, node) in requiredNodes {
                    guard let node, engine.visibleRatio(of: node) >= Self.fullyVisibleRatio else {
                        self?.requiredAssetNotFullyVisible(kind)
                        return false
                    }
                }
                self?.hiddenRequiredAsset = nil
                return true
            },
            onImpression: { [weak self] instant in self?.trackerFired(at: instant) })
    }

    /// The share of a required asset that must be visible for it to count as fully visible (rounding slack).
    private static let fullyVisibleRatio = 0.999

    /// Records, once per episode, that the card is on screen but a required asset is not fully visible (Y17).
    private func requiredAssetNotFullyVisible(_ kind: AssetKind) {
        guard hiddenRequiredAsset != kind else { return }
        hiddenRequiredAsset = kind
        runtime.host.diagnostics.record(
            .debug,
            "Card \(id) is on screen but its required asset \(kind.rawValue) is not fully visible; its impression "
                + "waits for one continuous second with every required asset fully visible.",
            providerID: runtime.providerID,
            recommendation: "Keep required assets fully inside the visible part of the card (Y22).")
    }

    private func stopTracking() {
        if let tracker { runtime.host.trackers.stop(tracker) }
        tracker = nil
        hiddenRequiredAsset = nil
    }

    private func trackerFired(at instant: AdInstant) {
        tracker = nil
        guard binding != nil, !isDestroyed else { return }
        impressionAt = instant
        clickCountedThisImpression = false
        let data = runtime.impressionData(creativeID: card.creativeID, component: component)
        runtime.send(card.impressionURLs, kind: .impression)
        for handler in impressionHandlers { handler(data) }
        owner?.nativeAd(self, didRecordImpression: data)
    }

    // MARK: Clicks (rules Y8, Y23)

    func click(on node: HostNodeID, at point: Point?) -> ClickOutcome {
        guard let binding, !isDestroyed else {
            return .rejected(
                AdError(
                    .clickRejected, "Click on card \(id), which is not bound.", providerID: runtime.providerID,
                    hint: "Bind the card with NativeAdContainer.bind before it takes clicks."))
        }
        let validator = ClickValidator(
            engine: runtime.host.engine, policy: runtime.clickPolicy, providerID: runtime.providerID)
        if let error = validator.validate(
            click: node, at: point, binding: binding, impressionAt: impressionAt, now: runtime.host.scheduler.now,
            ownership: [:], registeredOwner: nil, adID: AdID(rawValue: 0))
        {
            return .rejected(error)
        }
        if clickCountedThisImpression { return .repeated }
        recordClick()
        owner?.nativeAdDidRecordClick(self)
        return .counted
    }

    /// A click counted (by this state or by the unified layer): tracking, landing, handlers.
    func recordClick() {
        clickCountedThisImpression = true
        clickCount += 1
        runtime.send(card.clickTrackingURLs, kind: .click)
        for handler in clickHandlers { handler() }
    }

    // MARK: Images (rules Y14, Y15)

    var pendingImageURLs: [String] { card.imageURLs.filter { !loadedImageURLs.contains($0) } }

    func imageLoaded(_ url: String) {
        guard !isDestroyed else { return }
        loadedImageURLs.insert(url)
    }
}
