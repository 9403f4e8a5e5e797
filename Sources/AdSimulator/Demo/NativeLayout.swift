import AdCore

/// A host's layout for one native ad or one slider card: the container and a node per asset kind it can render,
/// and a close button if it has one. ``bind(_:part:)`` is the demo's one path for every provider's native ads (N1):
/// it reads the ad's content, checks the layout against what the ad requires (N2), and binds the nodes the content
/// has values for, with the call-to-action as click view only when the ad takes clicks and the node of a video
/// asset as the video view. No branch on the provider, no cast.
@MainActor
struct NativeLayout {
    /// The ad's container.
    var container: HostNodeID
    /// One node per kind the layout renders.
    var nodes: [AssetKind: HostNodeID]
    /// The layout's close button, if any.
    var close: HostNodeID?

    /// The call-to-action node, where the user taps.
    var callToAction: HostNodeID? { nodes[.callToAction] }

    /// The assets of `content` this layout has a node for, in the content's order.
    func rendered(_ content: NativeAdContent) -> [NativeAsset] { content.assets.filter { nodes[$0.kind] != nil } }

    /// Renders and binds one part of a loaded ad into this layout; returns the content it rendered.
    ///
    /// - Throws: `notReady` when the ad has no native content (not loaded, or a full-screen format);
    ///   `bindingFailed` naming the required kinds this layout lacks, before anything is bound; the ad's own
    ///   binding errors.
    @discardableResult
    func bind(_ ad: UnifiedAd, part: AdPart = .main) throws(AdError) -> NativeAdContent {
        guard let whole = ad.content else {
            throw AdError(
                .notReady, "The \(ad.request.format) ad of \(ad.providerID) has no native content to render.",
                hint: "Render native ads only after they loaded; present full-screen formats instead.")
        }
        try whole.checkLayout(nodes.keys, for: part)
        guard let content = whole.content(of: part) else { return whole }
        var assets: [AssetKind: HostNodeID] = [:]
        var videoView: HostNodeID?
        for asset in rendered(content) {
            guard let node = nodes[asset.kind] else { continue }
            assets[asset.kind] = node
            if case .video = asset.value { videoView = node }
        }
        let clickViews = content.acceptsClicks ? assets[.callToAction].map { [$0] } ?? [] : []
        try ad.bind(
            AdBinding(
                container: container, assets: assets, clickViews: clickViews, closeView: close, videoView: videoView),
            part: part)
        return content
    }
}
