import AdCore
import Testing

/// Clipping by the window and by ancestors, scroll offsets, re-parenting and caching, in a 400×800 window.
@Suite("VisibilityEngine: clipping, scrolling and placement")
@MainActor
struct VisibilityEngineTests {
    @Test("A card wholly inside the window is fully visible")
    func fullyVisibleCard() throws {
        let stage = try GeometryFixture()
        // (50, 100, 300×250) lies inside (0, 0, 400×800): 75000 / 75000 = 1.
        let card = try stage.node(50, 100, 300, 250)
        let geometry = stage.engine.geometry(of: card)
        #expect(geometry.visibleRatio == 1)
        #expect(geometry.zeroReason == nil)
        #expect(geometry.window == stage.window)
        #expect(geometry.frameInWindow == Rect(x: 50, y: 100, width: 300, height: 250))
        #expect(geometry.clippedRect == Rect(x: 50, y: 100, width: 300, height: 250))
    }

    @Test("A card half past the right edge is half visible; a quarter inside the bottom edge, a quarter")
    func cardsPastTheWindowEdges() throws {
        let stage = try GeometryFixture()
        // x 300..500 against 0..400: 100 × 100 = 10000 of 200 × 100 = 20000 → 0.5.
        let right = try stage.node(300, 0, 200, 100)
        // y 700..1100 against 0..800: 100 × 100 = 10000 of 100 × 400 = 40000 → 0.25.
        let bottom = try stage.node(0, 700, 100, 400)
        // Entirely left of the window: x -300..-100 → 0, clipped away.
        let gone = try stage.node(-300, 0, 200, 100)
        #expect(stage.ratio(right) == 0.5)
        #expect(stage.engine.geometry(of: right).clippedRect == Rect(x: 300, y: 0, width: 100, height: 100))
        #expect(stage.ratio(bottom) == 0.25)
        #expect(stage.ratio(gone) == 0)
        #expect(stage.reason(gone) == .clippedAway)
    }

    @Test("Nested clipping ancestors clip to the intersection of their bounds")
    func nestedClippingAncestors() throws {
        let stage = try GeometryFixture()
        let outer = try stage.node(0, 0, 300, 300, clips: true)
        // inner in window coordinates: (100, 100, 300×300); its clip: outer ∩ inner = (100, 100)-(300, 300).
        let inner = try stage.node(100, 100, 300, 300, in: outer, clips: true)
        // card at (150, 150, 200×200): visible (150, 150)-(300, 300) = 150 × 150 = 22500 / 40000 = 0.5625.
        let card = try stage.node(50, 50, 200, 200, in: inner)
        #expect(stage.ratio(card) == 0.5625)
        #expect(stage.engine.geometry(of: card).clippedRect == Rect(x: 150, y: 150, width: 150, height: 150))
        // Widening the outer clip to 400×400 leaves only inner: (150, 150)-(350, 350) inside (100..400): all of it.
        try stage.tree.setFrame(outer, Rect(x: 0, y: 0, width: 400, height: 400))
        #expect(stage.ratio(card) == 1)
    }

    @Test("A scrolled vertical feed holding a scrolled horizontal carousel places and clips the cards")
    func nestedScrollOffsets() throws {
        let stage = try GeometryFixture()
        let feed = try stage.node(0, 0, 400, 800, clips: true)
        try stage.tree.setBoundsOrigin(feed, Point(x: 0, y: 300))
        // carousel at feed y 400 → window y 400 - 300 = 100; clip (0, 100, 400×200).
        let carousel = try stage.node(0, 400, 400, 200, in: feed, clips: true)
        try stage.tree.setBoundsOrigin(carousel, Point(x: 250, y: 0))
        // first card at carousel x 300 → window x 300 - 250 = 50: (50, 100, 200×200), wholly inside → 1.
        let first = try stage.node(300, 0, 200, 200, in: carousel)
        // second card at carousel x 600 → window x 350: x 350..550 against 0..400 → 50 × 200 / 40000 = 0.25.
        let second = try stage.node(600, 0, 200, 200, in: carousel)
        #expect(try stage.tree.frameInWindow(of: first) == Rect(x: 50, y: 100, width: 200, height: 200))
        #expect(stage.engine.geometry(of: first).frameInWindow == Rect(x: 50, y: 100, width: 200, height: 200))
        #expect(stage.ratio(first) == 1)
        #expect(stage.ratio(second) == 0.25)
        // Feed scrolled to 500: carousel at window y -100, clipped to y 0..100; first card y -100..100 → 0.5.
        try stage.tree.setBoundsOrigin(feed, Point(x: 0, y: 500))
        #expect(stage.ratio(first) == 0.5)
        #expect(stage.engine.geometry(of: first).clippedRect == Rect(x: 50, y: 0, width: 200, height: 100))
        // Carousel scrolled to 550: second card at window x 50 → 200 × 100 visible → 0.5; first at x -250 → 0.
        try stage.tree.setBoundsOrigin(carousel, Point(x: 550, y: 0))
        #expect(stage.ratio(second) == 0.5)
        #expect(stage.ratio(first) == 0)
        #expect(stage.reason(first) == .clippedAway)
    }

