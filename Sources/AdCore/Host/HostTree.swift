/// The headless host model: windows, each with a tree of nodes, as the host app lays them out.
///
/// This is the seam between AdBridge and a UI toolkit. On Linux and in tests the host builds the tree directly;
/// a UIKit or SwiftUI bridge mirrors its views into a `HostTree` (one node per relevant view, frames in the
/// parent's coordinates, `boundsOrigin` for scroll offsets). Everything AdBridge decides about visibility,
/// impressions and clicks is computed from this model by ``VisibilityEngine``, never from a toolkit directly.
///
/// Nodes are created detached (``makeNode(frame:isOpaque:clipsToBounds:)``) and then added under a window's
/// root or another node. Drawing order is the tree's pre-order: a later sibling, and everything below it, draws
/// above an earlier one; children draw above their parent.
///
/// Mistakes are typed errors (`AdError.Code.invalidHostTree`), never crashes: adding a node that already has a
/// parent, making a cycle, non-finite or negative frames, unknown IDs. Where an unknown or removed ID is a normal
/// answer, read through ``node(_:)`` and ``window(_:)`` instead: they return `nil` (`tree.node(card)?.frame`).
///
/// ```swift
/// let tree = HostTree()
/// let window = tree.addWindow(scene: "main", frame: Rect(x: 0, y: 0, width: 390, height: 844))
/// let feed = try tree.makeNode(frame: Rect(x: 0, y: 0, width: 390, height: 844), clipsToBounds: true)
/// try tree.addChild(feed, to: tree.rootNode(of: window))
/// try tree.setBoundsOrigin(feed, Point(x: 0, y: 120))  // scrolled down by 120 points
/// ```
@MainActor
public final class HostTree {
    // The 8-byte fields first, then the 4-byte ones, then the flags: the node packs into 96 bytes (112 with the
    // fields in reading order), and a live ad's card is ten of them.
    struct Node {
        var children: [Int32] = []
        var frame: Rect
        var boundsOrigin = Point(x: 0, y: 0)
        var alpha = 1.0
        var parent: Int32 = -1
        /// The window this node is the root of, or -1.
        var rootOfWindow: Int32 = -1
        /// Bumped whenever the node gets a new parent: trackers restart their timers when it changes.
        var placement: UInt32 = 0
        /// The node's position among its parent's children (its drawing order among its siblings).
        var indexInParent: Int32 = 0
        /// How many opaque nodes the subtree holds, this node included (the engine walks only branches with one).
        var opaqueCount: Int32 = 0
        /// How many nodes the subtree holds, this node included (what walking it would cost).
        var subtreeSize: Int32 = 1
        var isHidden = false
        var isUserInteractionEnabled = true
        var clipsToBounds: Bool
        var isOpaque: Bool
        /// Whether the node has an entry in ``opaqueNodes`` (live while it is opaque).
        var isInOpaqueRegistry = false
    }

    struct Window {
        var scene: SceneID
        var frame: Rect
        var isForeground: Bool
        var isKey: Bool
        var root: Int32
        var isRemoved = false
    }

    // The geometry engine reads these on every query, and every change writes the revisions and the change log
    // below. No two accesses to the state marked `@exclusivity(unchecked)` ever overlap (main actor; a change calls
    // ``onChange`` only after its accesses end), so their dynamic exclusivity checks are turned off.
    @exclusivity(unchecked) private(set) var nodes: [Node] = []
    @exclusivity(unchecked) private(set) var windows: [Window] = []

    /// Increases on every change; caches compare it to know when to recompute.
    @exclusivity(unchecked) public private(set) var revision: UInt64 = 0

    /// Increases on every change except a clipping node's scroll offset: while it stands still, every node sits
    /// where it did in the content coordinates of its nearest clipping ancestor (what ``ScrollShortcut`` relies on).
    @exclusivity(unchecked) private(set) var layoutRevision: UInt64 = 0

    /// Increases when the shape of the tree changes (nodes added, removed, moved, reordered; windows added or
    /// removed), not when frames, scroll offsets or flags do: the engine re-derives drawing order only then.
    @exclusivity(unchecked) public private(set) var structureRevision: UInt64 = 0

    /// Called after every change, on the main actor (the host view model uses it to schedule an evaluation).
    public var onChange: (@MainActor () -> Void)?

