/// What a provider may read of the host's layout: the geometry of its own nodes, read-only. Its own nodes are
/// those the host bound or presented the ad in (the binding's container, assets, click, close and video views,
/// the presentation's overlay) and their ancestors; for anything else the queries answer `nil` (or `false`).
///
/// A provider never holds the host: it cannot move, hide or create nodes, register views or start trackers.
///
/// ```swift
/// let ratio = context.geometry.geometry(of: presentation.overlay).visibleRatio
/// let inside = context.geometry.isDescendant(cta, of: binding.container)
/// let frame = context.geometry.frameInWindow(of: cta) ?? .zero  // nil: in no window, or not this ad's
/// ```
@MainActor
public struct HostGeometry {
    private let tree: HostTree
    private let engine: VisibilityEngine
    private let nodes: OwnNodes

    /// The own nodes, gathered the first time they are asked for: most contexts a unified ad makes (to load,
    /// attach, check) are never asked about geometry. `gather` reads values taken when the context was made.
    @MainActor
    private final class OwnNodes {
        private var gather: (() -> Set<HostNodeID>)?
        private var gathered: Set<HostNodeID> = []

        init(_ gather: @escaping () -> Set<HostNodeID>) { self.gather = gather }

        var set: Set<HostNodeID> {
            if let gather {
                gathered = gather()
                self.gather = nil
            }
            return gathered
        }
    }

    /// A reader whose own nodes `gather` returns, called once, on first use.
    init(tree: HostTree, engine: VisibilityEngine, gatheringOwn gather: @escaping () -> Set<HostNodeID>) {
        self.tree = tree
        self.engine = engine
        nodes = OwnNodes(gather)
    }

    /// The nodes this reader answers for (their ancestors too).
    public var ownNodes: Set<HostNodeID> { nodes.set }

    /// Everything the geometry engine knows of an own node: window, frames, visible ratio, why it is not seen.
    public func geometry(of node: HostNodeID) -> NodeGeometry {
        guard isOwn(node) else {
            return NodeGeometry(
                window: nil, frameInWindow: .zero, clippedRect: .zero, visibleRatio: 0, isInteractive: false,
                zeroReason: .notInWindow)
        }
        return engine.geometry(of: node)
    }

    /// An own node's frame in its parent's coordinates, `nil` when the node is not one of this ad's.
    public func frame(of node: HostNodeID) -> Rect? { own(node)?.frame }

    /// An own node's frame in its window's coordinates, `nil` when it is in no window or not one of this ad's.
    public func frameInWindow(of node: HostNodeID) -> Rect? { own(node)?.frameInWindow }

    /// The window an own node is in, `nil` when it is in none or not one of this ad's.
    public func window(of node: HostNodeID) -> HostWindowID? { own(node)?.window }

    /// Whether an own node is a window's root, `nil` when the node is not one of this ad's.
    public func isWindowRoot(_ node: HostNodeID) -> Bool? { own(node)?.isWindowRoot }

    /// Whether an own node lies inside another own node; `false` when either is not one of this ad's.
    public func isDescendant(_ node: HostNodeID, of ancestor: HostNodeID) -> Bool {
        guard isOwn(ancestor) else { return false }
        return own(node)?.isDescendant(of: ancestor) == true
    }

    /// An own node and its ancestors, the node first; `nil` when the node is not one of this ad's.
    public func ancestorPath(of node: HostNodeID) -> [HostNodeID]? { own(node)?.ancestorPath }

    /// An own node's children (a video view must have none, rule I8); `nil` when the node is not one of this ad's.
    public func children(of node: HostNodeID) -> [HostNodeID]? { own(node)?.children }

    /// The frame of the window an own node is in, `nil` when it is in none or the node is not one of this ad's.
    public func frame(ofWindowOf node: HostNodeID) -> Rect? {
        guard let window = own(node)?.window else { return nil }
        return tree.window(window)?.frame
    }

    /// Whether the window an own node is in is in the foreground; `false` when it is in none or the node is not
    /// one of this ad's.
    public func isInForegroundWindow(_ node: HostNodeID) -> Bool {
        guard let window = own(node)?.window else { return false }
        return tree.window(window)?.isForeground == true
    }

    private func isOwn(_ node: HostNodeID) -> Bool {
        let own = nodes.set
        return own.contains(node) || own.contains { tree.node($0)?.isDescendant(of: node) == true }
    }

    /// The node, when it is one of this ad's (and of the tree).
    private func own(_ node: HostNodeID) -> HostNode? { isOwn(node) ? tree.node(node) : nil }
}
