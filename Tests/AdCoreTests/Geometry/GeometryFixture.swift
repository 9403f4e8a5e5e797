import AdCore
import Testing

/// One 400×800 window in scene "main", a host tree and an engine over it: the stage of the geometry tests.
///
/// Every frame in these tests is in whole points, so most ratios are exact binary fractions and compare with `==`;
/// the few that are not (thirds, tenths) go through ``approximately(_:_:)``.
@MainActor
struct GeometryFixture {
    let tree = HostTree()
    let engine: VisibilityEngine
    let window: HostWindowID
    let root: HostNodeID

    init(scene: SceneID = "main", width: Double = 400, height: Double = 800) throws {
        engine = VisibilityEngine(tree: tree)
        window = tree.addWindow(scene: scene, frame: Rect(x: 0, y: 0, width: width, height: height))
        root = try tree.rootNode(of: window)
    }

    /// Makes a node with `frame` and adds it as the topmost child of `parent` (the window root by default).
    @discardableResult
    func node(
        _ x: Double, _ y: Double, _ width: Double, _ height: Double, in parent: HostNodeID? = nil,
        opaque: Bool = false, clips: Bool = false
    ) throws -> HostNodeID {
        let node = try tree.makeNode(
            frame: Rect(x: x, y: y, width: width, height: height), isOpaque: opaque, clipsToBounds: clips)
        try tree.addChild(node, to: parent ?? root)
        return node
    }

    /// The engine's visible ratio of `node`.
    func ratio(_ node: HostNodeID) -> Double { engine.visibleRatio(of: node) }

    /// The engine's reason for `node` not being visible at all.
    func reason(_ node: HostNodeID) -> NodeGeometry.Obstruction? { engine.geometry(of: node).zeroReason }

    /// `true` when two doubles agree to within a billionth (for ratios that are not binary fractions).
    static func approximately(_ lhs: Double, _ rhs: Double, tolerance: Double = 1e-9) -> Bool {
        abs(lhs - rhs) <= tolerance
    }
}