    /// The nodes changed since ``changeLogBase`` (a changed frame, offset, flag, parent; a window's root when the
    /// window changed), in order, possibly repeated: geometry engines read it from their cursor and recompute only
    /// what hangs below these nodes. It is trimmed when it outgrows the tree; an engine left behind recomputes all.
    @exclusivity(unchecked) private(set) var changeLog: [Int32] = []
    /// The absolute position of `changeLog[0]`.
    @exclusivity(unchecked) private(set) var changeLogBase: UInt64 = 0

    /// Every node ever made opaque, plus stale entries of nodes made transparent since (skipped by readers, dropped
    /// when they outnumber the live ones): the geometry engine scans it when that is cheaper than walking what
    /// changed.
    @exclusivity(unchecked) private(set) var opaqueNodes: [Int32] = []
    @exclusivity(unchecked) private var staleOpaqueEntries = 0

    /// Creates an empty model.
    public init() {}

    // MARK: Windows

    /// Adds a window (with its root node, which fills the window) and returns its ID.
    ///
    /// - Parameters:
    ///   - scene: the scene the window belongs to.
    ///   - frame: the window's frame on the screen; its root node's frame is the window's size at the origin.
    ///   - isForeground: whether the window's scene is active.
    ///   - isKey: whether it is the key window.
    @discardableResult
    public func addWindow(scene: SceneID, frame: Rect, isForeground: Bool = true, isKey: Bool = false) -> HostWindowID {
        let safeFrame = frame.isValid ? frame : .zero
        let windowIndex = Int32(windows.count)
        let root = Int32(nodes.count)
        var rootNode = Node(
            frame: Rect(x: 0, y: 0, width: safeFrame.width, height: safeFrame.height),
            clipsToBounds: true,
            isOpaque: false
        )
        rootNode.rootOfWindow = windowIndex
        nodes.append(rootNode)
        windows.append(Window(scene: scene, frame: safeFrame, isForeground: isForeground, isKey: isKey, root: root))
        structureRevision &+= 1
        changed(root)
        return HostWindowID(rawValue: windowIndex)
    }

    /// Moves one window to the foreground or the background.
    public func setForeground(_ window: HostWindowID, _ isForeground: Bool) throws(AdError) {
        let index = try checkedWindow(window)
        windows[Int(index)].isForeground = isForeground
        changed()
    }

    /// Moves every window of a scene to the foreground or the background (the app or scene became (in)active).
    public func setSceneForeground(_ scene: SceneID, _ isForeground: Bool) {
        for index in windows.indices where windows[index].scene == scene && !windows[index].isRemoved {
            windows[index].isForeground = isForeground
        }
        changed()
    }

    /// Makes `window` the key window (and every other window not key).
    public func makeKey(_ window: HostWindowID) throws(AdError) {
        let index = Int(try checkedWindow(window))
        for other in windows.indices { windows[other].isKey = other == index }
        changed()
    }

    /// Resizes a window; its root node follows.
    public func setFrame(of window: HostWindowID, _ frame: Rect) throws(AdError) {
        let index = Int(try checkedWindow(window))
        try validate(frame, what: "window frame")
        windows[index].frame = frame
        nodes[Int(windows[index].root)].frame = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
        changed(windows[index].root)
    }

    /// Removes a window: its nodes stay but are in no window (they are never visible until re-added elsewhere).
    public func removeWindow(_ window: HostWindowID) throws(AdError) {
        let index = Int(try checkedWindow(window))
        windows[index].isRemoved = true
        nodes[Int(windows[index].root)].rootOfWindow = -1
        structureRevision &+= 1
        changed(windows[index].root)
    }

    // MARK: Nodes

    /// Creates a detached node. Add it to the tree with ``addChild(_:to:at:)``.
    ///
    /// - Throws: `invalidHostTree` when the frame has a non-finite coordinate or a negative size.
    public func makeNode(frame: Rect, isOpaque: Bool = false, clipsToBounds: Bool = false) throws(AdError) -> HostNodeID
    {
        try validate(frame, what: "frame")
        guard nodes.count < Int(Int32.max) else {
            throw hostError(
                "The host tree holds \(nodes.count) nodes, the most it can.",
                hint: "Mirror only the views that matter for ads into the host model.")
        }
        var node = Node(frame: frame, clipsToBounds: clipsToBounds, isOpaque: isOpaque)
        node.opaqueCount = isOpaque ? 1 : 0
        nodes.append(node)
        if isOpaque { register(Int32(nodes.count - 1)) }
        return HostNodeID(rawValue: Int32(nodes.count - 1))
    }

