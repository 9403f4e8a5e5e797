import AdCore
import Testing

/// Random host trees (nesting, clipping, scrolling, hiding, re-parenting) checked node by node against
/// ``ReferenceModel``, after every one of a series of edits: the engine's pass, its cache and its occlusion sweep
/// must all agree with the plain definition.
@Suite("VisibilityEngine: random trees against a reference model")
@MainActor
struct RandomTreeOracleTests {
    @MainActor
    private struct World {
        let stage: GeometryFixture
        var model: ReferenceModel
        var rng: SeededRandom
        /// Every length is a whole number of these points: 1 keeps the window in one cell of the engine's occluder
        /// grid (64 points); 8 makes it 320 points wide, five cells a side.
        let scale: Double
        let opaquePercent: Int

        init(seed: UInt64, scale: Double = 1, opaquePercent: Int = 50) throws {
            self.scale = scale
            self.opaquePercent = opaquePercent
            stage = try GeometryFixture(width: 40 * scale, height: 40 * scale)
            model = ReferenceModel(root: stage.root, width: 40 * scale, height: 40 * scale)
            model.unit = scale
            rng = SeededRandom(seed: seed)
        }

        var opaqueCount: Int { model.nodes.filter(\.opaque).count }

        mutating func randomOffset() -> Point {
            Point(x: Double(int(-10...10)) * scale, y: Double(int(-10...10)) * scale)
        }

        mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
        mutating func chance(_ percent: Int) -> Bool { int(1...100) <= percent }

        mutating func randomFrame() -> Rect {
            Rect(
                x: Double(int(-6...30)) * scale, y: Double(int(-6...30)) * scale, width: Double(int(0...20)) * scale,
                height: Double(int(0...20)) * scale)
        }

        /// Adds a random node under a random attached node, at a random position among its siblings.
        mutating func addRandomNode() throws {
            let attached = model.nodes.indices.filter { model.isAttached($0) }
            let parent = attached[int(0...(attached.count - 1))]
            let frame = randomFrame()
            let clips = chance(40)
            let opaque = chance(opaquePercent)
            let id = try stage.tree.makeNode(frame: frame, isOpaque: opaque, clipsToBounds: clips)
            let position = int(0...model.nodes[parent].children.count)
            try stage.tree.addChild(id, to: model.nodes[parent].id, at: position)
            var node = ReferenceModel.Node(id: id, parent: parent, frame: frame, clips: clips, opaque: opaque)
            if chance(25) {
                node.boundsOrigin = randomOffset()
                try stage.tree.setBoundsOrigin(id, node.boundsOrigin)
            }
            if chance(8) {
                node.hidden = true
                try stage.tree.setHidden(id, true)
            }
            if chance(8) {
                node.alpha = chance(50) ? 0.005 : 0.02
                try stage.tree.setAlpha(id, node.alpha)
            }
            model.nodes.append(node)
            model.nodes[parent].children.insert(model.nodes.count - 1, at: position)
        }

        /// One random edit, applied to the tree and to the model alike.
        mutating func editRandomly() throws {
            let index = int(1...(model.nodes.count - 1))
            let id = model.nodes[index].id
            switch int(0...5) {
            case 0:  // re-parent anywhere that makes no cycle, at a random position
                let targets = model.nodes.indices.filter { !model.isDescendant($0, of: index) }
                let target = targets[int(0...(targets.count - 1))]
                detachInModel(index)
                let position = int(0...model.nodes[target].children.count)
                try stage.tree.move(id, to: model.nodes[target].id, at: position)
                model.nodes[index].parent = target
                model.nodes[target].children.insert(index, at: position)
            case 1:
                try stage.tree.bringToFront(id)
                if let parent = model.nodes[index].parent {
                    model.nodes[parent].children.removeAll { $0 == index }
                    model.nodes[parent].children.append(index)
                }
            case 2:
                model.nodes[index].hidden.toggle()
                try stage.tree.setHidden(id, model.nodes[index].hidden)
            case 3:
                model.nodes[index].boundsOrigin = randomOffset()
                try stage.tree.setBoundsOrigin(id, model.nodes[index].boundsOrigin)
            case 4:
                model.nodes[index].frame = randomFrame()
                try stage.tree.setFrame(id, model.nodes[index].frame)
            default:
                try stage.tree.removeFromParent(id)
                detachInModel(index)
            }
        }

        private mutating func detachInModel(_ index: Int) {
            guard let parent = model.nodes[index].parent else { return }
            model.nodes[parent].children.removeAll { $0 == index }
            model.nodes[index].parent = nil
        }

        /// Compares every node's ratio, frame and a few taps with the model; returns a description of each mismatch.
        func mismatches() throws -> [String] {
            var found: [String] = []
            for index in model.nodes.indices {
                let id = model.nodes[index].id
                let expected = model.visibleRatio(index)
                let actual = stage.engine.visibleRatio(of: id)
                if actual != expected { found.append("\(id): ratio \(actual), expected \(expected)") }

                let frame = try stage.tree.frameInWindow(of: id)
                if frame != (model.isAttached(index) ? model.frameInWindow(index) : nil) {
                    found.append("\(id): frameInWindow \(String(describing: frame))")
                }
                for tap in [
                    Point(x: 2.5, y: 2.5), Point(x: 10.5, y: 20.5), Point(x: 20.5, y: 10.5), Point(x: 33.5, y: 33.5),
                ].map({ Point(x: $0.x * scale, y: $0.y * scale) })
                where stage.engine.hitTest(tap, on: id) != model.hits(index, at: tap, ratio: expected) {
                    found.append("\(id): hitTest at \(tap)")
                }
            }
            return found
        }
    }

    @Test("Ratios, frames and taps match the reference model through random edits", arguments: 0..<4)
    func randomTreesMatchModel(batch: Int) throws {
        for scene in 0..<60 {
            var world = try World(seed: UInt64(batch) &* 1000 &+ UInt64(scene) &+ 0x5EED)
            for _ in 0..<world.int(1...14) { try world.addRandomNode() }
            var problems = try world.mismatches()
            for _ in 0..<6 where problems.isEmpty {
                try world.editRandomly()
                problems = try world.mismatches()
            }
            #expect(problems.isEmpty, "batch \(batch) scene \(scene): \(problems.prefix(5))")
            if !problems.isEmpty { return }
        }
    }

    @Test(
        "Occlusion fast path: 16 or more opaque nodes over a window of many grid cells match the reference model",
        arguments: 0..<2)
    func manyOccludersOverManyGridCellsMatchModel(batch: Int) throws {
        for scene in 0..<12 {
            var world = try World(seed: UInt64(batch) &* 1000 &+ UInt64(scene) &+ 0xFA57, scale: 8, opaquePercent: 70)
            while world.opaqueCount < 16 || world.model.nodes.count < 24 { try world.addRandomNode() }
            var problems = try world.mismatches()
            for _ in 0..<4 where problems.isEmpty {
                try world.editRandomly()
                problems = try world.mismatches()
            }
            #expect(problems.isEmpty, "batch \(batch) scene \(scene): \(problems.prefix(5))")
            if !problems.isEmpty { return }
        }
    }
}
