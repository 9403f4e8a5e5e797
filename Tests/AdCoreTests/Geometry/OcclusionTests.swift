import AdCore
import Testing

/// Which opaque nodes cover a card: only those drawn above it, counted as an exact union, in a 400×800 window.
@Suite("VisibilityEngine: occlusion")
@MainActor
struct OcclusionTests {
    @Test("One opaque node over a quarter of a card leaves three quarters")
    func onePartialOccluder() throws {
        let stage = try GeometryFixture()
        let card = try stage.node(0, 0, 200, 200)
        // banner (100, 0, 200×100) overlaps the card in (100..200, 0..100) = 10000; (40000 - 10000) / 40000 = 0.75.
        try stage.node(100, 0, 200, 100, opaque: true)
        #expect(stage.ratio(card) == 0.75)
        #expect(stage.engine.coveringArea(of: card) == 10000)
    }

    @Test("Two overlapping occluders are counted once where they overlap")
    func twoOverlappingOccludersCountOnce() throws {
        let stage = try GeometryFixture()
        let card = try stage.node(0, 0, 200, 200)
        // A (0..100)² and B (50..150)² overlap in (50..100)² = 2500: union 10000 + 10000 - 2500 = 17500.
        // (40000 - 17500) / 40000 = 0.5625; a double count (20000) would give 0.5.
        try stage.node(0, 0, 100, 100, opaque: true)
        try stage.node(50, 50, 100, 100, opaque: true)
        #expect(stage.ratio(card) == 0.5625)
        #expect(stage.engine.coveringArea(of: card) == 17500)
    }

    @Test("Three occluders with a gap between them leave the gap visible")
    func threeOccludersWithAGap() throws {
        let stage = try GeometryFixture()
        let card = try stage.node(0, 0, 400, 100)
        // A (0..120, 0..100) = 12000; B (100..200, 0..50) = 5000, 1000 of it under A; C (300..400, 0..100) = 10000.
        // Union 12000 + 4000 + 10000 = 26000; uncovered (120..200, 50..100) + (200..300, 0..100) = 4000 + 10000.
        // 14000 / 40000 = 0.35.
        try stage.node(0, 0, 120, 100, opaque: true)
        try stage.node(100, 0, 100, 50, opaque: true)
        try stage.node(300, 0, 100, 100, opaque: true)
        #expect(GeometryFixture.approximately(stage.ratio(card), 0.35))
        #expect(stage.engine.coveringArea(of: card) == 26000)
    }

    @Test("Many occluders tiling a card with overlaps cover it exactly once")
    func tilingOccludersCoverExactlyOnce() throws {
        let stage = try GeometryFixture()
        let card = try stage.node(0, 0, 300, 300)
        // Nine 110×110 tiles at multiples of 100 from -5: together (-5..305)² ⊇ the card, each overlap counted once.
        for row in 0..<3 {
            for column in 0..<3 {
                try stage.node(Double(column) * 100 - 5, Double(row) * 100 - 5, 110, 110, opaque: true)
            }
        }
        #expect(stage.ratio(card) == 0)
        #expect(stage.reason(card) == .covered)
        // Hiding the centre tile uncovers (105..195)² = 90 × 90 = 8100 / 90000 = 0.09.
        let centre = try #require(try stage.tree.children(of: stage.root).dropFirst(5).first)
        try stage.tree.setHidden(centre, true)
        #expect(GeometryFixture.approximately(stage.ratio(card), 0.09))
    }

    @Test("An opaque node drawn below (an earlier sibling or the parent) does not cover")
    func occluderBelowDoesNotCount() throws {
        let stage = try GeometryFixture()
        // background (0, 0, 400×800) is opaque but added first, so it draws below everything after it.
        try stage.node(0, 0, 400, 800, opaque: true)
        let panel = try stage.node(0, 0, 400, 400, opaque: true)
        let card = try stage.node(0, 0, 200, 200, in: panel)
        #expect(stage.ratio(card) == 1)
        #expect(stage.ratio(panel) == 1)
        #expect(stage.engine.coveringArea(of: card) == 0)
    }

    @Test("A card's own opaque descendants never cover it")
    func opaqueDescendantDoesNotCount() throws {
        let stage = try GeometryFixture()
        let card = try stage.node(0, 0, 200, 200)
        // image and its nested label fill the card and are opaque, but they are part of it: ratio stays 1.
        let image = try stage.node(0, 0, 200, 200, in: card, opaque: true)
        try stage.node(0, 0, 200, 200, in: image, opaque: true)
        #expect(stage.ratio(card) == 1)
        // The same holds one level down: the label draws above the image but lies inside it.
        #expect(stage.ratio(image) == 1)
        // A later sibling of the card does cover it: (0..100, 0..200) = 20000 / 40000 → 0.5.
        try stage.node(0, 0, 100, 200, opaque: true)
        #expect(stage.ratio(card) == 0.5)
    }

