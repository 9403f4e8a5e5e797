/// The one geometry engine: decides how much of a node is visible, for impressions and clicks alike.
///
/// The visible ratio of a node is its area inside its window, after clipping by every clipping ancestor and the
/// window bounds, minus the exact union of the opaque nodes drawn above it, divided by its own area. It is zero
/// when the node or an ancestor is hidden or has an alpha below 0.01, when the window is in the background,
/// when the node is in no window, or when it has zero width or height (rule Y13).
///
/// Its cost follows what changed, not the size of the tree. The tree logs the nodes that changed; the engine
/// invalidates what hangs below them and recomputes a node's placement only when it is asked for (an ad's
/// container, a click view) or when it is an occluder below a change. Occluders live in a per-window grid that
/// is updated only for the occluders that moved, and a node's covered area is the exact union of the occluders
/// drawn above it, found in O(k log k) for k overlapping occluders (a sweep over a segment tree).
///
/// ```swift
/// let engine = VisibilityEngine(tree: tree)
/// let ratio = engine.visibleRatio(of: card)  // 0...1
/// ```
@MainActor
public final class VisibilityEngine {
    /// Below this alpha a node and its subtree are invisible.
    public static let minimumAlpha = 0.01

    /// The model the engine reads.
    public let tree: HostTree

    /// Per-node placements, indexed by node ID; valid when computed after the last invalidation on its chain.
    private var states: [NodeState] = []
    /// The pass in which each node was last invalidated (it, or something it hangs from, changed).
    private var invalidatedAt: [UInt32] = []
    /// The pass in which each node's chain was last checked, and the newest invalidation found on it then.
    private var checkedAt: [UInt32] = []
    private var chainInvalidation: [UInt32] = []
    /// The current pass: it moves on when the tree changed since the last refresh.
    private var pass: UInt32 = 1
    /// Every state computed before this pass is stale (the engine fell behind the tree's change log).
    private var invalidatedAll: UInt32 = 1
    private var logCursor: UInt64 = 0
    private var seenRevision: UInt64 = .max
    /// Each window's occluders, bucketed into a grid.
    private var grids: [OccluderGrid] = []
    private var path: [Int32] = []
    private var walk: [Int32] = []
    private var dirtyRoots: [Int32] = []
    private let covering = CoveredAreaScratch()
    /// The query node's ancestors (stamped), and at each the position of the child the query node descends
    /// through: what decides whether an occluder draws above it.
    private var pathStamp: [UInt32] = []
    private var pathChildPosition: [Int32] = []
    private var queryStamp: UInt32 = 0

    struct NodeState {
        var computedAt: UInt32 = 0
        var window: Int32 = -1
        var flags: UInt8 = 0
        var placement: UInt32 = 0
        var frame = Rect.zero
        var clip = Rect.zero
        var childClip = Rect.zero
        var contentOrigin = Point(x: 0, y: 0)
        /// Where the node sits in its window's occluder grid, when it is an occluder.
        var occluderWindow: Int32 = -1
        var occluderSlot: Int32 = -1
    }

    static let hiddenFlag: UInt8 = 1
    static let transparentFlag: UInt8 = 2
    static let notInteractiveFlag: UInt8 = 4

    /// Creates an engine over a host tree.
    public init(tree: HostTree) { self.tree = tree }

    /// Brings the engine up to date with the tree's changes: invalidates what hangs below each change and moves
    /// the occluders below it. Costs what changed; nothing when nothing did.
    public func refresh() {
        guard seenRevision != tree.revision else { return }
        seenRevision = tree.revision
        growStorage()
        nextPass()
        dirtyRoots.removeAll(keepingCapacity: true)
        let log = tree.changeLog
        let base = tree.changeLogBase
        if logCursor < base {
            // The log was trimmed past this engine's cursor: everything is stale, and every window is walked
            // afresh (occluders that left every window are dropped with the grids).
            invalidatedAll = pass
            for window in grids.indices { grids[window] = OccluderGrid() }
            for index in states.indices {
                states[index].occluderWindow = -1
                states[index].occluderSlot = -1
            }
            for window in tree.windows.indices { dirtyRoots.append(tree.windows[window].root) }
            for root in dirtyRoots { invalidatedAt[Int(root)] = pass }
        } else {
            let start = Int(logCursor - base)
            for entry in log[Swift.min(start, log.count)...] {
                let index = Int(entry)
                guard invalidatedAt[index] != pass else { continue }
                invalidatedAt[index] = pass
                dirtyRoots.append(entry)
            }
        }
        logCursor = base &+ UInt64(log.count)
        while grids.count < tree.windows.count { grids.append(OccluderGrid()) }
        for window in tree.windows.indices {
            let bounds = Rect(
                x: 0, y: 0, width: tree.windows[window].frame.width, height: tree.windows[window].frame.height)
            if grids[window].fit(bounds) { rebuildGrid(window) }
        }
        updateOccluders()
    }

