import AdCore
import Testing

/// Every mistake a host can make is a typed `invalidHostTree` error that leaves the tree exactly as it was.
@Suite("HostTree: bad input")
@MainActor
struct HostTreeBadInputTests {
    /// A window with `list` (holding `card`, holding `badge`), a detached `loose` node and a second window.
    @MainActor
    struct Stage {
        let stage: GeometryFixture
        let list: HostNodeID
        let card: HostNodeID
        let badge: HostNodeID
        let loose: HostNodeID
        let other: HostWindowID
        var tree: HostTree { stage.tree }

        init() throws {
            stage = try GeometryFixture()
            list = try stage.node(0, 0, 400, 800, clips: true)
            card = try stage.node(0, 100, 400, 200, in: list)
            badge = try stage.node(10, 10, 40, 40, in: card, opaque: true)
            loose = try stage.tree.makeNode(frame: Rect(x: 0, y: 0, width: 50, height: 50))
            other = stage.tree.addWindow(scene: "other", frame: Rect(x: 0, y: 0, width: 300, height: 300))
        }
    }

    /// Runs `body`, expecting an `invalidHostTree` error with a hint, and the tree unchanged afterwards.
    private func expectRejected(
        _ tree: HostTree, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws(AdError) -> Void
    ) throws {
        let before = try HostTreeSnapshot(tree)
        let error = #expect(throws: AdError.self, sourceLocation: sourceLocation) { try body() }
        #expect(error?.code == .invalidHostTree, sourceLocation: sourceLocation)
        #expect(error?.hint?.isEmpty == false, sourceLocation: sourceLocation)
        #expect(try HostTreeSnapshot(tree) == before, sourceLocation: sourceLocation)
    }

    @Test("A node that already has a parent cannot be added to a second one")
    func nodeAddedToTwoParents() throws {
        let s = try Stage()
        let otherRoot = try s.tree.rootNode(of: s.other)
        try expectRejected(s.tree) { () throws(AdError) in try s.tree.addChild(s.card, to: otherRoot) }
        try expectRejected(s.tree) { () throws(AdError) in try s.tree.addChild(s.card, to: s.list) }
        #expect(try s.tree.parent(of: s.card) == s.list)
        #expect(s.stage.ratio(s.card) == 1)
    }