    /// Adds a detached node as the last (topmost) child of `parent`, or at `index` among its children.
    ///
    /// - Throws: `invalidHostTree` when the child already has a parent (remove or ``move(_:to:at:)`` it),
    ///   is a window root, when `parent` is the child or one of its descendants (a cycle), or an ID is unknown.
    public func addChild(_ child: HostNodeID, to parent: HostNodeID, at index: Int? = nil) throws(AdError) {
        let childIndex = try checked(child)
        let parentIndex = try checked(parent)
        let current = nodes[Int(childIndex)].parent
        guard current < 0 else {
            throw hostError(
                "\(child) already has a parent (\(HostNodeID(rawValue: current))); a node has one parent.",
                hint: "Call removeFromParent(_:) first, or move(_:to:) to re-parent it in one step."
            )
        }
        try attach(childIndex, to: parentIndex, at: index)
    }

    /// Moves a node to a new parent in one step (re-parenting); trackers treat it as a new placement.
    public func move(_ node: HostNodeID, to parent: HostNodeID, at index: Int? = nil) throws(AdError) {
        let nodeIndex = try checked(node)
        let parentIndex = try checked(parent)
        try checkNoCycle(nodeIndex, parentIndex)
        detach(nodeIndex)
        try attach(nodeIndex, to: parentIndex, at: index)
    }

    /// Detaches a node (and its subtree) from its parent. Detached nodes are in no window and never visible.
    public func removeFromParent(_ node: HostNodeID) throws(AdError) {
        let index = try checked(node)
        guard nodes[Int(index)].rootOfWindow < 0 else {
            throw hostError("\(node) is a window root and cannot be removed.", hint: "Use removeWindow(_:).")
        }
        detach(index)
        changed(index)
    }

    /// Moves a node above its siblings (the last child draws on top).
    public func bringToFront(_ node: HostNodeID) throws(AdError) {
        let index = try checked(node)
        let parent = nodes[Int(index)].parent
        guard parent >= 0 else { return }
        let position = Int(nodes[Int(index)].indexInParent)
        nodes[Int(parent)].children.remove(at: position)
        nodes[Int(parent)].children.append(index)
        renumberChildren(of: parent, from: position)
        structureRevision &+= 1
        changed(index)
    }

    /// Sets a node's frame in its parent's coordinates.
    public func setFrame(_ node: HostNodeID, _ frame: Rect) throws(AdError) {
        let index = try checked(node)
        try validate(frame, what: "frame")
        guard nodes[Int(index)].rootOfWindow < 0 else {
            throw hostError("\(node) is a window root; its frame follows the window.", hint: "Use setFrame(of:_:).")
        }
        nodes[Int(index)].frame = frame
        changed(index)
    }

    /// Sets the origin of a node's bounds: the scroll offset of a scrolling container (children move by minus it).
    public func setBoundsOrigin(_ node: HostNodeID, _ origin: Point) throws(AdError) {
        let index = try checked(node)
        guard origin.isValid else {
            throw hostError(
                "Bounds origin \(origin) of \(node) is not finite or exceeds \(Rect.maximumCoordinate) points.",
                hint: "Pass finite scroll offsets within ±\(Rect.maximumCoordinate) points.")
        }
        nodes[Int(index)].boundsOrigin = origin
        // A clipping node's offset moves only what hangs below it, relative to it: the layout revision stands.
        changed(index, movesLayout: !nodes[Int(index)].clipsToBounds)
    }

    /// Hides or shows a node (and so its subtree).
    public func setHidden(_ node: HostNodeID, _ isHidden: Bool) throws(AdError) {
        let index = try checked(node)
        nodes[Int(index)].isHidden = isHidden
        changed(index)
    }

    /// Sets a node's opacity; values are clamped to 0...1, and below 0.01 the subtree counts as invisible.
    public func setAlpha(_ node: HostNodeID, _ alpha: Double) throws(AdError) {
        let index = try checked(node)
        guard alpha.isFinite else {
            throw hostError("Alpha \(alpha) of \(node) is not finite.", hint: "Pass an opacity between 0 and 1.")
        }
        nodes[Int(index)].alpha = Swift.min(1, Swift.max(0, alpha))
        changed(index)
    }

    /// Enables or disables touches on a node (and so its subtree).
    public func setUserInteractionEnabled(_ node: HostNodeID, _ isEnabled: Bool) throws(AdError) {
        let index = try checked(node)
        nodes[Int(index)].isUserInteractionEnabled = isEnabled
        changed(index)
    }

