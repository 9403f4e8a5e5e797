import AdCore
import Testing

/// A toolkit bridge written against `some HostModel`, as a UIKit or SwiftUI bridge would be: it mirrors a small
/// view hierarchy into the model and keeps a scroll offset current, and the geometry engine reads the result.
@MainActor
@Suite("HostModel: the boundary a toolkit bridge drives")
struct HostModelBridgeTests {
    /// A stand-in for a toolkit view.
    struct FakeView {
        var frame: Rect
        var isOpaque = false
        var clips = false
        var subviews: [FakeView] = []
    }

    private func mirror(_ view: FakeView, into model: some HostModel, under parent: HostNodeID) throws(AdError)
        -> [HostNodeID]
    {
        let node = try model.makeNode(frame: view.frame, isOpaque: view.isOpaque, clipsToBounds: view.clips)
        try model.addChild(node, to: parent, at: nil)
        var nodes = [node]
        for subview in view.subviews { nodes += try mirror(subview, into: model, under: node) }
        return nodes
    }

    @Test("A bridge mirrors views through the protocol; scrolling through it changes what the engine sees")
    func bridgeMirrorsAndScrolls() throws {
        let tree = HostTree()
        let model: some HostModel = tree
        let window = model.addWindow(
            scene: "main", frame: Rect(x: 0, y: 0, width: 400, height: 800), isForeground: true, isKey: true)
        let list = FakeView(
            frame: Rect(x: 0, y: 0, width: 400, height: 800), clips: true,
            subviews: [FakeView(frame: Rect(x: 0, y: 700, width: 400, height: 200))])
        let nodes = try mirror(list, into: model, under: model.rootNode(of: window))
        let engine = VisibilityEngine(tree: tree)
        // 100 of the card's 200 points are inside the 800-point window.
        #expect(engine.visibleRatio(of: nodes[1]) == 0.5)
        try model.setBoundsOrigin(nodes[0], Point(x: 0, y: 100))
        #expect(engine.visibleRatio(of: nodes[1]) == 1)
        model.setSceneForeground("main", false)
        #expect(engine.visibleRatio(of: nodes[1]) == 0)
        #expect(throws: AdError.self) { try model.addChild(nodes[1], to: nodes[0], at: nil) }
    }
}
