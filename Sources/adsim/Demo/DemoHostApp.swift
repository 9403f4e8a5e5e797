import AdCore
import AdEmbedded
import AdSimulator

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
    /// The toolbar's height at the window's bottom.
    static let toolbarHeight = 60.0
    /// Where the first IFLY cell, the slider and the second IFLY cell sit in the feed's content.
    static let firstCellY = 140.0
    static let sliderY = 1_000.0
    static let secondCellY = 1_700.0

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

    /// Builds the app's tree on the one host-app frame (``EmbeddedApp``): the window, the feed above a 60-point
    /// toolbar holding the context, then the toolbar's button and the feed's cells.
    init(tree: HostTree) throws(AdError) {
        self.tree = tree
        let (app, toolbar) = try EmbeddedApp.withToolbar(
            tree: tree, width: Self.screen.width, height: Self.screen.height, toolbarHeight: Self.toolbarHeight)
        window = app.window
        feed = app.feed
        context = toolbar.context
        rewardButton = try tree.makeNode(frame: Rect(x: 95, y: 8, width: 200, height: 44))
        try tree.addChild(rewardButton, to: toolbar.node)
        firstCell = try Self.addCell(y: Self.firstCellY, to: feed, in: tree)
        slider = try Self.addSlider(y: Self.sliderY, to: feed, in: tree)
        secondCell = try Self.addCell(y: Self.secondCellY, to: feed, in: tree)
    }

    /// Scrolls the feed so content at `y` is at the top of the screen.
    func scrollFeed(to y: Double) throws(AdError) { try tree.setBoundsOrigin(feed, Point(x: 0, y: y)) }

    /// Swipes the slider to show card `index` (0-based) at its left edge.
    func swipeSlider(toCard index: Int) throws(AdError) {
        try tree.setBoundsOrigin(
            slider.scroller, Point(x: Double(index) * (NativeLayout.cardWidth + NativeLayout.cardGap), y: 0))
    }

    /// A feed cell: media, title, the ad-source badge, a call-to-action button and a close button.
    private static func addCell(y: Double, to feed: HostNodeID, in tree: HostTree) throws(AdError) -> NativeLayout {
        let container = try NativeLayout.node(Rect(x: 0, y: y, width: 390, height: 300), in: feed, of: tree)
        return try NativeLayout.feedCell(in: container, of: tree)
    }

    private static func addSlider(y: Double, to feed: HostNodeID, in tree: HostTree) throws(AdError) -> Slider {
        let container = try NativeLayout.node(Rect(x: 0, y: y, width: 390, height: 300), in: feed, of: tree)
        let slider = try NativeLayout.slider(in: container, width: 390, of: tree)
        return Slider(block: slider.block, scroller: slider.scroller, cards: slider.cards)
    }
}