    /// The node's visible ratio in 0...1 (see the type's documentation). Refreshes first when needed.
    public func visibleRatio(of node: HostNodeID) -> Double { geometry(of: node).visibleRatio }

    /// Everything the engine knows of a node: its window, frames, ratio, interactivity and why it is not seen.
    public func geometry(of node: HostNodeID) -> NodeGeometry {
        refresh()
        let index = Int(node.rawValue)
        guard index >= 0, index < states.count else {
            return NodeGeometry(
                window: nil, frameInWindow: .zero, clippedRect: .zero, visibleRatio: 0, isInteractive: false,
                zeroReason: .notInWindow)
        }
        ensureState(index)
        let state = states[index]
        guard state.window >= 0 else {
            return NodeGeometry(
                window: nil, frameInWindow: .zero, clippedRect: .zero, visibleRatio: 0, isInteractive: false,
                zeroReason: .notInWindow)
        }
        let frame = state.frame
        let clipped = frame.intersection(state.clip)
        var geometry = NodeGeometry(
            window: HostWindowID(rawValue: state.window), frameInWindow: frame, clippedRect: clipped,
            visibleRatio: 0, isInteractive: state.flags & Self.notInteractiveFlag == 0, zeroReason: nil)
        if frame.isEmpty {
            geometry.zeroReason = .zeroSize
        } else if state.flags & Self.hiddenFlag != 0 {
            geometry.zeroReason = .hidden
        } else if state.flags & Self.transparentFlag != 0 {
            geometry.zeroReason = .transparent
        } else if !isForeground(state.window) {
            geometry.zeroReason = .background
        } else if clipped.isEmpty {
            geometry.zeroReason = .clippedAway
        } else {
            let covered = coveredArea(of: clipped, by: index, in: Int(state.window))
            let visible = Swift.max(0, clipped.area - covered)
            geometry.visibleRatio = Swift.min(1, visible / frame.area)
            if geometry.visibleRatio <= 0 { geometry.zeroReason = .covered }
        }
        return geometry
    }

    /// An identifier of where a node is: its placement counter (bumped on every re-parenting) and its window.
    /// Impression timers restart when it changes. `nil` when the node is in no window.
    public func placementKey(of node: HostNodeID) -> UInt64? {
        refresh()
        let index = Int(node.rawValue)
        guard index >= 0, index < states.count else { return nil }
        ensureState(index)
        guard states[index].window >= 0 else { return nil }
        return UInt64(states[index].placement) << 32 | UInt64(UInt32(bitPattern: states[index].window))
    }

    /// `true` when `point` (window coordinates) lands on the node: inside its clipped area and under no opaque
    /// node drawn above it. Hidden, transparent or background nodes are never hit.
    public func hitTest(_ point: Point, on node: HostNodeID) -> Bool {
        let geometry = geometry(of: node)
        guard geometry.zeroReason == nil, point.isValid, geometry.clippedRect.contains(point),
            let window = geometry.window
        else { return false }
        markPath(of: Int(node.rawValue))
        var grid = grids[Int(window.rawValue)]
        grids[Int(window.rawValue)] = OccluderGrid()
        defer { grids[Int(window.rawValue)] = grid }
        var hit = true
        grid.forEachCandidate(in: Rect(x: point.x, y: point.y, width: 0, height: 0)) { occluder, rect in
            if hit, rect.contains(point), isDrawnAbove(occluder) { hit = false }
        }
        return hit
    }

    /// The area of the node's visible part covered by opaque nodes drawn above it (for diagnostics).
    public func coveringArea(of node: HostNodeID) -> Double {
        let geometry = geometry(of: node)
        guard let window = geometry.window, geometry.zeroReason == nil || geometry.zeroReason == .covered else {
            return 0
        }
        return coveredArea(of: geometry.clippedRect, by: Int(node.rawValue), in: Int(window.rawValue))
    }

