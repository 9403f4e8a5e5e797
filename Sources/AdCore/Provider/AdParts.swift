/// The parts of a provider's own ad, as its host-facing types drive them: a slider's card containers bind, detach
/// and click their card through the unified ad, so every part gets the same checks, trackers and click rules
/// (rules C3, C4, Y22). It reaches only the ad it was given to, and holds it weakly.
///
/// ```swift
/// func didLoad(context: ProviderContext) { parts = context.parts }
/// try parts.bind(AdBinding(container: cardNode, assets: assets, clickViews: [cta]), part: .component("card-1"))
/// ```
@MainActor
public struct AdParts {
    private weak var ad: UnifiedAd?

    init(_ ad: UnifiedAd?) { self.ad = ad }

    /// Binds a part (see ``UnifiedAd/bind(_:part:)``).
    ///
    /// - Throws: what ``UnifiedAd/bind(_:part:)`` throws; `cancelled` when the ad is gone.
    public func bind(_ binding: AdBinding, part: AdPart) throws(AdError) {
        try live().bind(binding, part: part)
    }

    /// Detaches a part (see ``UnifiedAd/detach(_:)``).
    ///
    /// - Throws: what ``UnifiedAd/detach(_:)`` throws; `cancelled` when the ad is gone.
    public func detach(_ part: AdPart) throws(AdError) {
        try live().detach(part)
    }

    /// A tap on a click view of one of the ad's parts (see ``UnifiedAd/click(on:at:)``).
    public func click(on node: HostNodeID, at point: Point? = nil) -> ClickOutcome {
        do throws(AdError) {
            return try live().click(on: node, at: point)
        } catch {
            return .rejected(error)
        }
    }

    /// A part's binding, while bound.
    public func binding(of part: AdPart) -> AdBinding? { ad?.binding(of: part) }

    private func live() throws(AdError) -> UnifiedAd {
        guard let ad else {
            throw AdError(
                .cancelled, "The ad is gone (destroyed or released).",
                hint: "Load a new ad; a released one is never reused.")
        }
        return ad
    }
}
