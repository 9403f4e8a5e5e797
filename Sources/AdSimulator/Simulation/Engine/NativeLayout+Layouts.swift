package import AdCore
package import AdEmbedded

/// The layouts adsim builds, shared by the demo's feed and the simulator's cells: a feed cell (media, title, the
/// ad-source badge, a call-to-action and a close button) and a slider (its block's sponsored label and three cards
/// in a clipping scroller), with the kinds each renders.
extension NativeLayout {
    /// The width of a slider card and the gap between cards.
    package static let cardWidth = 300.0
    package static let cardGap = 10.0

    /// A node of `frame` (in `parent`'s coordinates) added to `parent`.
    package static func node(_ frame: Rect, in parent: HostNodeID, of tree: HostTree) throws(AdError) -> HostNodeID {
        let node = try tree.makeNode(frame: frame)
        try tree.addChild(node, to: parent)
        return node
    }

    /// A feed cell's nodes in `container` (390 points wide): media, title, the ad-source badge, a call-to-action
    /// button, and its close button.
    package static func feedCell(in container: HostNodeID, of tree: HostTree) throws(AdError) -> NativeLayout {
        var nodes: [AssetKind: HostNodeID] = [:]
        for (kind, frame) in feedCellFrames { nodes[kind] = try node(frame, in: container, of: tree) }
        let close = try node(Rect(x: 350, y: 250, width: 30, height: 30), in: container, of: tree)
        return NativeLayout(container: container, nodes: nodes, close: close)
    }

    /// The asset nodes of a feed cell, in its coordinates.
    package nonisolated static let feedCellFrames: [(AssetKind, Rect)] = [
        (.media, Rect(x: 10, y: 50, width: 370, height: 180)),
        (.title, Rect(x: 10, y: 10, width: 290, height: 30)),
        (.badge, Rect(x: 310, y: 10, width: 70, height: 30)),
        (.callToAction, Rect(x: 10, y: 240, width: 200, height: 50)),
    ]

    /// The asset nodes of a slider card, in its coordinates.
    package nonisolated static let sliderCardFrames: [(AssetKind, Rect)] = [
        (.icon, Rect(x: 10, y: 10, width: 40, height: 40)),
        (.title, Rect(x: 60, y: 10, width: 180, height: 20)),
        (.sponsored, Rect(x: 60, y: 32, width: 60, height: 14)),
        (.media, Rect(x: 10, y: 60, width: 200, height: 110)),
        (.callToAction, Rect(x: 10, y: 180, width: 200, height: 44)),
    ]

    /// The asset kinds the simulator's layouts render for `format`: a feed cell for `native`, a slider's block and
    /// cards for `nativeSlider`; nothing for the full-screen formats (the provider renders them).
    package nonisolated static func renderedKinds(for format: AdFormat) -> Set<AssetKind> {
        switch format {
        case .native: Set(feedCellFrames.map(\.0))
        case .nativeSlider: Set(sliderCardFrames.map(\.0)).union([.sponsored])
        default: []
        }
    }

    /// A slider in `container`: its block (the sponsored label above the cards), a clipping scroller of `width`
    /// points, and three cards side by side in it (icon, title, sponsored label, media, call-to-action).
    package static func slider(
        in container: HostNodeID, width: Double, of tree: HostTree
    ) throws(AdError) -> (block: NativeLayout, scroller: HostNodeID, cards: [NativeLayout]) {
        let sponsored = try node(Rect(x: 10, y: 0, width: 100, height: 20), in: container, of: tree)
        let scroller = try tree.makeNode(frame: Rect(x: 0, y: 40, width: width, height: 250), clipsToBounds: true)
        try tree.addChild(scroller, to: container)
        var cards: [NativeLayout] = []
        for index in 0..<3 {
            let x = Double(index) * (cardWidth + cardGap)
            let card = try node(Rect(x: x, y: 0, width: cardWidth, height: 240), in: scroller, of: tree)
            var assets: [AssetKind: HostNodeID] = [:]
            for (kind, frame) in sliderCardFrames { assets[kind] = try node(frame, in: card, of: tree) }
            cards.append(NativeLayout(container: card, nodes: assets))
        }
        return (NativeLayout(container: container, nodes: [.sponsored: sponsored]), scroller, cards)
    }
}
