import AdCore
import Testing

/// The states that make a node invisible whatever its geometry: hidden, transparent, background, detached, empty.
@Suite("VisibilityEngine: hidden, transparent, background, detached and empty nodes")
@MainActor
struct VisibilityStateTests {
    @Test("Y22: a hidden ancestor hides the whole subtree; showing it again restores the ratio")
    func y22_hiddenAncestorHidesSubtree() throws {
        let stage = try GeometryFixture()
        let section = try stage.node(0, 0, 400, 400)
        let row = try stage.node(0, 0, 400, 200, in: section)
        // card (300, 0, 200×100): half past the right edge → 0.5 while everything is shown.
        let card = try stage.node(300, 0, 200, 100, in: row)
        #expect(stage.ratio(card) == 0.5)
        try stage.tree.setHidden(section, true)
        #expect(stage.ratio(card) == 0)
        #expect(stage.reason(card) == .hidden)
        #expect(stage.reason(row) == .hidden)
        #expect(stage.tree.node(card)?.isHidden == false)
        try stage.tree.setHidden(section, false)
        #expect(stage.ratio(card) == 0.5)
        #expect(stage.reason(card) == nil)
        // Hiding the window root hides everything in the window.
        try stage.tree.setHidden(stage.root, true)
        #expect(stage.reason(card) == .hidden)
    }

    @Test("Y22: an ancestor at alpha 0.005 makes the subtree invisible; at 0.02 (and at exactly 0.01) it does not")
    func y22_transparentAncestorThreshold() throws {
        let stage = try GeometryFixture()
        let fader = try stage.node(0, 0, 400, 400)
        // card (0, 0, 200×200) wholly inside: 1 whenever the fader is not below 0.01.
        let card = try stage.node(0, 0, 200, 200, in: fader)
        try stage.tree.setAlpha(fader, 0.005)
        #expect(stage.ratio(card) == 0)
        #expect(stage.reason(card) == .transparent)
        try stage.tree.setAlpha(fader, 0.02)
        #expect(stage.ratio(card) == 1)
        try stage.tree.setAlpha(fader, 0.01)
        #expect(stage.ratio(card) == 1)
        // The card's own alpha counts too; out-of-range alphas are clamped (−3 → 0, 7 → 1).
        try stage.tree.setAlpha(card, -3)
        #expect(stage.tree.node(card)?.alpha == 0)
        #expect(stage.reason(card) == .transparent)
        try stage.tree.setAlpha(card, 7)
        #expect(stage.tree.node(card)?.alpha == 1)
        #expect(stage.ratio(card) == 1)
    }

    @Test("Y22: a scene in the background shows nothing; back in the foreground the ratio returns")
    func y22_backgroundSceneAndBack() throws {
        let stage = try GeometryFixture()
        // card (0, 700, 200×200): y 700..800 inside → 100 × 200 / 40000 = 0.5.
        let card = try stage.node(0, 700, 200, 200)
        #expect(stage.ratio(card) == 0.5)
        stage.tree.setSceneForeground("main", false)
        #expect(stage.ratio(card) == 0)
        #expect(stage.reason(card) == .background)
        #expect(try !stage.tree.isForeground(stage.window))
        stage.tree.setSceneForeground("main", true)
        #expect(stage.ratio(card) == 0.5)
        // The same through one window.
        try stage.tree.setForeground(stage.window, false)
        #expect(stage.reason(card) == .background)
        try stage.tree.setForeground(stage.window, true)
        #expect(stage.ratio(card) == 0.5)
    }