    @Test("A non-clipping ancestor lets content overflow; only clipping ancestors and the window cut it")
    func nonClippingAncestorLetsContentOverflow() throws {
        let stage = try GeometryFixture()
        let frame = try stage.node(0, 0, 400, 400, clips: true)
        let box = try stage.node(100, 100, 100, 100, in: frame)
        // card at (150, 150, 100×100) overflows box (100..200) but box does not clip: 10000 / 10000 = 1.
        let card = try stage.node(50, 50, 100, 100, in: box)
        // tail at (350, 350, 100×100): box does not clip, frame (0..400) does: 50 × 50 = 2500 / 10000 = 0.25.
        let tail = try stage.node(250, 250, 100, 100, in: box)
        #expect(stage.ratio(card) == 1)
        #expect(stage.ratio(tail) == 0.25)
        // Once box clips, card keeps (150..200)² = 2500 / 10000 = 0.25 and tail is outside box altogether.
        try stage.tree.setClipsToBounds(box, true)
        #expect(stage.ratio(card) == 0.25)
        #expect(stage.ratio(tail) == 0)
        #expect(stage.reason(tail) == .clippedAway)
    }

    @Test("The engine and the tree agree on window frames, whatever the scroll offsets, root's included")
    func engineAndTreeAgreeOnFrames() throws {
        let stage = try GeometryFixture()
        try stage.tree.setBoundsOrigin(stage.root, Point(x: 10, y: 20))
        let feed = try stage.node(5, 5, 400, 800, clips: true)
        try stage.tree.setBoundsOrigin(feed, Point(x: -3, y: 40))
        let card = try stage.node(100, 100, 50, 50, in: feed)
        // x: 100 + (5 + 3) + (0 - 10) = 98; y: 100 + (5 - 40) + (0 - 20) = 45.
        let expected = Rect(x: 98, y: 45, width: 50, height: 50)
        #expect(try stage.tree.frameInWindow(of: card) == expected)
        #expect(stage.engine.geometry(of: card).frameInWindow == expected)
        #expect(stage.ratio(card) == 1)
    }

    @Test("Scrolling moves a card out of a clipping feed and back in")
    func boundsOriginScrollsCardOutAndBackIn() throws {
        let stage = try GeometryFixture()
        let feed = try stage.node(0, 0, 400, 800, clips: true)
        // card at feed y 900..1100: below the 800-point viewport → 0.
        let card = try stage.node(0, 900, 400, 200, in: feed)
        #expect(stage.ratio(card) == 0)
        #expect(stage.reason(card) == .clippedAway)
        // scrolled 200: window y 700..900 → 100 of 200 rows → 0.5.
        try stage.tree.setBoundsOrigin(feed, Point(x: 0, y: 200))
        #expect(stage.ratio(card) == 0.5)
        // scrolled 300: window y 600..800 → 1.
        try stage.tree.setBoundsOrigin(feed, Point(x: 0, y: 300))
        #expect(stage.ratio(card) == 1)
        // scrolled 1150: window y -250..-50 → 0.
        try stage.tree.setBoundsOrigin(feed, Point(x: 0, y: 1150))
        #expect(stage.ratio(card) == 0)
        // scrolled 1000: window y -100..100 → 100 / 200 = 0.5; back to 0 → gone again.
        try stage.tree.setBoundsOrigin(feed, Point(x: 0, y: 1000))
        #expect(stage.ratio(card) == 0.5)
        try stage.tree.setBoundsOrigin(feed, Point(x: 0, y: 0))
        #expect(stage.ratio(card) == 0)
    }

