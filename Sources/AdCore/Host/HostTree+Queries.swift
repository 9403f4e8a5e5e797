extension HostTree {
    // MARK: Window queries

    /// The IDs of every window still in the model.
    public var windowIDs: [HostWindowID] {
        windows.indices.filter { !windows[$0].isRemoved }.map { HostWindowID(rawValue: Int32($0)) }
    }

    /// The window `id` names, or `nil` when it names no window of this tree or the window was removed: the query
    /// for where a missing window is a normal answer (the throwing ones below are for where it is a mistake).
    ///
    /// ```swift
    /// if tree.window(adWindow)?.isForeground != true { return }  // in the background, or removed
    /// let frame = tree.window(adWindow)?.frame ?? .zero
    /// ```
    public func window(_ id: HostWindowID) -> HostWindow? {
        guard id.rawValue >= 0, Int(id.rawValue) < windows.count, !windows[Int(id.rawValue)].isRemoved else {
            return nil
        }
        return HostWindow(id: id, tree: self)
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

    /// The node `id` names, or `nil` when it names no node of this tree: the query for where an unknown node is a
    /// normal answer (the throwing ones below are for where it is a mistake).
    ///
    /// ```swift
    /// let frame = tree.node(card)?.frame ?? .zero
    /// let window = tree.node(card)?.window  // nil: unknown, detached, or its window was removed
    /// ```
    public func node(_ id: HostNodeID) -> HostNode? { contains(id) ? HostNode(id: id, tree: self) : nil }

    /// The node's parent, or `nil` when it is detached or a window root.
    public func parent(of node: HostNodeID) throws(AdError) -> HostNodeID? { try checkedNode(node).parent }

    /// The node's children, bottom to top.
    public func children(of node: HostNodeID) throws(AdError) -> [HostNodeID] { try checkedNode(node).children }

    /// The window the node is in, or `nil` when it (or an ancestor) is detached.
    public func window(of node: HostNodeID) throws(AdError) -> HostWindowID? { try checkedNode(node).window }

    /// `true` when `node` is `ancestor` or lies below it.
    public func isDescendant(_ node: HostNodeID, of ancestor: HostNodeID) throws(AdError) -> Bool {
        let view = try checkedNode(node)
        _ = try checked(ancestor)
        return view.isDescendant(of: ancestor)
    }

    /// The chain from the node up to its topmost ancestor (the node first).
    public func ancestorPath(of node: HostNodeID) throws(AdError) -> [HostNodeID] {
        try checkedNode(node).ancestorPath
    }

    /// A counter that changes whenever the node gets a new parent.
    public func placement(of node: HostNodeID) throws(AdError) -> UInt32 { try checkedNode(node).placement }

    /// The node's frame in its window's coordinates (before any clipping), or `nil` when it is in no window.
    public func frameInWindow(of node: HostNodeID) throws(AdError) -> Rect? { try checkedNode(node).frameInWindow }

    /// Runs `body` over the node storage without copying it (the geometry engine's per-frame pass).
    func withNodes<Result>(_ body: (UnsafeBufferPointer<Node>) throws -> Result) rethrows -> Result {
        try nodes.withUnsafeBufferPointer(body)
    }

    /// The number of nodes ever created (window roots included).
    public var nodeCount: Int { nodes.count }
}