    @Test("Two windows in two scenes do not cover or background each other")
    func twoWindowsInTwoScenesAreIndependent() throws {
        let stage = try GeometryFixture()
        let card = try stage.node(0, 0, 200, 200)
        // A second window in scene "chat", at the same screen position, filled by an opaque sheet.
        let chat = stage.tree.addWindow(scene: "chat", frame: Rect(x: 0, y: 0, width: 400, height: 800), isKey: true)
        let sheet = try stage.tree.makeNode(frame: Rect(x: 0, y: 0, width: 400, height: 800), isOpaque: true)
        try stage.tree.addChild(sheet, to: stage.tree.rootNode(of: chat))
        // chat's card (0, 0, 100×100) is under nothing in its own window → 1; main's card is not covered by sheet.
        let chatCard = try stage.tree.makeNode(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        try stage.tree.addChild(chatCard, to: sheet)
        #expect(stage.ratio(card) == 1)
        #expect(stage.ratio(chatCard) == 1)
        #expect(try stage.tree.scene(of: chat) == "chat")
        stage.tree.setSceneForeground("chat", false)
        #expect(stage.ratio(card) == 1)
        #expect(stage.reason(chatCard) == .background)
        stage.tree.setSceneForeground("chat", true)
        stage.tree.setSceneForeground("main", false)
        #expect(stage.reason(card) == .background)
        #expect(stage.ratio(chatCard) == 1)
        #expect(try stage.tree.isKey(chat))
        #expect(try !stage.tree.isKey(stage.window))
    }

    @Test("A detached node, and a node whose window was removed, is in no window")
    func detachedAndRemovedWindowNodesAreInNoWindow() throws {
        let stage = try GeometryFixture()
        let loose = try stage.tree.makeNode(frame: Rect(x: 0, y: 0, width: 100, height: 100), isOpaque: true)
        let card = try stage.node(0, 0, 100, 100)
        #expect(stage.ratio(loose) == 0)
        #expect(stage.reason(loose) == .notInWindow)
        #expect(try stage.tree.window(of: loose) == nil)
        #expect(try stage.tree.frameInWindow(of: loose) == nil)
        // The detached opaque node covers nothing.
        #expect(stage.ratio(card) == 1)

        try stage.tree.removeWindow(stage.window)
        #expect(stage.ratio(card) == 0)
        #expect(stage.reason(card) == .notInWindow)
        #expect(stage.engine.geometry(of: card).window == nil)
        #expect(try stage.tree.window(of: card) == nil)
        #expect(stage.tree.windowIDs.isEmpty)
        #expect(throws: AdError.self) { try stage.tree.rootNode(of: stage.window) }

        // Moved into a new 50×50 window the card (0, 0, 100×100) is seen again: 50 × 50 / 10000 = 0.25.
        let next = stage.tree.addWindow(scene: "main", frame: Rect(x: 0, y: 0, width: 50, height: 50))
        try stage.tree.move(card, to: stage.tree.rootNode(of: next))
        #expect(stage.ratio(card) == 0.25)
        #expect(stage.engine.geometry(of: card).window == next)
    }

    @Test("Removing a subtree makes it invisible; re-adding it restores the ratios")
    func removingSubtreeAndReaddingIt() throws {
        let stage = try GeometryFixture()
        let section = try stage.node(0, 600, 400, 400)
        // card (0, 600, 400×200) → 1; tail (0, 700, 400×200) → y 700..800 → 0.5.
        let card = try stage.node(0, 0, 400, 200, in: section)
        let tail = try stage.node(0, 100, 400, 200, in: section)
        let cover = try stage.node(0, 0, 400, 650, opaque: true)
        // cover (y 0..650) is drawn above: card loses y 600..650 = 50 rows of 200 → 0.75.
        #expect(stage.ratio(card) == 0.75)
        #expect(stage.ratio(tail) == 0.5)

        try stage.tree.removeFromParent(section)
        #expect(stage.reason(card) == .notInWindow)
        #expect(stage.reason(tail) == .notInWindow)
        #expect(try stage.tree.parent(of: card) == section)

        // Re-added at index 0, below the cover: same geometry as before.
        try stage.tree.addChild(section, to: stage.root, at: 0)
        #expect(stage.ratio(card) == 0.75)
        #expect(stage.ratio(tail) == 0.5)
        // Re-added above the cover: nothing covers it any more.
        try stage.tree.move(section, to: stage.root)
        #expect(try stage.tree.children(of: stage.root) == [cover, section])
        #expect(stage.ratio(card) == 1)
    }

    @Test("Y13: a zero-width card is never visible")
    func y13_zeroWidthCardNeverVisible() throws {
        let stage = try GeometryFixture()
        let card = try stage.node(100, 100, 0, 250)
        #expect(stage.ratio(card) == 0)
        #expect(stage.reason(card) == .zeroSize)
        #expect(!stage.engine.hitTest(Point(x: 100, y: 150), on: card))
        // Given a width of 1 point it is fully visible.
        try stage.tree.setFrame(card, Rect(x: 100, y: 100, width: 1, height: 250))
        #expect(stage.ratio(card) == 1)
    }

    @Test("Y13: a zero-height card is never visible")
    func y13_zeroHeightCardNeverVisible() throws {
        let stage = try GeometryFixture()
        let card = try stage.node(0, 100, 300, 0)
        // Its zero-height image child is drawn inside it and is just as invisible.
        let image = try stage.node(0, 0, 300, 0, in: card, opaque: true)
        #expect(stage.ratio(card) == 0)
        #expect(stage.reason(card) == .zeroSize)
        #expect(stage.reason(image) == .zeroSize)
        #expect(!stage.engine.hitTest(Point(x: 10, y: 100), on: card))
        try stage.tree.setFrame(card, Rect(x: 0, y: 100, width: 300, height: 50))
        #expect(stage.ratio(card) == 1)
    }

    @Test("Y13: an empty window shows nothing")
    func y13_emptyWindowShowsNothing() throws {
        let stage = try GeometryFixture(width: 400, height: 0)
        let card = try stage.node(0, 0, 100, 100)
        #expect(stage.ratio(card) == 0)
        #expect(stage.reason(stage.root) == .zeroSize)
        #expect(stage.reason(card) == .clippedAway)
    }
}