    @Test("Re-parenting into another container or window changes the ratio and the placement")
    func reparentingChangesRatioAndPlacement() throws {
        let stage = try GeometryFixture()
        // narrow clips to x 0..100; roomy is a large non-clipping box at (0, 400).
        let narrow = try stage.node(0, 0, 100, 300, clips: true)
        let roomy = try stage.node(0, 400, 400, 400)
        // card (0, 0, 200×200) in narrow: 100 × 200 = 20000 / 40000 = 0.5.
        let card = try stage.node(0, 0, 200, 200, in: narrow)
        #expect(stage.ratio(card) == 0.5)
        let before = try stage.tree.placement(of: card)

        // moved into roomy: window (0, 400, 200×200), wholly inside → 1.
        try stage.tree.move(card, to: roomy)
        #expect(stage.ratio(card) == 1)
        #expect(try stage.tree.parent(of: card) == roomy)
        let afterMove = try stage.tree.placement(of: card)
        #expect(afterMove != before)

        // moved into a second, 100×100 window: 100 × 100 = 10000 / 40000 = 0.25.
        let small = stage.tree.addWindow(scene: "main", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        try stage.tree.move(card, to: stage.tree.rootNode(of: small))
        #expect(stage.ratio(card) == 0.25)
        #expect(stage.engine.geometry(of: card).window == small)
        #expect(try stage.tree.window(of: card) == small)
        #expect(try stage.tree.placement(of: card) != afterMove)

        // Frame changes and bringToFront are not new placements.
        let placed = try stage.tree.placement(of: card)
        try stage.tree.setFrame(card, Rect(x: 0, y: 0, width: 50, height: 50))
        try stage.tree.bringToFront(card)
        #expect(try stage.tree.placement(of: card) == placed)
    }

    @Test("Resizing the window re-clips its content")
    func resizingTheWindowReclips() throws {
        let stage = try GeometryFixture()
        // card (0, 600, 400×200) is inside 400×800; shrinking to 400×700 leaves y 600..700 → 0.5.
        let card = try stage.node(0, 600, 400, 200)
        #expect(stage.ratio(card) == 1)
        try stage.tree.setFrame(of: stage.window, Rect(x: 0, y: 0, width: 400, height: 700))
        #expect(stage.ratio(card) == 0.5)
        #expect(stage.tree.node(stage.root)?.frame == Rect(x: 0, y: 0, width: 400, height: 700))
    }

    @Test("A change made after refresh() is seen by the next query")
    func changeAfterRefreshIsSeen() throws {
        let stage = try GeometryFixture()
        let card = try stage.node(0, 0, 200, 200)
        stage.engine.refresh()
        #expect(stage.ratio(card) == 1)
        // moved to (300, 0): x 300..500 → 100 / 200 → 0.5, with no explicit refresh in between.
        try stage.tree.setFrame(card, Rect(x: 300, y: 0, width: 200, height: 200))
        #expect(stage.ratio(card) == 0.5)
        stage.engine.refresh()
        try stage.tree.setHidden(card, true)
        #expect(stage.ratio(card) == 0)
        try stage.tree.setHidden(card, false)
        #expect(stage.ratio(card) == 0.5)
    }

    @Test("A node made after the last pass is reported as in no window, not a crash")
    func nodeMadeAfterLastPassIsNotInWindow() throws {
        let stage = try GeometryFixture()
        try stage.node(0, 0, 100, 100)
        stage.engine.refresh()
        // makeNode changes nothing visible, so it does not bump the revision: the engine must still answer.
        let late = try stage.tree.makeNode(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(stage.ratio(late) == 0)
        #expect(stage.reason(late) == .notInWindow)
        #expect(!stage.engine.hitTest(Point(x: 10, y: 10), on: late))
        #expect(stage.engine.coveringArea(of: late) == 0)
        try stage.tree.addChild(late, to: stage.root)
        #expect(stage.ratio(late) == 1)
    }

    @Test("Unknown node IDs are in no window")
    func unknownNodeIsInNoWindow() throws {
        let stage = try GeometryFixture()
        #expect(stage.reason(HostNodeID(rawValue: 999)) == .notInWindow)
        #expect(stage.reason(HostNodeID(rawValue: -1)) == .notInWindow)
        #expect(!stage.engine.hitTest(Point(x: 0, y: 0), on: HostNodeID(rawValue: -1)))
    }
}