    @Test("An occluder inside a clipping container covers only its clipped part")
    func occluderInsideClippedContainer() throws {
        let stage = try GeometryFixture()
        let card = try stage.node(0, 0, 400, 200)
        // container (0, 100, 100×100) clips; its opaque child (0, 100, 300×300) shows only (0..100, 100..200).
        let container = try stage.node(0, 100, 100, 100, clips: true)
        try stage.node(0, 0, 300, 300, in: container, opaque: true)
        // covered 100 × 100 = 10000; (80000 - 10000) / 80000 = 0.875 (unclipped it would be 30000 → 0.625).
        #expect(stage.ratio(card) == 0.875)
        try stage.tree.setClipsToBounds(container, false)
        #expect(stage.ratio(card) == 0.625)
    }

    @Test("A non-opaque node above does not cover; declaring it opaque does")
    func nonOpaqueNodeAboveDoesNotCount() throws {
        let stage = try GeometryFixture()
        let card = try stage.node(0, 0, 200, 200)
        let overlay = try stage.node(0, 0, 400, 800)
        #expect(stage.ratio(card) == 1)
        try stage.tree.setOpaque(overlay, true)
        #expect(stage.ratio(card) == 0)
        #expect(stage.reason(card) == .covered)
    }

    @Test("Hidden or transparent opaque nodes, and ones scrolled out of their clip, do not cover")
    func invisibleOccludersDoNotCount() throws {
        let stage = try GeometryFixture()
        let card = try stage.node(0, 0, 200, 200)
        let group = try stage.node(0, 0, 400, 400, clips: true)
        let sheet = try stage.node(0, 0, 200, 200, in: group, opaque: true)
        #expect(stage.ratio(card) == 0)
        try stage.tree.setHidden(sheet, true)
        #expect(stage.ratio(card) == 1)
        try stage.tree.setHidden(sheet, false)
        try stage.tree.setAlpha(group, 0.005)
        #expect(stage.ratio(card) == 1)
        try stage.tree.setAlpha(group, 1)
        // group scrolled by 300: sheet at y -300..-100, outside group's clip (0..400) → covers nothing.
        try stage.tree.setBoundsOrigin(group, Point(x: 0, y: 300))
        #expect(stage.ratio(card) == 1)
        // scrolled by 100: sheet at y -100..100 → covers (0..200, 0..100) = 20000 / 40000 → 0.5.
        try stage.tree.setBoundsOrigin(group, Point(x: 0, y: 100))
        #expect(stage.ratio(card) == 0.5)
    }

    @Test("An opaque node in a later container covers a card in an earlier one")
    func laterCousinCovers() throws {
        let stage = try GeometryFixture()
        let feed = try stage.node(0, 0, 400, 800)
        let card = try stage.node(0, 100, 400, 200, in: feed)
        let overlayLayer = try stage.node(0, 0, 400, 800)
        // toolbar (0, 250, 400×100) in the later layer covers card rows 250..300: 400 × 50 = 20000 of 80000.
        try stage.node(0, 250, 400, 100, in: overlayLayer, opaque: true)
        #expect(stage.ratio(card) == 0.75)
        // Moving the feed above the overlay layer reverses it: the card is drawn later, so nothing covers it.
        try stage.tree.bringToFront(feed)
        #expect(stage.ratio(card) == 1)
    }

    @Test("bringToFront changes who covers whom")
    func bringToFrontChangesCovering() throws {
        let stage = try GeometryFixture()
        let first = try stage.node(0, 0, 200, 200, opaque: true)
        let second = try stage.node(100, 0, 200, 200, opaque: true)
        // second is above: it covers first's (100..200, 0..200) = 20000 / 40000 → first 0.5, second 1.
        #expect(stage.ratio(first) == 0.5)
        #expect(stage.ratio(second) == 1)
        try stage.tree.bringToFront(first)
        #expect(try stage.tree.children(of: stage.root) == [second, first])
        #expect(stage.ratio(first) == 1)
        #expect(stage.ratio(second) == 0.5)
    }

    @Test("A card completely covered reports zero and why")
    func fullyCoveredCard() throws {
        let stage = try GeometryFixture()
        let card = try stage.node(100, 100, 100, 100)
        try stage.node(50, 50, 200, 200, opaque: true)
        let geometry = stage.engine.geometry(of: card)
        #expect(geometry.visibleRatio == 0)
        #expect(geometry.zeroReason == .covered)
        #expect(stage.engine.coveringArea(of: card) == 10000)
    }

    @Test("Occlusion is measured against the clipped part of the card only")
    func occlusionAppliesToClippedPart() throws {
        let stage = try GeometryFixture()
        // card (300, 0, 200×200): visible x 300..400 = 20000 of 40000.
        let card = try stage.node(300, 0, 200, 200)
        // occluder (350, 0, 200×100) covers (350..400, 0..100) of the visible part = 5000 (its part past the
        // window edge counts for nothing): (20000 - 5000) / 40000 = 0.375.
        try stage.node(350, 0, 200, 100, opaque: true)
        #expect(stage.ratio(card) == 0.375)
        #expect(stage.engine.coveringArea(of: card) == 5000)
    }
}
