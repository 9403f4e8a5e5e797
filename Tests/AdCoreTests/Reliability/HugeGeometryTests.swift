import AdCore
import Testing

/// Rule R3: no geometry from the host crashes the process or takes unbounded time or memory.
@MainActor
@Suite("R3: absurd host geometry")
struct HugeGeometryTests {
    @Test("R3: coordinates and sizes up to 10^9 points are accepted; beyond, makeNode, setFrame and scrolling refuse")
    func r3_magnitudeLimit() throws {
        let stage = try GeometryFixture()
        let limit = Rect.maximumCoordinate
        let edge = try stage.tree.makeNode(frame: Rect(x: -limit, y: limit, width: limit, height: limit))
        try stage.tree.addChild(edge, to: stage.root)
        for frame in [
            Rect(x: limit * 10, y: 0, width: 10, height: 10), Rect(x: 0, y: -1e12, width: 10, height: 10),
            Rect(x: 0, y: 0, width: 1e300, height: 10), Rect(x: 0, y: 0, width: 10, height: limit.nextUp),
        ] {
            let error = try #require(throws: AdError.self, "\(frame)") { try stage.tree.makeNode(frame: frame) }
            #expect(error.code == .invalidHostTree)
            #expect(error.message.contains("1000000000"))
            #expect(throws: AdError.self) { try stage.tree.setFrame(edge, frame) }
        }
        #expect(throws: AdError.self) { try stage.tree.setBoundsOrigin(edge, Point(x: 0, y: 1e15)) }
        try stage.tree.setBoundsOrigin(edge, Point(x: 0, y: limit))
        #expect(stage.tree.node(edge)?.frame == Rect(x: -limit, y: limit, width: limit, height: limit))
    }

    @Test("R3: a 10^9-point window with 16 opaque nodes (the grid path) answers exactly, in bounded memory")
    func r3_hugeWindowWithManyOccluders() throws {
        let stage = try GeometryFixture(width: 1e9, height: 1e9)
        let ad = try stage.node(0, 0, 1e8, 1e8)
        // 16 occluders spread over the whole window: the first covers the ad's left half.
        try stage.node(0, 0, 5e7, 1e8, opaque: true)
        for index in 1..<16 { try stage.node(Double(index) * 6e7, 5e8, 1e7, 1e7, opaque: true) }
        #expect(stage.ratio(ad) == 0.5)
        let far = try stage.node(9.9e8, 9.9e8, 1e7, 1e7)
        #expect(stage.ratio(far) == 1)
    }

    @Test("R3: a window whose frame exceeds the limit (10^12 points) gets an empty frame, and nothing in it shows")
    func r3_oversizedWindowShowsNothing() throws {
        let tree = HostTree()
        let engine = VisibilityEngine(tree: tree)
        let window = tree.addWindow(scene: "main", frame: Rect(x: 0, y: 0, width: 1e12, height: 1e12))
        #expect(try tree.frame(of: window) == .zero)
        let root = try tree.rootNode(of: window)
        var nodes: [HostNodeID] = []
        for index in 0..<17 {
            let node = try tree.makeNode(
                frame: Rect(x: Double(index), y: 0, width: 100, height: 100), isOpaque: true)
            try tree.addChild(node, to: root)
            nodes.append(node)
        }
        #expect(engine.visibleRatio(of: nodes[0]) == 0)
        #expect(engine.geometry(of: nodes[0]).zeroReason == .clippedAway)
    }

    @Test("R3: a tap at an absurd point never lands and never traps")
    func r3_absurdTapPoint() throws {
        let stage = try GeometryFixture()
        let node = try stage.node(0, 0, 100, 100)
        #expect(stage.engine.hitTest(Point(x: 50, y: 50), on: node))
        for point in [Point(x: .nan, y: 0), Point(x: 1e300, y: 1e300), Point(x: -.infinity, y: 10)] {
            #expect(!stage.engine.hitTest(point, on: node))
        }
    }
}
