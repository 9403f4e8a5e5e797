extension HostTree {
    // MARK: Window queries

    /// The IDs of every window still in the model.
    public var windowIDs: [HostWindowID] {
        windows.indices.filter { !windows[$0].isRemoved }.map { HostWindowID(rawValue: Int32($0)) }
    }

    /// The root node of a window: add the host's content under it.
    public func rootNode(of window: HostWindowID) throws(AdError) -> HostNodeID {
        HostNodeID(rawValue: try checkedWindowValue(window).root)
    }

    /// The scene a window belongs to.
    public func scene(of window: HostWindowID) throws(AdError) -> SceneID {
        try checkedWindowValue(window).scene
    }

    /// Whether a window's scene is active (in the foreground).
    public func isForeground(_ window: HostWindowID) throws(AdError) -> Bool {
        try checkedWindowValue(window).isForeground
    }

    /// Whether the window is the key window.
    public func isKey(_ window: HostWindowID) throws(AdError) -> Bool {
        try checkedWindowValue(window).isKey
    }

    /// The window's frame on the screen.
    public func frame(of window: HostWindowID) throws(AdError) -> Rect {
        try checkedWindowValue(window).frame
    }

    // MARK: Node queries

    /// `true` when the ID names a node of this tree.
    public func contains(_ node: HostNodeID) -> Bool { node.rawValue >= 0 && Int(node.rawValue) < nodes.count }

    /// The node's parent, or `nil` when it is detached or a window root.
    public func parent(of node: HostNodeID) throws(AdError) -> HostNodeID? {
        let parent = nodes[Int(try checked(node))].parent
        return parent < 0 ? nil : HostNodeID(rawValue: parent)
    }

    /// The node's children, bottom to top.
    public func children(of node: HostNodeID) throws(AdError) -> [HostNodeID] {
        nodes[Int(try checked(node))].children.map { HostNodeID(rawValue: $0) }
    }

    /// The node's frame in its parent's coordinates.
    public func frame(of node: HostNodeID) throws(AdError) -> Rect { nodes[Int(try checked(node))].frame }

    /// Whether the node itself is hidden (not counting its ancestors).
    public func isHidden(_ node: HostNodeID) throws(AdError) -> Bool { nodes[Int(try checked(node))].isHidden }

    /// The node's own opacity (not counting its ancestors).
    public func alpha(of node: HostNodeID) throws(AdError) -> Double { nodes[Int(try checked(node))].alpha }

    /// Whether the node is a window's root node.
    public func isWindowRoot(_ node: HostNodeID) throws(AdError) -> Bool {
        nodes[Int(try checked(node))].rootOfWindow >= 0
    }

    /// The window the node is in, or `nil` when it (or an ancestor) is detached.
    public func window(of node: HostNodeID) throws(AdError) -> HostWindowID? {
        var index = try checked(node)
        while true {
            let current = nodes[Int(index)]
            if current.rootOfWindow >= 0 { return HostWindowID(rawValue: current.rootOfWindow) }
            if current.parent < 0 { return nil }
            index = current.parent
        }
    }

    /// `true` when `node` is `ancestor` or lies below it.
    public func isDescendant(_ node: HostNodeID, of ancestor: HostNodeID) throws(AdError) -> Bool {
        var index = try checked(node)
        let target = try checked(ancestor)
        while index >= 0 {
            if index == target { return true }
            index = nodes[Int(index)].parent
        }
        return false
    }

    /// The chain from the node up to its topmost ancestor (the node first).
    public func ancestorPath(of node: HostNodeID) throws(AdError) -> [HostNodeID] {
        var path: [HostNodeID] = []
        var index = try checked(node)
        while index >= 0 {
            path.append(HostNodeID(rawValue: index))
            index = nodes[Int(index)].parent
        }
        return path
    }

    /// A counter that changes whenever the node gets a new parent.
    public func placement(of node: HostNodeID) throws(AdError) -> UInt32 { nodes[Int(try checked(node))].placement }

    /// The node's frame in its window's coordinates (before any clipping), or `nil` when it is in no window.
    public func frameInWindow(of node: HostNodeID) throws(AdError) -> Rect? {
        var index = try checked(node)
        var rect = nodes[Int(index)].frame
        while true {
            let current = nodes[Int(index)]
            if current.rootOfWindow >= 0 { return rect }
            guard current.parent >= 0 else { return nil }
            let parent = nodes[Int(current.parent)]
            rect = rect.offsetBy(dx: parent.frame.x - parent.boundsOrigin.x, dy: parent.frame.y - parent.boundsOrigin.y)
            index = current.parent
        }
    }

    /// Runs `body` over the node storage without copying it (the geometry engine's per-frame pass).
    func withNodes<Result>(_ body: (UnsafeBufferPointer<Node>) throws -> Result) rethrows -> Result {
        try nodes.withUnsafeBufferPointer(body)
    }

    /// The number of nodes ever created (window roots included).
    public var nodeCount: Int { nodes.count }
}
