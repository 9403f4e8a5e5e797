/// One node of a ``HostTree``, read-only: what ``HostTree/node(_:)`` answers for an ID the tree knows.
///
/// Reach for it where a node may normally be absent (an ID from another tree, a node that lost its window):
/// the optional is the answer, no error to swallow. Every property reads the tree as it is when read.
///
/// ```swift
/// let frame = tree.node(card)?.frame ?? .zero
/// if tree.node(cta)?.isDescendant(of: card) != true { print("\(cta) lies outside the card") }
/// guard let window = tree.node(card)?.window else { return }  // detached, or its window was removed
/// ```
@MainActor
public struct HostNode {
    /// The node's ID.
    public let id: HostNodeID
    private let tree: HostTree

    init(id: HostNodeID, tree: HostTree) {
        self.id = id
        self.tree = tree
    }

    private var stored: HostTree.Node { tree.nodes[Int(id.rawValue)] }

    /// The node's parent, or `nil` when it is detached or a window root.
    public var parent: HostNodeID? {
        let parent = stored.parent
        return parent < 0 ? nil : HostNodeID(rawValue: parent)
    }

    /// The node's children, bottom to top.
    public var children: [HostNodeID] { stored.children.map { HostNodeID(rawValue: $0) } }

    /// The node's frame in its parent's coordinates.
    public var frame: Rect { stored.frame }

    /// Whether the node itself is hidden (not counting its ancestors).
    public var isHidden: Bool { stored.isHidden }

    /// The node's own opacity (not counting its ancestors).
    public var alpha: Double { stored.alpha }

    /// Whether the node is a window's root node.
    public var isWindowRoot: Bool { stored.rootOfWindow >= 0 }

    /// A counter that changes whenever the node gets a new parent.
    public var placement: UInt32 { stored.placement }

    /// The window the node is in, or `nil` when it (or an ancestor) is detached.
    public var window: HostWindowID? {
        var index = id.rawValue
        while true {
            let current = tree.nodes[Int(index)]
            if current.rootOfWindow >= 0 { return HostWindowID(rawValue: current.rootOfWindow) }
            if current.parent < 0 { return nil }
            index = current.parent
        }
    }

    /// The chain from the node up to its topmost ancestor (the node first).
    public var ancestorPath: [HostNodeID] {
        var path: [HostNodeID] = []
        var index = id.rawValue
        while index >= 0 {
            path.append(HostNodeID(rawValue: index))
            index = tree.nodes[Int(index)].parent
        }
        return path
    }

    /// The node's frame in its window's coordinates (before any clipping), or `nil` when it is in no window.
    public var frameInWindow: Rect? {
        var index = id.rawValue
        var rect = tree.nodes[Int(index)].frame
        while true {
            let current = tree.nodes[Int(index)]
            if current.rootOfWindow >= 0 { return rect }
            guard current.parent >= 0 else { return nil }
            let parent = tree.nodes[Int(current.parent)]
            rect = rect.offsetBy(dx: parent.frame.x - parent.boundsOrigin.x, dy: parent.frame.y - parent.boundsOrigin.y)
            index = current.parent
        }
    }

    /// `true` when this node is `ancestor` or lies below it; `false` when `ancestor` is no node of the tree.
    ///
    /// ```swift
    /// let inside = tree.node(cta)?.isDescendant(of: card) == true
    /// ```
    public func isDescendant(of ancestor: HostNodeID) -> Bool {
        var index = id.rawValue
        while index >= 0 {
            if index == ancestor.rawValue { return true }
            index = tree.nodes[Int(index)].parent
        }
        return false
    }
}

/// One window of a ``HostTree``, read-only: what ``HostTree/window(_:)`` answers for a window still in the tree.
///
/// Every property reads the tree as it is when read.
///
/// ```swift
/// let isShown = tree.window(adWindow)?.isForeground == true  // false once the window is removed
/// let sameScene = tree.window(first)?.scene == tree.window(second)?.scene
/// ```
@MainActor
public struct HostWindow {
    /// The window's ID.
    public let id: HostWindowID
    private let tree: HostTree

    init(id: HostWindowID, tree: HostTree) {
        self.id = id
        self.tree = tree
    }

    private var stored: HostTree.Window { tree.windows[Int(id.rawValue)] }

    /// The window's root node: add the host's content under it.
    public var rootNode: HostNodeID { HostNodeID(rawValue: stored.root) }

    /// The scene the window belongs to.
    public var scene: SceneID { stored.scene }

    /// Whether the window's scene is active (in the foreground).
    public var isForeground: Bool { stored.isForeground }

    /// Whether the window is the key window.
    public var isKey: Bool { stored.isKey }

    /// The window's frame on the screen.
    public var frame: Rect { stored.frame }
}