    // MARK: States

    private func growStorage() {
        let count = tree.nodeCount
        guard states.count < count else { return }
        let added = count - states.count
        states.append(contentsOf: repeatElement(NodeState(), count: added))
        pathStamp.append(contentsOf: repeatElement(0, count: added))
        pathChildPosition.append(contentsOf: repeatElement(0, count: added))
        invalidatedAt.append(contentsOf: repeatElement(0, count: added))
        checkedAt.append(contentsOf: repeatElement(0, count: added))
        chainInvalidation.append(contentsOf: repeatElement(0, count: added))
    }

    private func nextPass() {
        if pass == .max {
            // Wrap-around after four billion passes: forget every stamp and start again.
            for index in states.indices {
                states[index].computedAt = 0
                invalidatedAt[index] = 0
                checkedAt[index] = 0
                chainInvalidation[index] = 0
            }
            pass = 1
            invalidatedAll = 1
        }
        pass += 1
    }

    /// Makes the node's state valid: walks up to the nearest node already checked in this pass, then down,
    /// recomputing every state older than the newest invalidation on its chain. Each node is checked once a pass.
    private func ensureState(_ index: Int) {
        path.removeAll(keepingCapacity: true)
        var current = Int32(index)
        tree.withNodes { nodes in
            while current >= 0, checkedAt[Int(current)] != pass {
                path.append(current)
                current = nodes[Int(current)].parent
            }
            var invalidation = current >= 0 ? chainInvalidation[Int(current)] : invalidatedAll
            var parent = current
            for entry in path.reversed() {
                let node = Int(entry)
                invalidation = Swift.max(invalidation, invalidatedAt[node], invalidatedAll)
                checkedAt[node] = pass
                chainInvalidation[node] = invalidation
                if states[node].computedAt < invalidation || states[node].computedAt == 0 {
                    compute(node, parent: parent, nodes: nodes)
                }
                parent = entry
            }
        }
    }

    /// Computes a node's state from its parent's (valid) one; a window root from its window, a detached node as in
    /// no window.
    private func compute(_ index: Int, parent: Int32, nodes: UnsafeBufferPointer<HostTree.Node>) {
        let node = nodes[index]
        var state = states[index]
        state.computedAt = pass
        state.placement = node.placement
        if node.rootOfWindow >= 0 {
            let window = tree.windows[Int(node.rootOfWindow)]
            let bounds = Rect(x: 0, y: 0, width: window.frame.width, height: window.frame.height)
            var root = NodeState()
            root.window = window.isRemoved ? -1 : node.rootOfWindow
            root.clip = bounds
            root.childClip = bounds
            Self.visit(node, parent: root, into: &state)
        } else if parent >= 0, states[Int(parent)].window >= 0 {
            Self.visit(node, parent: states[Int(parent)], into: &state)
        } else {
            state.window = -1
            state.flags = 0
            state.frame = .zero
            state.clip = .zero
            state.childClip = .zero
        }
        states[index] = state
    }

    private static func visit(_ node: borrowing HostTree.Node, parent: borrowing NodeState, into state: inout NodeState)
    {
        let frame = node.frame.offsetBy(dx: parent.contentOrigin.x, dy: parent.contentOrigin.y)
        var flags = parent.flags
        if node.isHidden { flags |= hiddenFlag }
        if node.alpha < minimumAlpha { flags |= transparentFlag }
        if !node.isUserInteractionEnabled { flags |= notInteractiveFlag }
        state.window = parent.window
        state.flags = flags
        state.frame = frame
        state.clip = parent.childClip
        state.childClip = node.clipsToBounds ? parent.childClip.intersection(frame) : parent.childClip
        state.contentOrigin = Point(x: frame.x - node.boundsOrigin.x, y: frame.y - node.boundsOrigin.y)
    }

    private func isForeground(_ window: Int32) -> Bool {
        let index = Int(window)
        guard index >= 0, index < tree.windows.count else { return false }
        return tree.windows[index].isForeground && !tree.windows[index].isRemoved
    }

    // MARK: Occluders

