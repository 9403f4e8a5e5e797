/// What a provider may read of the host's layout: the geometry of its own nodes, read-only. Its own nodes are
/// those the host bound or presented the ad in (the binding's container, assets, click, close and video views,
/// the presentation's overlay) and their ancestors; anything else is refused with `invalidRequest`.
///
/// A provider never holds the host: it cannot move, hide or create nodes, register views or start trackers.
///
/// ```swift
/// let ratio = context.geometry.geometry(of: presentation.overlay).visibleRatio
/// let inside = try context.geometry.isDescendant(cta, of: binding.container)
/// ```
@MainActor
public struct HostGeometry {
    private let tree: HostTree
    private let engine: VisibilityEngine
    private let own: Set<HostNodeID>

    init(tree: HostTree, engine: VisibilityEngine, own: Set<HostNodeID>) {
        self.tree = tree
        self.engine = engine
        self.own = own
    }

    /// The nodes this reader answers for (their ancestors too).
    public var ownNodes: Set<HostNodeID> { own }

    /// Everything the geometry engine knows of an own node: window, frames, visible ratio, why it is not seen.
    public func geometry(of node: HostNodeID) -> NodeGeometry {
        guard isOwn(node) else {
            return NodeGeometry(
                window: nil, frameInWindow: .zero, clippedRect: .zero, visibleRatio: 0, isInteractive: false,
                zeroReason: .notInWindow)
        }
        return engine.geometry(of: node)
    }

    /// An own node's frame in its parent's coordinates.
    public func frame(of node: HostNodeID) throws(AdError) -> Rect { try tree.frame(of: checked(node)) }

    /// An own node's frame in its window's coordinates, `nil` when it is in no window.
    public func frameInWindow(of node: HostNodeID) throws(AdError) -> Rect? {
        try tree.frameInWindow(of: checked(node))
    }

    /// The window an own node is in.
    public func window(of node: HostNodeID) throws(AdError) -> HostWindowID? { try tree.window(of: checked(node)) }

    /// Whether an own node is a window's root.
    public func isWindowRoot(_ node: HostNodeID) throws(AdError) -> Bool { try tree.isWindowRoot(checked(node)) }

    /// Whether an own node lies inside another own node.
    public func isDescendant(_ node: HostNodeID, of ancestor: HostNodeID) throws(AdError) -> Bool {
        try tree.isDescendant(checked(node), of: checked(ancestor))
    }

    /// An own node and its ancestors, the node first.
    public func ancestorPath(of node: HostNodeID) throws(AdError) -> [HostNodeID] {
        try tree.ancestorPath(of: checked(node))
    }

    /// An own node's children (a video view must have none, rule I8).
    public func children(of node: HostNodeID) throws(AdError) -> [HostNodeID] { try tree.children(of: checked(node)) }

    /// The frame of the window an own node is in.
    public func frame(ofWindowOf node: HostNodeID) throws(AdError) -> Rect? {
        guard let window = try tree.window(of: checked(node)) else { return nil }
        return try tree.frame(of: window)
    }

    /// Whether the window an own node is in is in the foreground.
    public func isInForegroundWindow(_ node: HostNodeID) throws(AdError) -> Bool {
        guard let window = try tree.window(of: checked(node)) else { return false }
        return try tree.isForeground(window)
    }

    private func isOwn(_ node: HostNodeID) -> Bool {
        own.contains(node) || own.contains { (try? tree.isDescendant($0, of: node)) == true }
    }

    private func checked(_ node: HostNodeID) throws(AdError) -> HostNodeID {
        guard isOwn(node) else {
            throw AdError(
                .invalidRequest, "\(node) is not one of this ad's nodes.",
                hint: "A provider reads only the nodes the host bound or presented its ad in, and their ancestors.")
        }
        return node
    }
}
