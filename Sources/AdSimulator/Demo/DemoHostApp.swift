import AdCore

/// The demo's host app, as a headless tree: one 390×844 window with a vertically scrolling feed (a native cell at
/// the top, a slider further down, a second native cell below it) and a toolbar at the bottom holding the
/// "Watch a video for 10 coins" button and the zero-size context the rewarded ad is presented from.
@MainActor
struct DemoHostApp {
    /// The nodes of the slider: the block's layout (its sponsored label), the horizontal scroller and 3 cards.
    struct Slider {
        var block: NativeLayout
        var scroller: HostNodeID
        var cards: [NativeLayout]
    }

    /// The window's size.
    static let screen = Rect(x: 0, y: 0, width: 390, height: 844)
    /// Where the first IFLY cell, the slider and the second IFLY cell sit in the feed's content.
    static let firstCellY = 140.0
    static let sliderY = 1_000.0
    static let secondCellY = 1_700.0
    /// The width of a slider card and the gap between cards.
    static let cardWidth = 300.0
    static let cardGap = 10.0

    let tree: HostTree
    let window: HostWindowID
    /// The scrolling, clipping feed (its bounds origin is the scroll offset).
    let feed: HostNodeID
    let firstCell: NativeLayout
    let slider: Slider
    let secondCell: NativeLayout
    /// The toolbar's button that presents the rewarded ad.
    let rewardButton: HostNodeID
    /// Where full-screen ads are presented from.
    let context: HostContextProvider

    /// Builds the app's tree.
    init(tree: HostTree) throws(AdError) {
        self.tree = tree
        window = tree.addWindow(scene: "main", frame: Self.screen, isKey: true)
        let root = try tree.rootNode(of: window)
        feed = try tree.makeNode(frame: Rect(x: 0, y: 0, width: 390, height: 784), clipsToBounds: true)
        try tree.addChild(feed, to: root)
        let toolbar = try tree.makeNode(frame: Rect(x: 0, y: 784, width: 390, height: 60), isOpaque: true)
        try tree.addChild(toolbar, to: root)
        rewardButton = try tree.makeNode(frame: Rect(x: 95, y: 8, width: 200, height: 44))
        try tree.addChild(rewardButton, to: toolbar)
        context = try HostContextProvider(tree: tree)
        try tree.addChild(context.node, to: toolbar)
        firstCell = try Self.addCell(y: Self.firstCellY, to: feed, in: tree)
        slider = try Self.addSlider(y: Self.sliderY, to: feed, in: tree)
        secondCell = try Self.addCell(y: Self.secondCellY, to: feed, in: tree)
    }

    /// Scrolls the feed so content at `y` is at the top of the screen.
    func scrollFeed(to y: Double) throws(AdError) { try tree.setBoundsOrigin(feed, Point(x: 0, y: y)) }

    /// Swipes the slider to show card `index` (0-based) at its left edge.
    func swipeSlider(toCard index: Int) throws(AdError) {
        try tree.setBoundsOrigin(slider.scroller, Point(x: Double(index) * (Self.cardWidth + Self.cardGap), y: 0))
    }

    private static func child(_ frame: Rect, of parent: HostNodeID, in tree: HostTree) throws(AdError) -> HostNodeID {
        let node = try tree.makeNode(frame: frame)
        try tree.addChild(node, to: parent)
        return node
    }

    /// A feed cell: media, title, the ad-source badge, a call-to-action button and a close button.
    private static func addCell(y: Double, to feed: HostNodeID, in tree: HostTree) throws(AdError) -> NativeLayout {
        let container = try child(Rect(x: 0, y: y, width: 390, height: 300), of: feed, in: tree)
        let frames: [(AssetKind, Rect)] = [
            (.media, Rect(x: 10, y: 50, width: 370, height: 180)),
            (.title, Rect(x: 10, y: 10, width: 290, height: 30)),
            (.badge, Rect(x: 310, y: 10, width: 70, height: 30)),
            (.callToAction, Rect(x: 10, y: 240, width: 200, height: 50)),
        ]
        var nodes: [AssetKind: HostNodeID] = [:]
        for (kind, frame) in frames { nodes[kind] = try child(frame, of: container, in: tree) }
        let close = try child(Rect(x: 350, y: 250, width: 30, height: 30), of: container, in: tree)
        return NativeLayout(container: container, nodes: nodes, close: close)
    }

    private static func addSlider(y: Double, to feed: HostNodeID, in tree: HostTree) throws(AdError) -> Slider {
        let container = try child(Rect(x: 0, y: y, width: 390, height: 300), of: feed, in: tree)
        let sponsored = try child(Rect(x: 10, y: 0, width: 100, height: 20), of: container, in: tree)
        let scroller = try tree.makeNode(frame: Rect(x: 0, y: 40, width: 390, height: 250), clipsToBounds: true)
        try tree.addChild(scroller, to: container)
        var cards: [NativeLayout] = []
        for index in 0..<3 {
            let x = Double(index) * (cardWidth + cardGap)
            let card = try child(Rect(x: x, y: 0, width: cardWidth, height: 240), of: scroller, in: tree)
            var assets: [AssetKind: HostNodeID] = [:]
            let frames: [(AssetKind, Rect)] = [
                (.icon, Rect(x: 10, y: 10, width: 40, height: 40)),
                (.title, Rect(x: 60, y: 10, width: 180, height: 20)),
                (.sponsored, Rect(x: 60, y: 32, width: 60, height: 14)),
                (.media, Rect(x: 10, y: 60, width: 200, height: 110)),
                (.callToAction, Rect(x: 10, y: 180, width: 200, height: 44)),
            ]
            for (kind, frame) in frames { assets[kind] = try child(frame, of: card, in: tree) }
            cards.append(NativeLayout(container: card, nodes: assets))
        }
        return Slider(
            block: NativeLayout(container: container, nodes: [.sponsored: sponsored]), scroller: scroller, cards: cards)
    }
}