    @Test("A node cannot be placed inside itself or one of its descendants")
    func cyclesAreRejected() throws {
        let s = try Stage()
        // addChild: itself; a detached parent under its own child.
        try expectRejected(s.tree) { () throws(AdError) in try s.tree.addChild(s.loose, to: s.loose) }
        let child = try s.tree.makeNode(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        try s.tree.addChild(child, to: s.loose)
        try expectRejected(s.tree) { () throws(AdError) in try s.tree.addChild(s.loose, to: child) }
        // move: itself, its child, its grandchild.
        try expectRejected(s.tree) { () throws(AdError) in try s.tree.move(s.list, to: s.list) }
        try expectRejected(s.tree) { () throws(AdError) in try s.tree.move(s.list, to: s.card) }
        try expectRejected(s.tree) { () throws(AdError) in try s.tree.move(s.list, to: s.badge) }
        #expect(try s.tree.ancestorPath(of: s.badge) == [s.badge, s.card, s.list, s.stage.root])
    }

    @Test("NaN, infinite and negative frames are rejected by makeNode and setFrame")
    func badFramesAreRejected() throws {
        let s = try Stage()
        let bad = [
            Rect(x: .nan, y: 0, width: 10, height: 10),
            Rect(x: 0, y: .infinity, width: 10, height: 10),
            Rect(x: 0, y: 0, width: -.infinity, height: 10),
            Rect(x: 0, y: 0, width: 10, height: .nan),
            Rect(x: 0, y: 0, width: -1, height: 10),
            Rect(x: 0, y: 0, width: 10, height: -0.5),
        ]
        for frame in bad {
            try expectRejected(s.tree) { () throws(AdError) in _ = try s.tree.makeNode(frame: frame) }
            try expectRejected(s.tree) { () throws(AdError) in try s.tree.setFrame(s.card, frame) }
            try expectRejected(s.tree) { () throws(AdError) in try s.tree.setFrame(of: s.other, frame) }
        }
        #expect(s.tree.node(s.card)?.frame == Rect(x: 0, y: 100, width: 400, height: 200))
        // Zero sizes are valid (rule Y13 makes them invisible, not wrong).
        try s.tree.setFrame(s.card, Rect(x: 0, y: 0, width: 0, height: 0))
        #expect(s.stage.reason(s.card) == .zeroSize)
    }

    @Test("A window given an invalid frame gets an empty one and shows nothing")
    func addWindowSanitisesBadFrame() throws {
        let s = try Stage()
        let broken = s.tree.addWindow(scene: "broken", frame: Rect(x: .nan, y: 0, width: 100, height: 100))
        #expect(try s.tree.frame(of: broken) == .zero)
        let node = try s.tree.makeNode(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        try s.tree.addChild(node, to: s.tree.rootNode(of: broken))
        #expect(s.stage.ratio(node) == 0)
    }

    @Test("Non-finite bounds origins and alphas are rejected")
    func nonFiniteOriginAndAlphaAreRejected() throws {
        let s = try Stage()
        for value in [Double.nan, .infinity, -.infinity] {
            try expectRejected(s.tree) { () throws(AdError) in
                try s.tree.setBoundsOrigin(s.list, Point(x: 0, y: value))
            }
            try expectRejected(s.tree) { () throws(AdError) in
                try s.tree.setBoundsOrigin(s.list, Point(x: value, y: 0))
            }
            try expectRejected(s.tree) { () throws(AdError) in try s.tree.setAlpha(s.card, value) }
        }
        #expect(s.tree.node(s.card)?.alpha == 1)
        #expect(s.stage.ratio(s.card) == 1)
    }

    @Test("Unknown node IDs are rejected by every call that takes one")
    func unknownNodeIDs() throws {
        let s = try Stage()
        let frame = Rect(x: 0, y: 0, width: 1, height: 1)
        for ghost in [
            HostNodeID(rawValue: 9999), HostNodeID(rawValue: -1), HostNodeID(rawValue: Int32(s.tree.nodeCount)),
        ] {
            #expect(!s.tree.contains(ghost))
            try expectRejected(s.tree) { () throws(AdError) in try s.tree.addChild(ghost, to: s.list) }
            try expectRejected(s.tree) { () throws(AdError) in try s.tree.addChild(s.loose, to: ghost) }
            try expectRejected(s.tree) { () throws(AdError) in try s.tree.move(ghost, to: s.list) }
            try expectRejected(s.tree) { () throws(AdError) in try s.tree.move(s.card, to: ghost) }
            try expectRejected(s.tree) { () throws(AdError) in try s.tree.removeFromParent(ghost) }
            try expectRejected(s.tree) { () throws(AdError) in try s.tree.bringToFront(ghost) }
            try expectRejected(s.tree) { () throws(AdError) in try s.tree.setFrame(ghost, frame) }
            try expectRejected(s.tree) { () throws(AdError) in try s.tree.setBoundsOrigin(ghost, Point(x: 0, y: 0)) }
            try expectRejected(s.tree) { () throws(AdError) in try s.tree.setHidden(ghost, true) }
            try expectRejected(s.tree) { () throws(AdError) in try s.tree.setAlpha(ghost, 0.5) }
            try expectRejected(s.tree) { () throws(AdError) in try s.tree.setUserInteractionEnabled(ghost, false) }
            try expectRejected(s.tree) { () throws(AdError) in try s.tree.setClipsToBounds(ghost, true) }
            try expectRejected(s.tree) { () throws(AdError) in try s.tree.setOpaque(ghost, true) }
            try expectRejected(s.tree) { () throws(AdError) in _ = try s.tree.parent(of: ghost) }
            try expectRejected(s.tree) { () throws(AdError) in _ = try s.tree.children(of: ghost) }
            try expectRejected(s.tree) { () throws(AdError) in _ = try s.tree.window(of: ghost) }
            try expectRejected(s.tree) { () throws(AdError) in _ = try s.tree.frameInWindow(of: ghost) }
            try expectRejected(s.tree) { () throws(AdError) in _ = try s.tree.placement(of: ghost) }
            try expectRejected(s.tree) { () throws(AdError) in _ = try s.tree.ancestorPath(of: ghost) }
            try expectRejected(s.tree) { () throws(AdError) in _ = try s.tree.isDescendant(ghost, of: s.list) }
            try expectRejected(s.tree) { () throws(AdError) in _ = try s.tree.isDescendant(s.card, of: ghost) }
        }
    }

    @Test("Unknown and removed window IDs are rejected by every call that takes one")
    func unknownWindowIDs() throws {
        let s = try Stage()
        let removed = s.tree.addWindow(scene: "gone", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        try s.tree.removeWindow(removed)
        for ghost in [HostWindowID(rawValue: 77), HostWindowID(rawValue: -1), removed] {
            try expectRejected(s.tree) { () throws(AdError) in _ = try s.tree.rootNode(of: ghost) }
            try expectRejected(s.tree) { () throws(AdError) in _ = try s.tree.scene(of: ghost) }
            try expectRejected(s.tree) { () throws(AdError) in _ = try s.tree.isForeground(ghost) }
            try expectRejected(s.tree) { () throws(AdError) in _ = try s.tree.isKey(ghost) }
            try expectRejected(s.tree) { () throws(AdError) in _ = try s.tree.frame(of: ghost) }
            try expectRejected(s.tree) { () throws(AdError) in try s.tree.setForeground(ghost, false) }
            try expectRejected(s.tree) { () throws(AdError) in try s.tree.makeKey(ghost) }
            try expectRejected(s.tree) { () throws(AdError) in
                try s.tree.setFrame(of: ghost, Rect(x: 0, y: 0, width: 1, height: 1))
            }
            try expectRejected(s.tree) { () throws(AdError) in try s.tree.removeWindow(ghost) }
        }
        #expect(s.tree.windowIDs == [s.stage.window, s.other])
    }

    @Test("A window root cannot be removed, moved, re-framed or added as a child")
    func windowRootsStayPut() throws {
        let s = try Stage()
        let root = s.stage.root
        let otherRoot = try s.tree.rootNode(of: s.other)
        try expectRejected(s.tree) { () throws(AdError) in try s.tree.removeFromParent(root) }
        try expectRejected(s.tree) { () throws(AdError) in try s.tree.move(root, to: otherRoot) }
        try expectRejected(s.tree) { () throws(AdError) in try s.tree.move(root, to: s.loose) }
        try expectRejected(s.tree) { () throws(AdError) in try s.tree.addChild(root, to: otherRoot) }
        try expectRejected(s.tree) { () throws(AdError) in try s.tree.addChild(otherRoot, to: s.card) }
        try expectRejected(s.tree) { () throws(AdError) in
            try s.tree.setFrame(root, Rect(x: 0, y: 0, width: 10, height: 10))
        }
        #expect(s.tree.node(root)?.isWindowRoot == true)
        #expect(try s.tree.window(of: s.badge) == s.stage.window)
    }

    @Test("A failed move leaves the node where it was, at the same index and placement")
    func failedMoveIsAtomic() throws {
        let s = try Stage()
        let sibling = try s.stage.node(0, 0, 10, 10, in: s.list)
        #expect(try s.tree.children(of: s.list) == [s.card, sibling])
        // Into its own descendant, into an unknown node: both rejected before anything is detached.
        try expectRejected(s.tree) { () throws(AdError) in try s.tree.move(s.card, to: s.badge) }
        try expectRejected(s.tree) { () throws(AdError) in try s.tree.move(s.card, to: HostNodeID(rawValue: 500)) }
        #expect(try s.tree.children(of: s.list) == [s.card, sibling])
        #expect(try s.tree.parent(of: s.card) == s.list)
        #expect(s.stage.ratio(s.card) == 1)
        // A valid move still works afterwards, and an index puts it at that position.
        try s.tree.move(s.card, to: s.list, at: 1)
        #expect(try s.tree.children(of: s.list) == [sibling, s.card])
    }

    @Test("Removing a node hides its whole subtree; re-adding it restores the ratios and counts as a new placement")
    func removeAndReaddSubtree() throws {
        let s = try Stage()
        // card (0, 100, 400×200) and its badge (10, 110, 40×40) are fully visible.
        #expect(s.stage.ratio(s.card) == 1)
        #expect(s.stage.ratio(s.badge) == 1)
        let placed = try s.tree.placement(of: s.card)
        try s.tree.removeFromParent(s.card)
        #expect(s.stage.reason(s.card) == .notInWindow)
        #expect(s.stage.reason(s.badge) == .notInWindow)
        #expect(try s.tree.window(of: s.badge) == nil)
        #expect(try s.tree.frameInWindow(of: s.badge) == nil)
        #expect(try s.tree.parent(of: s.badge) == s.card)
        // Re-added where it was: the subtree comes back with its ratios.
        try s.tree.addChild(s.card, to: s.list)
        #expect(s.stage.ratio(s.card) == 1)
        #expect(s.stage.ratio(s.badge) == 1)
        #expect(try s.tree.window(of: s.badge) == s.stage.window)
        #expect(try s.tree.placement(of: s.card) != placed)
        // Re-added into the 300×300 window instead: card (0, 100, 400×200) keeps (0..300, 100..300) → 0.75.
        try s.tree.move(s.card, to: s.tree.rootNode(of: s.other))
        #expect(s.stage.ratio(s.card) == 0.75)
        #expect(s.stage.engine.geometry(of: s.card).window == s.other)
    }
}
