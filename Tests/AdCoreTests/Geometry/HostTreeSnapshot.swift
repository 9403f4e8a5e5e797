import AdCore

/// Everything the public API of a ``HostTree`` shows, to prove that a rejected call changed nothing.
///
/// The revision is part of it: every change bumps it, so it also stands for the state the API cannot read back
/// (bounds origins, clipping, opacity, interaction).
@MainActor
struct HostTreeSnapshot: Equatable {
    struct NodeState: Equatable {
        var parent: HostNodeID?
        var children: [HostNodeID]
        var frame: Rect?
        var isHidden: Bool?
        var alpha: Double?
        var placement: UInt32
        var window: HostWindowID?
        var isWindowRoot: Bool?
    }

    struct WindowState: Equatable {
        var id: HostWindowID
        var scene: SceneID
        var frame: Rect
        var isForeground: Bool
        var isKey: Bool
        var root: HostNodeID
    }

    var revision: UInt64
    var nodes: [NodeState]
    var windows: [WindowState]

    init(_ tree: HostTree) throws {
        revision = tree.revision
        nodes = try (0..<Int32(tree.nodeCount)).map { raw in
            let node = HostNodeID(rawValue: raw)
            let view = tree.node(node)
            return NodeState(
                parent: try tree.parent(of: node), children: try tree.children(of: node),
                frame: view?.frame,
                isHidden: view?.isHidden, alpha: view?.alpha,
                placement: try tree.placement(of: node), window: try tree.window(of: node),
                isWindowRoot: view?.isWindowRoot)
        }
        windows = try tree.windowIDs.map { window in
            WindowState(
                id: window, scene: try tree.scene(of: window), frame: try tree.frame(of: window),
                isForeground: try tree.isForeground(window), isKey: try tree.isKey(window),
                root: try tree.rootNode(of: window))
        }
    }
}