    /// Moves the occluders that hang below a change: each change's subtree is walked, skipping every branch that
    /// holds no opaque node, so the cost is that of the changed branches with occluders in them.
    private func updateOccluders() {
        tree.withNodes { nodes in
            for root in dirtyRoots {
                // A change below another change of this pass is covered by the higher one's walk.
                var ancestor = nodes[Int(root)].parent
                var covered = false
                while ancestor >= 0 {
                    if invalidatedAt[Int(ancestor)] == pass {
                        covered = true
                        break
                    }
                    ancestor = nodes[Int(ancestor)].parent
                }
                if covered { continue }
                walk.removeAll(keepingCapacity: true)
                walk.append(root)
                while let entry = walk.popLast() {
                    let index = Int(entry)
                    ensureState(index)
                    let node = nodes[index]
                    placeOccluder(index, isOpaque: node.isOpaque)
                    for child in node.children
                    where nodes[Int(child)].opaqueCount > 0 || states[Int(child)].occluderWindow >= 0 {
                        walk.append(child)
                    }
                }
            }
        }
    }

    /// Puts an opaque, visible node's visible rect in its window's grid, or takes it out.
    private func placeOccluder(_ index: Int, isOpaque: Bool) {
        let state = states[index]
        let visible = state.frame.intersection(state.clip)
        let isOccluder =
            isOpaque && state.window >= 0 && state.flags & (Self.hiddenFlag | Self.transparentFlag) == 0
            && !visible.isEmpty
        if state.occluderWindow >= 0 { grids[Int(state.occluderWindow)].remove(state.occluderSlot) }
        if isOccluder {
            states[index].occluderSlot = grids[Int(state.window)].insert(Int32(index), rect: visible)
            states[index].occluderWindow = state.window
        } else {
            states[index].occluderWindow = -1
            states[index].occluderSlot = -1
        }
    }

    private func rebuildGrid(_ window: Int) {
        grids[window].reinsertAll()
    }

    // MARK: Drawing order

    /// Stamps the node's ancestors with the position of the child it descends through at each (see
    /// ``isDrawnAbove(_:)``).
    private func markPath(of node: Int) {
        queryStamp &+= 1
        if queryStamp == 0 {
            for index in pathStamp.indices { pathStamp[index] = 0 }
            queryStamp = 1
        }
        tree.withNodes { nodes in
            var current = Int32(node)
            var child: Int32 = -1
            while current >= 0 {
                pathStamp[Int(current)] = queryStamp
                pathChildPosition[Int(current)] = child >= 0 ? nodes[Int(child)].indexInParent : -1
                child = current
                current = nodes[Int(current)].parent
            }
        }
    }

    /// Whether `occluder` draws above the marked node and outside its subtree: drawing order is the tree's
    /// pre-order, so at their lowest common ancestor the occluder's branch comes after the node's. An ancestor of
    /// the node, or a node inside its subtree, never covers it.
    private func isDrawnAbove(_ occluder: Int32) -> Bool {
        tree.withNodes { nodes in
            var current = occluder
            var child: Int32 = -1
            while current >= 0, pathStamp[Int(current)] != queryStamp {
                child = current
                current = nodes[Int(current)].parent
            }
            guard current >= 0, child >= 0 else { return false }  // another tree, or the node's own ancestor
            let nodeBranch = pathChildPosition[Int(current)]
            guard nodeBranch >= 0 else { return false }  // inside the node's own subtree
            return nodes[Int(child)].indexInParent > nodeBranch
        }
    }

    /// The exact area of the union of the occluders drawn above `node` (outside its subtree), within `rect`.
    private func coveredArea(of rect: Rect, by node: Int, in window: Int) -> Double {
        guard grids[window].count > 0 else { return 0 }
        markPath(of: node)
        let scratch = covering
        scratch.rects.removeAll(keepingCapacity: true)
        var fullyCovered = false
        var grid = grids[window]
        grids[window] = OccluderGrid()
        grid.forEachCandidate(in: rect) { occluder, occluderRect in
            guard !fullyCovered, occluderRect.intersects(rect), isDrawnAbove(occluder) else { return }
            let part = occluderRect.intersection(rect)
            if part.contains(rect) { fullyCovered = true }
            scratch.rects.append(part)
        }
        grids[window] = grid
        if fullyCovered { return rect.area }
        switch scratch.rects.count {
        case 0: return 0
        case 1: return scratch.rects[0].area
        default: return scratch.unionArea()
        }
    }
}
