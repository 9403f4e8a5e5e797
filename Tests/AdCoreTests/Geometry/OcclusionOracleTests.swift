import AdCore
import Testing

/// The exact union of occluders checked against a brute-force count of unit cells, over many seeded scenes.
///
/// Every frame has whole-point coordinates inside a 40×40 window, so a card's visible area is exactly the number
/// of its unit cells whose centre lies in the window and under no opaque node drawn above it.
@Suite("VisibilityEngine: occlusion against a cell-counting oracle")
@MainActor
struct OcclusionOracleTests {
    private static func randomRect(_ rng: inout SeededRandom, maxSide: Int = 24) -> Rect {
        let x = Double(Int.random(in: -8...36, using: &rng))
        let y = Double(Int.random(in: -8...36, using: &rng))
        return Rect(
            x: x, y: y, width: Double(Int.random(in: 1...maxSide, using: &rng)),
            height: Double(Int.random(in: 1...maxSide, using: &rng)))
    }

    @Test(
        "Visible ratio and hit testing agree with cell counting in random scenes of up to 8, 80 and 800 occluders",
        arguments: [
            (batch: 0, maxAbove: 8, scenes: 100, maxSide: 24), (batch: 1, maxAbove: 8, scenes: 100, maxSide: 24),
            (batch: 2, maxAbove: 80, scenes: 100, maxSide: 24), (batch: 3, maxAbove: 800, scenes: 12, maxSide: 3),
        ]
    )
    func ratioMatchesCellCount(batch: Int, maxAbove: Int, scenes: Int, maxSide: Int) throws {
        var rng = SeededRandom(seed: 0xAD_B41D6E + UInt64(batch))
        for _ in 0..<scenes {
            let stage = try GeometryFixture(width: 40, height: 40)
            // Opaque nodes before the card draw below it and must not count.
            for _ in 0..<Int.random(in: 0...3, using: &rng) {
                let below = try stage.tree.makeNode(frame: Self.randomRect(&rng), isOpaque: true)
                try stage.tree.addChild(below, to: stage.root)
            }
            let cardFrame = Self.randomRect(&rng)
            let card = try stage.tree.makeNode(frame: cardFrame)
            try stage.tree.addChild(card, to: stage.root)
            var above: [Rect] = []
            for _ in 0..<Int.random(in: 0...maxAbove, using: &rng) {
                let frame = Self.randomRect(&rng, maxSide: maxSide)
                let isOpaque = Bool.random(using: &rng)
                let node = try stage.tree.makeNode(frame: frame, isOpaque: isOpaque)
                try stage.tree.addChild(node, to: stage.root)
                if isOpaque { above.append(frame) }
            }

            var visibleCells = 0
            var hitMismatches = 0
            for cellY in Int(cardFrame.y)..<Int(cardFrame.maxY) {
                for cellX in Int(cardFrame.x)..<Int(cardFrame.maxX) {
                    let centre = Point(x: Double(cellX) + 0.5, y: Double(cellY) + 0.5)
                    let inWindow = centre.x > 0 && centre.x < 40 && centre.y > 0 && centre.y < 40
                    let seen = inWindow && !above.contains { $0.contains(centre) }
                    if seen { visibleCells += 1 }
                    if stage.engine.hitTest(centre, on: card) != seen { hitMismatches += 1 }
                }
            }
            let expected = Double(visibleCells) / cardFrame.area
            #expect(stage.ratio(card) == expected, "card \(cardFrame), opaque above \(above)")
            #expect(hitMismatches == 0, "card \(cardFrame), opaque above \(above)")
        }
    }
}
