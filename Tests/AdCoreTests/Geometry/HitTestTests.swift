import AdCore
import Testing

/// `hitTest(_:on:)`: does a tap at a window point land on the node?
@Suite("VisibilityEngine: hit testing")
@MainActor
struct HitTestTests {
    @Test("A tap inside the card hits it; outside, or on its far edges, it does not")
    func insideAndOutside() throws {
        let stage = try GeometryFixture()
        // card covers x 100..300, y 100..200 (left and top edges included, right and bottom excluded).
        let card = try stage.node(100, 100, 200, 100)
        #expect(stage.engine.hitTest(Point(x: 150, y: 150), on: card))
        #expect(stage.engine.hitTest(Point(x: 100, y: 100), on: card))
        #expect(!stage.engine.hitTest(Point(x: 300, y: 150), on: card))
        #expect(!stage.engine.hitTest(Point(x: 150, y: 200), on: card))
        #expect(!stage.engine.hitTest(Point(x: 50, y: 150), on: card))
        #expect(!stage.engine.hitTest(Point(x: .nan, y: 150), on: card))
    }

    @Test("A tap under an opaque node drawn above misses; beside it, or over a non-opaque node, hits")
    func underAnOccluder() throws {
        let stage = try GeometryFixture()
        // card is opaque too, so once in front it hides the badge in turn.
        let card = try stage.node(0, 0, 200, 200, opaque: true)
        // badge covers (150..200, 0..50) of the card.
        let badge = try stage.node(150, 0, 50, 50, opaque: true)
        let glass = try stage.node(0, 100, 200, 100)
        #expect(!stage.engine.hitTest(Point(x: 175, y: 25), on: card))
        #expect(stage.engine.hitTest(Point(x: 175, y: 25), on: badge))
        #expect(stage.engine.hitTest(Point(x: 125, y: 25), on: card))
        #expect(stage.engine.hitTest(Point(x: 100, y: 150), on: card))
        #expect(stage.engine.hitTest(Point(x: 100, y: 150), on: glass))
        // Brought to the front, the card takes the tap back from the badge.
        try stage.tree.bringToFront(card)
        #expect(stage.engine.hitTest(Point(x: 175, y: 25), on: card))
        #expect(!stage.engine.hitTest(Point(x: 175, y: 25), on: badge))
    }

    @Test("A tap on the card's own opaque child still lands on the card")
    func onOwnOpaqueChild() throws {
        let stage = try GeometryFixture()
        let card = try stage.node(0, 0, 200, 200)
        try stage.node(0, 0, 100, 100, in: card, opaque: true)
        #expect(stage.engine.hitTest(Point(x: 50, y: 50), on: card))
    }

    @Test("Y22: a hidden, transparent or backgrounded card is never hit")
    func y22_hiddenTransparentOrBackgroundNeverHit() throws {
        let stage = try GeometryFixture()
        let card = try stage.node(0, 0, 200, 200)
        let centre = Point(x: 100, y: 100)
        #expect(stage.engine.hitTest(centre, on: card))
        try stage.tree.setHidden(card, true)
        #expect(!stage.engine.hitTest(centre, on: card))
        try stage.tree.setHidden(card, false)
        try stage.tree.setAlpha(stage.root, 0.005)
        #expect(!stage.engine.hitTest(centre, on: card))
        try stage.tree.setAlpha(stage.root, 1)
        stage.tree.setSceneForeground("main", false)
        #expect(!stage.engine.hitTest(centre, on: card))
        stage.tree.setSceneForeground("main", true)
        #expect(stage.engine.hitTest(centre, on: card))
    }

    @Test("A tap on the part of a card clipped away by its scroll view misses")
    func onClippedAwayPart() throws {
        let stage = try GeometryFixture()
        // list clips to (0, 0, 400×300); card (0, 200, 400×200) shows only y 200..300.
        let list = try stage.node(0, 0, 400, 300, clips: true)
        let card = try stage.node(0, 200, 400, 200, in: list)
        #expect(stage.engine.hitTest(Point(x: 10, y: 250), on: card))
        #expect(!stage.engine.hitTest(Point(x: 10, y: 350), on: card))
        // Scrolled by 100 the card sits at y 100..300, all of it inside the list.
        try stage.tree.setBoundsOrigin(list, Point(x: 0, y: 100))
        #expect(stage.engine.hitTest(Point(x: 10, y: 250), on: card))
        #expect(!stage.engine.hitTest(Point(x: 10, y: 50), on: card))
    }

    @Test("Disabling touches on an ancestor is inherited and reported, without changing the visible ratio")
    func interactionIsInheritedAndReported() throws {
        let stage = try GeometryFixture()
        let group = try stage.node(0, 0, 400, 400)
        let card = try stage.node(0, 0, 100, 100, in: group)
        #expect(stage.engine.geometry(of: card).isInteractive)
        try stage.tree.setUserInteractionEnabled(group, false)
        #expect(!stage.engine.geometry(of: card).isInteractive)
        #expect(!stage.engine.geometry(of: group).isInteractive)
        #expect(stage.engine.geometry(of: stage.root).isInteractive)
        #expect(stage.ratio(card) == 1)
        try stage.tree.setUserInteractionEnabled(group, true)
        #expect(stage.engine.geometry(of: card).isInteractive)
    }
}
