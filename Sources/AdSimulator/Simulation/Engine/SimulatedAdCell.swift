import AdCore

/// One ad cell of a simulated feed: where it sits in the feed's content, which placement it shows, and its
/// layout: a native cell (one ``NativeLayout`` with a node for every asset kind) or a slider cell (the block's
/// layout and three cards).
///
/// ```swift
/// let cell = try SimulatedAdCell(placement: "feed-native", format: .native, y: 360, height: 320, width: 390,
///                                in: feed, of: tree)
/// try cell.main.bind(ad)
/// ```
@MainActor
struct SimulatedAdCell {
    /// The placement whose ads the cell shows.
    let placement: String
    /// The top of the cell in the feed's content, in points.
    let y: Double
    /// The cell's height.
    let height: Double
    /// The native layout, or the slider's block.
    let main: NativeLayout
    /// The slider's cards (empty for a native cell).
    let cards: [NativeLayout]

    /// The width of a slider card and the gap between cards.
    static let cardWidth = 300.0
    static let cardGap = 10.0

    /// Builds the cell's nodes in `feed`.
    init(
        placement: String, format: AdFormat, y: Double, height: Double, width: Double, in feed: HostNodeID,
        of tree: HostTree
    ) throws(AdError) {
        self.placement = placement
        self.y = y
        self.height = height
        let container = try Self.child(Rect(x: 0, y: y, width: width, height: height), of: feed, in: tree)
        if format == .nativeSlider {
            let sponsored = try Self.child(Rect(x: 10, y: 0, width: 100, height: 20), of: container, in: tree)
            let scroller = try tree.makeNode(
                frame: Rect(x: 0, y: 40, width: width, height: 250), clipsToBounds: true)
            try tree.addChild(scroller, to: container)
            var cards: [NativeLayout] = []
            for index in 0..<3 {
                let x = Double(index) * (Self.cardWidth + Self.cardGap)
                let card = try Self.child(
                    Rect(x: x, y: 0, width: Self.cardWidth, height: 240), of: scroller, in: tree)
                var assets: [AssetKind: HostNodeID] = [:]
                let frames: [(AssetKind, Rect)] = [
                    (.icon, Rect(x: 10, y: 10, width: 40, height: 40)),
                    (.title, Rect(x: 60, y: 10, width: 180, height: 20)),
                    (.sponsored, Rect(x: 60, y: 32, width: 60, height: 14)),
                    (.media, Rect(x: 10, y: 60, width: 200, height: 110)),
                    (.callToAction, Rect(x: 10, y: 180, width: 200, height: 44)),
                ]
                for (kind, frame) in frames { assets[kind] = try Self.child(frame, of: card, in: tree) }
                cards.append(NativeLayout(container: card, nodes: assets))
            }
            main = NativeLayout(container: container, nodes: [.sponsored: sponsored])
            self.cards = cards
        } else {
            var nodes: [AssetKind: HostNodeID] = [:]
            let frames: [(AssetKind, Rect)] = [
                (.media, Rect(x: 10, y: 50, width: 370, height: 180)),
                (.title, Rect(x: 10, y: 10, width: 290, height: 30)),
                (.badge, Rect(x: 310, y: 10, width: 70, height: 30)),
                (.callToAction, Rect(x: 10, y: 240, width: 200, height: 50)),
            ]
            for (kind, frame) in frames { nodes[kind] = try Self.child(frame, of: container, in: tree) }
            // Every other kind gets a small node of its own in a row under the call-to-action, none overlapping.
            let others = AssetKind.allCases.filter { nodes[$0] == nil && $0 != .close }
            for (index, kind) in others.enumerated() {
                let frame = Rect(x: 10 + Double(index) * 22, y: 295, width: 20, height: 20)
                nodes[kind] = try Self.child(frame, of: container, in: tree)
            }
            let close = try Self.child(Rect(x: 350, y: 250, width: 30, height: 30), of: container, in: tree)
            main = NativeLayout(container: container, nodes: nodes, close: close)
            cards = []
        }
    }

    private static func child(_ frame: Rect, of parent: HostNodeID, in tree: HostTree) throws(AdError) -> HostNodeID {
        let node = try tree.makeNode(frame: frame)
        try tree.addChild(node, to: parent)
        return node
    }
}
