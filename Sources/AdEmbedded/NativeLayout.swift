package import AdCore

/// A host's layout for one native ad part (an ad, or one slider card): the container, a node per asset kind it can
/// render, and optionally a close button and a click view of its own. The one rule for turning a part's content
/// into its binding (``binding(for:omitting:)``), shared by the demo's feed, the simulator's cells and the
/// conformance kit's layouts: no branch on the provider, no cast.
///
/// ```swift
/// let layout = NativeLayout(container: cell, nodes: [.title: title, .callToAction: button], close: closeButton)
/// let content = try layout.bind(ad)   // checks the layout (N2), then binds what the content has
/// ```
@MainActor
package struct NativeLayout {
    /// The part's container.
    package var container: HostNodeID
    /// One node per kind the layout renders.
    package var nodes: [AssetKind: HostNodeID]
    /// The layout's close button, if any.
    package var close: HostNodeID?
    /// Where a tap counts when the ad takes clicks: the call-to-action's node unless the layout names another.
    package var clickView: HostNodeID?

    /// Creates a layout.
    package init(
        container: HostNodeID, nodes: [AssetKind: HostNodeID], close: HostNodeID? = nil, clickView: HostNodeID? = nil
    ) {
        self.container = container
        self.nodes = nodes
        self.close = close
        self.clickView = clickView
    }

    /// The call-to-action node, where the user taps.
    package var callToAction: HostNodeID? { nodes[.callToAction] }

    /// The assets of `content` this layout has a node for, in the content's order.
    package func rendered(_ content: NativeAdContent) -> [NativeAsset] {
        content.assets.filter { nodes[$0.kind] != nil }
    }

    /// The binding of `content` into this layout: the node of every kind the content has a value for or requires
    /// (a required kind without a value keeps its empty node, so the ad's own checks report it, K9), a click view
    /// only when the ad takes clicks (``clickView``, else the call-to-action bound), the node of a video asset as
    /// the video view, and the close button. `omitted` leaves one kind's node out (a layout that lacks it).
    package func binding(for content: NativeAdContent, omitting omitted: AssetKind? = nil) -> AdBinding {
        var assets: [AssetKind: HostNodeID] = [:]
        var videoView: HostNodeID?
        for asset in content.assets where asset.kind != omitted {
            guard let node = nodes[asset.kind] else { continue }
            assets[asset.kind] = node
            if case .video = asset.value { videoView = node }
        }
        // The required kinds without a value (never a video): their order does not matter in a binding.
        for kind in content.requiredAssets where kind != omitted && assets[kind] == nil {
            if let node = nodes[kind] { assets[kind] = node }
        }
        let tapped = content.acceptsClicks ? clickView ?? assets[.callToAction] : nil
        return AdBinding(
            container: container, assets: assets, clickViews: tapped.map { [$0] } ?? [], closeView: close,
            videoView: videoView)
    }

    /// The kinds a part's binding covers: the content's, in its order, then each required kind without a value,
    /// by name.
    package nonisolated static func kinds(of content: NativeAdContent) -> [AssetKind] {
        let extra = content.requiredAssets.subtracting(content.kinds).sorted { $0.rawValue < $1.rawValue }
        return content.kinds + extra
    }

    /// Renders and binds one part of a loaded ad into this layout; returns the content it rendered.
    ///
    /// - Throws: `notReady` when the ad has no native content (not loaded, or a full-screen format);
    ///   `bindingFailed` naming the required kinds this layout lacks, before anything is bound; the ad's own
    ///   binding errors.
    @discardableResult
    package func bind(_ ad: UnifiedAd, part: AdPart = .main) throws(AdError) -> NativeAdContent {
        guard let whole = ad.content else {
            throw AdError(
                .notReady, "The \(ad.request.format) ad of \(ad.providerID) has no native content to render.",
                hint: "Render native ads only after they loaded; present full-screen formats instead.")
        }
        try whole.checkLayout(nodes.keys, for: part)
        guard let content = whole.content(of: part) else { return whole }
        try ad.bind(binding(for: content), part: part)
        return content
    }
}
