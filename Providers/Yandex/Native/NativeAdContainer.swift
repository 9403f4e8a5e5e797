public import AdCore

/// The container a host renders one native ad into (a slider card or a stand-alone ad): it binds the host
/// nodes rendered for each asset primitive (rule Y5) and takes the ad's clicks, through the unified ad the card
/// belongs to.
///
/// ```swift
/// let container = NativeAdContainer(state: layout.ads[0], node: cardNode)
/// try container.bind(assets: [.title: titleNode, .media: mediaNode, .callToAction: ctaNode], clickViews: [ctaNode])
/// container.click(on: ctaNode)   // .counted once the card's impression counted
/// ```
@MainActor
public struct NativeAdContainer {
    /// The ad rendered.
    public let state: NativeAdState
    /// The host node that holds the whole ad.
    public let node: HostNodeID

    /// Creates a container for an ad.
    public init(state: NativeAdState, node: HostNodeID) {
        self.state = state
        self.node = node
    }

    /// Binds the nodes the host rendered for the ad's assets.
    ///
    /// - Throws: `bindingFailed` naming every required asset not rendered, of zero size, or hidden or transparent
    ///   inside the container (a hidden or fading container or screen only delays the impression), or a card whose
    ///   response lacks a required field; `invalidBinder` for a container not in the tree, a click view outside the
    ///   container or shared with another card, an ad already shown in another container, or a container that
    ///   already shows another ad (rule Y22). A failure is also reported through the ad's `onAdBindingFailure`.
    public func bind(assets: [AssetKind: HostNodeID], clickViews: [HostNodeID] = []) throws(AdError) {
        try state.bind(AdBinding(container: node, assets: assets, clickViews: clickViews))
    }

    /// A tap on a click view of the ad: counted once per impression, only after the impression (rule Y23).
    @discardableResult
    public func click(on view: HostNodeID, at point: Point? = nil) -> ClickOutcome {
        state.click(on: view, at: point)
    }

    /// Detaches the ad from this container (a cell reused or scrolled away for good).
    public func detach() {
        guard state.binding?.container == node else { return }
        state.detach()
    }
}
