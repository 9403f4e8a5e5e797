import AdCore
import AdEmbedded
import Testing

/// ``ScrollShortcut``: a node's visible ratio through its shortcut (and every ratio after the occluder scan skipped
/// the opaque nodes scrolled out of their lists) must equal the plain query and the reference model through scrolls
/// of clipping lists, nested lists, scrolls of non-clipping nodes, moves and re-parentings.
@Suite("VisibilityEngine: scroll shortcuts against a reference model")
@MainActor
struct ScrollShortcutTests {
    /// A 40×40 window with a clipping list, a non-clipping group and a nested clipping list inside it, cards in
    /// each (some with an opaque strip), and an opaque bar drawn over the top of the window.
    @MainActor
    private struct Feed {
        let stage: GeometryFixture
        var model: ReferenceModel
        var rng: SeededRandom
        var shortcuts = [ScrollShortcut()]
        var outer = 0
        var group = 0
        var inner = 0
        var cards: [Int] = []

        init(seed: UInt64) throws {
            stage = try GeometryFixture(width: 40, height: 40)
            model = ReferenceModel(root: stage.root, width: 40, height: 40)
            rng = SeededRandom(seed: seed)
            outer = try add(Rect(x: 2, y: 4, width: 36, height: 30), under: 0, clips: true)
            for index in 0..<12 { try addCard(Rect(x: 1, y: Double(index) * 9, width: 30, height: 8), under: outer) }
            group = try add(Rect(x: 0, y: 40, width: 36, height: 30), under: outer)
            for index in 0..<4 { try addCard(Rect(x: 2, y: Double(index) * 7, width: 20, height: 6), under: group) }
            inner = try add(Rect(x: 3, y: 12, width: 20, height: 10), under: outer, clips: true)
            for index in 0..<8 { try addCard(Rect(x: Double(index) * 7, y: 1, width: 6, height: 8), under: inner) }
            _ = try add(Rect(x: 0, y: 0, width: 40, height: 5), under: 0, opaque: true)
        }

        mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }

        @discardableResult
        mutating func add(_ frame: Rect, under parent: Int, clips: Bool = false, opaque: Bool = false) throws -> Int {
            let id = try stage.tree.makeNode(frame: frame, isOpaque: opaque, clipsToBounds: clips)
            try stage.tree.addChild(id, to: model.nodes[parent].id)
            model.nodes.append(ReferenceModel.Node(id: id, parent: parent, frame: frame, clips: clips, opaque: opaque))
            model.nodes[parent].children.append(model.nodes.count - 1)
            shortcuts.append(ScrollShortcut())
            return model.nodes.count - 1
        }

        mutating func addCard(_ frame: Rect, under parent: Int) throws {
            let card = try add(frame, under: parent)
            cards.append(card)
            if cards.count % 2 == 0 {
                try add(Rect(x: 0, y: 0, width: 4, height: frame.height), under: card, opaque: true)
            }
            try add(Rect(x: 5, y: 1, width: 3, height: 3), under: card)
        }

        mutating func scroll(_ index: Int, to origin: Point) throws {
            model.nodes[index].boundsOrigin = origin
            try stage.tree.setBoundsOrigin(model.nodes[index].id, origin)
        }

        /// Mostly scrolls (far enough for cards to leave and come back), sometimes another edit.
        mutating func step() throws {
            let roll = int(1...100)
            if roll <= 45 {
                try scroll(outer, to: Point(x: Double(int(-4...4)), y: Double(int(-10...90))))
            } else if roll <= 75 {
                try scroll(inner, to: Point(x: Double(int(-10...50)), y: Double(int(-2...2))))
            } else if roll <= 82 {
                try scroll(group, to: Point(x: Double(int(-5...5)), y: Double(int(-40...20))))
            } else if roll <= 90 {
                let card = cards[int(0...(cards.count - 1))]
                let frame = Rect(x: Double(int(-5...30)), y: Double(int(-10...90)), width: 12, height: 7)
                model.nodes[card].frame = frame
                try stage.tree.setFrame(model.nodes[card].id, frame)
            } else if roll <= 95 {
                let card = cards[int(0...(cards.count - 1))]
                model.nodes[card].hidden.toggle()
                try stage.tree.setHidden(model.nodes[card].id, model.nodes[card].hidden)
            } else {
                let card = cards[int(0...(cards.count - 1))]
                let target = [outer, group, inner][int(0...2)]
                guard card != target, model.nodes[card].parent != target else { return }
                try stage.tree.move(model.nodes[card].id, to: model.nodes[target].id)
                if let parent = model.nodes[card].parent { model.nodes[parent].children.removeAll { $0 == card } }
                model.nodes[card].parent = target
                model.nodes[target].children.append(card)
            }
        }

