import AdCore
import Testing

/// Occlusion with many opaque nodes: 16 or more occluders spread over several cells of the engine's occluder grid
/// (64 points a cell), found by the grid, updated by a walk of the changed subtree or by a scan of the registry of
/// opaque nodes, and united by the sweep. Every one of those paths must keep the definition the small cases show:
/// an ad's own opaque descendants never cover it.
@Suite("Occlusion with 16 or more opaque nodes (grid, registry scan, sweep)")
@MainActor
struct OcclusionFastPathTests {
    /// A 300×300 card at (50, 50) holding `count` opaque tiles (30×30, ten to a row, each with an opaque badge
    /// nested inside it), so its descendants cover all of it when `count` is 100.
    private func cardWithOpaqueTiles(_ stage: GeometryFixture, count: Int) throws -> HostNodeID {
        let card = try stage.node(50, 50, 300, 300)
        for index in 0..<count {
            let tile = try stage.node(
                Double(index % 10) * 30, Double(index / 10) * 30, 30, 30, in: card, opaque: true)
            try stage.node(5, 5, 20, 20, in: tile, opaque: true)
        }
        return card
    }

    @Test("Own opaque descendants never cover the ad: ratio 1 with 2, 16 and 100 of them, on a grid of many cells")
    func ownOpaqueDescendantsNeverCover() throws {
        for count in [1, 8, 50] {
            let stage = try GeometryFixture()
            let card = try cardWithOpaqueTiles(stage, count: count)
            #expect(stage.ratio(card) == 1, "\(2 * count) opaque descendants")
            #expect(stage.engine.coveringArea(of: card) == 0, "\(2 * count) opaque descendants")
            #expect(stage.engine.hitTest(Point(x: 60, y: 60), on: card), "\(2 * count) opaque descendants")
        }
    }

    @Test("Own opaque descendants never cover the ad, while 20 other occluders above it still do, exactly")
    func othersCoverWhileOwnDoNot() throws {
        let stage = try GeometryFixture()
        let card = try cardWithOpaqueTiles(stage, count: 100)
        // 20 opaque strips drawn above the card (later siblings), 10×300 each, 15 points apart from x = 50: each
        // covers 10 × 300 of the card's 300 × 300, none overlapping: 20 × 3000 / 90000 = 2/3 covered.
        for index in 0..<20 { try stage.node(50 + Double(index) * 15, 50, 10, 300, opaque: true) }
        #expect(GeometryFixture.approximately(stage.ratio(card), 1.0 / 3.0))
        #expect(stage.engine.coveringArea(of: card) == 60_000)
    }

    @Test("After the ad moves, or scrolls with 400 other nodes, its 200 opaque descendants never cover it; a bar does")
    func movedAdStillNotCoveredByItsOwnDescendants() throws {
        let stage = try GeometryFixture()
        let scroller = try stage.node(0, 0, 400, 800, clips: true)
        let filler = try stage.node(0, 0, 400, 40, in: scroller)
        for index in 0..<400 { try stage.node(Double(index % 80) * 5, Double(index / 80) * 5, 4, 4, in: filler) }
        let card = try stage.node(50, 50, 300, 300, in: scroller)
        for index in 0..<100 {
            let tile = try stage.node(
                Double(index % 10) * 30, Double(index / 10) * 30, 30, 30, in: card, opaque: true)
            try stage.node(5, 5, 20, 20, in: tile, opaque: true)
        }
        #expect(stage.ratio(card) == 1)
        // Moving the card alone: its subtree (201 nodes) is walked for occluders.
        try stage.tree.setFrame(card, Rect(x: 60, y: 50, width: 300, height: 300))
        #expect(stage.ratio(card) == 1)
        // A 300×30 opaque bar drawn above the card's top tenth (a later sibling in the scroller): it covers 10 %.
        try stage.node(60, 50, 300, 30, in: scroller, opaque: true)
        #expect(GeometryFixture.approximately(stage.ratio(card), 0.9))
        // A scroll moves every node below the scroller (over 600, more than twice the 201 occluders): the
        // registry of opaque nodes is scanned instead. The bar moves with the card; the tiles never cover it.
        for offset in [-130.0, 0, 40, 250] {
            try stage.tree.setBoundsOrigin(scroller, Point(x: 0, y: offset))
            let top = 50 - offset
            let seen = min(top + 300, 800) - max(top, 0)
            let barSeen = max(0, min(top + 30, 800) - max(top, 0))
            #expect(GeometryFixture.approximately(stage.ratio(card), (seen - barSeen) / 300), "offset \(offset)")
        }
    }
}