    /// Makes a node clip its subtree to its bounds, or not.
    public func setClipsToBounds(_ node: HostNodeID, _ clips: Bool) throws(AdError) {
        let index = try checked(node)
        nodes[Int(index)].clipsToBounds = clips
        changed(index)
    }

    /// Declares a node opaque (it hides whatever draws below it) or not.
    public func setOpaque(_ node: HostNodeID, _ isOpaque: Bool) throws(AdError) {
        let index = try checked(node)
        guard nodes[Int(index)].isOpaque != isOpaque else { return }
        nodes[Int(index)].isOpaque = isOpaque
        addOpaqueCount(isOpaque ? 1 : -1, from: index)
        if isOpaque {
            register(index)
        } else {
            staleOpaqueEntries += 1
            if staleOpaqueEntries > opaqueNodes.count / 2 + 64 { compactOpaqueRegistry() }
        }
        changed(index)
    }

    // MARK: Internals

    private func attach(_ child: Int32, to parent: Int32, at index: Int?) throws(AdError) {
        guard nodes[Int(child)].rootOfWindow < 0 else {
            throw hostError(
                "\(HostNodeID(rawValue: child)) is a window root and cannot be a child.",
                hint: "Add content under rootNode(of:) instead."
            )
        }
        try checkNoCycle(child, parent)
        let count = nodes[Int(parent)].children.count
        let position = Swift.min(Swift.max(index ?? count, 0), count)
        nodes[Int(parent)].children.insert(child, at: position)
        renumberChildren(of: parent, from: position)
        nodes[Int(child)].parent = parent
        nodes[Int(child)].placement &+= 1
        addCounts(opaque: nodes[Int(child)].opaqueCount, size: nodes[Int(child)].subtreeSize, from: parent)
        structureRevision &+= 1
        changed(child)
    }

    private func detach(_ child: Int32) {
        let parent = nodes[Int(child)].parent
        guard parent >= 0 else { return }
        let position = Int(nodes[Int(child)].indexInParent)
        nodes[Int(parent)].children.remove(at: position)
        renumberChildren(of: parent, from: position)
        addCounts(opaque: -nodes[Int(child)].opaqueCount, size: -nodes[Int(child)].subtreeSize, from: parent)
        nodes[Int(child)].parent = -1
        nodes[Int(child)].placement &+= 1
        structureRevision &+= 1
    }

    /// Records the children's positions from `start` on (after an insertion, a removal or a reorder).
    private func renumberChildren(of parent: Int32, from start: Int) {
        let children = nodes[Int(parent)].children
        for position in start..<children.count { nodes[Int(children[position])].indexInParent = Int32(position) }
    }

    /// Adds `delta` to the opaque count of `node` and each of its ancestors.
    private func addOpaqueCount(_ delta: Int32, from node: Int32) {
        addCounts(opaque: delta, size: 0, from: node)
    }

    /// Adds to the opaque count and the subtree size of `node` and each of its ancestors.
    private func addCounts(opaque: Int32, size: Int32, from node: Int32) {
        var index = node
        while index >= 0 {
            nodes[Int(index)].opaqueCount += opaque
            nodes[Int(index)].subtreeSize += size
            index = nodes[Int(index)].parent
        }
    }

    /// Gives an opaque node its registry entry (or makes its stale entry live again).
    private func register(_ node: Int32) {
        if nodes[Int(node)].isInOpaqueRegistry {
            staleOpaqueEntries = Swift.max(0, staleOpaqueEntries - 1)
        } else {
            nodes[Int(node)].isInOpaqueRegistry = true
            opaqueNodes.append(node)
        }
    }

    /// Drops the entries of nodes that are no longer opaque.
    private func compactOpaqueRegistry() {
        opaqueNodes.removeAll { entry in
            guard !nodes[Int(entry)].isOpaque else { return false }
            nodes[Int(entry)].isInOpaqueRegistry = false
            return true
        }
        staleOpaqueEntries = 0
    }

    private func changed(movesLayout: Bool = true) {
        revision &+= 1
        if movesLayout { layoutRevision &+= 1 }
        onChange?()
    }

    /// A change below `node`: logged for the geometry engines, then announced.
    private func changed(_ node: Int32, movesLayout: Bool = true) {
        if changeLog.count >= Swift.max(4_096, nodes.count) {
            changeLogBase &+= UInt64(changeLog.count)
            changeLog.removeAll(keepingCapacity: true)
        }
        changeLog.append(node)
        changed(movesLayout: movesLayout)
    }
}