        /// Every node through its shortcut, then plainly, against the model.
        mutating func mismatches() -> [String] {
            var found: [String] = []
            for index in model.nodes.indices {
                let id = model.nodes[index].id
                let expected = model.visibleRatio(index)
                let viaShortcut = stage.engine.visibleRatio(of: id, shortcut: &shortcuts[index])
                let plain = stage.engine.visibleRatio(of: id)
                if viaShortcut != expected || plain != expected {
                    found.append("\(id): shortcut \(viaShortcut), plain \(plain), expected \(expected)")
                }
            }
            return found
        }
    }

    @Test("Scrolled lists, nested lists, moved and re-parented cards match the reference model", arguments: 0..<4)
    func randomScrollsMatchModel(batch: Int) throws {
        for scene in 0..<8 {
            var feed = try Feed(seed: UInt64(batch) &* 100 &+ UInt64(scene) &+ 0x5C01)
            var problems = feed.mismatches()
            for _ in 0..<40 where problems.isEmpty {
                try feed.step()
                problems = feed.mismatches()
            }
            #expect(problems.isEmpty, "batch \(batch) scene \(scene): \(problems.prefix(5))")
            if !problems.isEmpty { return }
        }
    }

    @Test("A card scrolled out of a clipping list reads zero, and its ratio comes back with it")
    func cardScrolledOutAndBack() throws {
        let stage = try GeometryFixture(width: 100, height: 100)
        let list = try stage.node(0, 0, 100, 50, clips: true)
        let card = try stage.node(0, 0, 100, 20, in: list)
        var shortcut = ScrollShortcut()
        #expect(stage.engine.visibleRatio(of: card, shortcut: &shortcut) == 1)
        try stage.tree.setBoundsOrigin(list, Point(x: 0, y: 200))
        #expect(stage.engine.visibleRatio(of: card, shortcut: &shortcut) == 0)
        try stage.tree.setBoundsOrigin(list, Point(x: 0, y: 10))
        #expect(stage.engine.visibleRatio(of: card, shortcut: &shortcut) == 0.5)
        try stage.tree.setBoundsOrigin(list, Point(x: 0, y: 500))
        #expect(stage.engine.visibleRatio(of: card, shortcut: &shortcut) == 0)
        // Moved back into view by its own frame while the list stays scrolled away: a layout change.
        try stage.tree.setFrame(card, Rect(x: 0, y: 520, width: 100, height: 20))
        #expect(stage.engine.visibleRatio(of: card, shortcut: &shortcut) == 1)
    }

    @Test("A card exactly at its list's edge, and one a hair inside it, read as the plain query does")
    func cardsAtTheEdge() throws {
        let stage = try GeometryFixture(width: 100, height: 100)
        let list = try stage.node(0, 0, 100, 50, clips: true)
        let card = try stage.node(0, 1_000_000, 100, 20, in: list)
        var shortcut = ScrollShortcut()
        for offset in [999_950.0, 999_950.000_1, 1_000_020, 1_000_019.999_9, 999_949.999_9] {
            try stage.tree.setBoundsOrigin(list, Point(x: 0, y: offset))
            let plain = stage.engine.visibleRatio(of: card)
            #expect(stage.engine.visibleRatio(of: card, shortcut: &shortcut) == plain, "offset \(offset)")
        }
    }

    @Test("An opaque strip scrolled out of its list stops covering, and covers again when scrolled back")
    func occluderScrolledOutAndBack() throws {
        let stage = try GeometryFixture(width: 100, height: 100)
        let target = try stage.node(0, 0, 100, 100)
        let list = try stage.node(0, 0, 100, 100, clips: true)
        // Many plain nodes and few opaque ones: scrolling the list makes the engine scan its opaque registry.
        for index in 0..<40 { try stage.node(0, Double(index) * 300 + 500, 10, 10, in: list) }
        let strip = try stage.node(0, 0, 100, 50, in: list, opaque: true)
        #expect(stage.ratio(target) == 0.5)
        for offset in [300.0, 600, 900] {
            try stage.tree.setBoundsOrigin(list, Point(x: 0, y: offset))
            #expect(stage.ratio(target) == 1)
        }
        try stage.tree.setBoundsOrigin(list, Point(x: 0, y: 25))
        #expect(stage.ratio(target) == 0.75)
        try stage.tree.setBoundsOrigin(list, Point(x: 0, y: 0))
        #expect(stage.ratio(target) == 0.5)
        #expect(stage.engine.coveringArea(of: target) == 5_000)
        _ = strip
    }

    @Test("An impression counts once a card scrolled out of its list comes back and stays")
    func impressionAfterScrollingBack() throws {
        let driver = VirtualTimeDriver(seed: 1)
        let stage = try GeometryFixture(width: 100, height: 100)
        let trackers = ImpressionTrackerSet(engine: stage.engine, scheduler: driver)
        let list = try stage.node(0, 0, 100, 100, clips: true)
        let card = try stage.node(0, 400, 100, 50, in: list)
        var fired = 0
        trackers.track(node: card, rule: ImpressionRule(minimumVisibleRatio: 0.5, minimumDuration: .seconds(1))) { _ in
            fired += 1
        }
        for offset in stride(from: 0.0, through: 200, by: 20) {
            try stage.tree.setBoundsOrigin(list, Point(x: 0, y: offset))
            driver.advance(by: .milliseconds(200))
            trackers.evaluate()
        }
        #expect(fired == 0)
        try stage.tree.setBoundsOrigin(list, Point(x: 0, y: 380))
        trackers.evaluate()
        driver.advance(by: .milliseconds(900))
        trackers.evaluate()
        #expect(fired == 0)
        driver.advance(by: .milliseconds(200))
        trackers.evaluate()
        #expect(fired == 1)
    }
}
