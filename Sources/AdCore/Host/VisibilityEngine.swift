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

    // Every stored property below is read and written on every query, never by two overlapping accesses (the
    // engine is main-actor isolated and reentrancy-free), so their dynamic exclusivity checks are turned off: they
    // cost a thread-local lookup each (measured at an eighth of a frame).

    /// One record per node, in one manually managed buffer: the node's placement in its window (valid when
    /// computed after the newest invalidation on its chain), the pass stamps of the lazy evaluation, and the marks
    /// of a drawing-order query. A raw buffer, not arrays: every query reads and writes these, and array
    /// accesses paid a uniqueness and an exclusivity check each (measured at a third of a frame).
    @exclusivity(unchecked) var records: UnsafeMutablePointer<NodeRecord>
    @exclusivity(unchecked) var recordCapacity = 0
    @exclusivity(unchecked) var recordCount = 0
    /// The current pass: it moves on when the tree changed since the last refresh.
    @exclusivity(unchecked) var pass: UInt32 = 1
    /// Every state computed before this pass is stale (the engine fell behind the tree's change log).
    @exclusivity(unchecked) var invalidatedAll: UInt32 = 1
    @exclusivity(unchecked) private var logCursor: UInt64 = 0
    @exclusivity(unchecked) private var seenRevision: UInt64 = .max
    /// Each window's occluders, bucketed into a grid.
    @exclusivity(unchecked) var grids: [OccluderGrid] = []
    @exclusivity(unchecked) var path: [Int32] = []
    @exclusivity(unchecked) var walk: [Int32] = []
    @exclusivity(unchecked) var dirtyRoots: [Int32] = []
    let covering = CoveredAreaScratch()
    /// One shortcut per entry of the tree's opaque registry (same positions), filled in for the entries that are not
    /// in a grid: an occluder scrolled out of its clipping ancestor stays out of the grid without being computed.
    @exclusivity(unchecked) var occluderShortcuts: [AnchoredRect] = []
    /// The tree's layout revision of the last scan (every record was made or checked in it).
    @exclusivity(unchecked) var occluderShortcutsRevision: UInt64 = .max
    /// Set when an occluder entered a grid outside the registry scan: the shortcuts' "not in a grid" may be stale.
    @exclusivity(unchecked) var occluderShortcutsStale = false
    @exclusivity(unchecked) var isScanning = false
    @exclusivity(unchecked) var queryStamp: UInt32 = 0

    // The 4-byte fields first and the flags after them, so the record packs into 104 bytes (112 with the flags
    // between the window and the frames).
    struct NodeRecord {
        /// The pass the state was computed in.
        var computedAt: UInt32 = 0
        var window: Int32 = -1
        /// Where the node sits in its window's occluder grid, when it is an occluder.
        var occluderWindow: Int32 = -1
        var occluderSlot: Int32 = -1
        /// The pass in which the node was last invalidated (it, or something it hangs from, changed).
        var invalidatedAt: UInt32 = 0
        /// The pass in which the node's chain was last checked, and the newest invalidation found on it then.
        var checkedAt: UInt32 = 0
        var chainInvalidation: UInt32 = 0
        /// A drawing-order query's mark: the node is an ancestor of the query node, which descends through the
        /// child at `pathChildPosition`.
        var pathStamp: UInt32 = 0
        var pathChildPosition: Int32 = -1
        var flags: UInt8 = 0
        var frame = Rect.zero
        var clip = Rect.zero
    }

    static let hiddenFlag: UInt8 = 1
    static let transparentFlag: UInt8 = 2
    static let notInteractiveFlag: UInt8 = 4

    /// Creates an engine over a host tree.
    public init(tree: HostTree) {
        self.tree = tree
        records = UnsafeMutablePointer<NodeRecord>.allocate(capacity: 0)
    }

    isolated deinit {
        records.deinitialize(count: recordCount)
        records.deallocate()
    }

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
            for index in 0..<recordCount {
                records[index].occluderWindow = -1
                records[index].occluderSlot = -1
            }
            for window in tree.windows.indices { dirtyRoots.append(tree.windows[window].root) }
            for root in dirtyRoots { records[Int(root)].invalidatedAt = pass }
        } else {
            let start = Int(logCursor - base)
            for entry in log[Swift.min(start, log.count)...] {
                let index = Int(entry)
                guard records[index].invalidatedAt != pass else { continue }
                records[index].invalidatedAt = pass
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
    public func geometry(of node: HostNodeID) -> NodeGeometry { sample(node).geometry }

    /// A node's geometry and placement key in one lookup (what an impression tracker samples each frame).
    func sample(_ node: HostNodeID) -> (geometry: NodeGeometry, placement: UInt64?) {
        refresh()
        let index = Int(node.rawValue)
        guard index >= 0, index < recordCount else { return (Self.notInWindow, nil) }
        tree.withNodes { nodes in ensureState(index, nodes: nodes) }
        let state = records[index]
        guard state.window >= 0 else { return (Self.notInWindow, nil) }
        let placement = tree.withNodes { nodes in
            UInt64(nodes[index].placement) << 32 | UInt64(UInt32(bitPattern: state.window))
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
        return (geometry, placement)
    }

    /// The node's visible ratio, as ``visibleRatio(of:)``, through a shortcut kept for that node: while only scroll
    /// offsets of clipping nodes changed since the shortcut was filled in, a node clearly outside its nearest clipping
    /// ancestor's visible bounds is answered (zero) without computing its placement. The same value in every case.
    public func visibleRatio(of node: HostNodeID, shortcut: inout ScrollShortcut) -> Double {
        sampleRatio(node, shortcut: &shortcut).ratio
    }

    /// A node's visible ratio and placement key through its shortcut (what an impression tracker samples each frame).
    func sampleRatio(_ node: HostNodeID, shortcut: inout ScrollShortcut) -> (ratio: Double, placement: UInt64?) {
        refresh()
        if shortcut.layoutRevision == tree.layoutRevision,
            tree.withNodes({ nodes in isScrolledOut(shortcut.anchored, nodes: nodes) })
        {
            return (0, shortcut.placement)
        }
        let sampled = sample(node)
        if let placement = sampled.placement {
            shortcut.anchored = tree.withNodes { nodes in anchored(Int(node.rawValue), nodes: nodes) }
            shortcut.placement = placement
            shortcut.layoutRevision = tree.layoutRevision
        } else {
            shortcut.layoutRevision = .max
        }
        return (sampled.geometry.visibleRatio, sampled.placement)
    }

    private static let notInWindow = NodeGeometry(
        window: nil, frameInWindow: .zero, clippedRect: .zero, visibleRatio: 0, isInteractive: false,
        zeroReason: .notInWindow)

    /// `true` when `point` (window coordinates) lands on the node: inside its clipped area and under no opaque
    /// node drawn above it. Hidden, transparent or background nodes are never hit.
    public func hitTest(_ point: Point, on node: HostNodeID) -> Bool {
        let geometry = geometry(of: node)
        guard geometry.zeroReason == nil, point.isValid, geometry.clippedRect.contains(point),
            let window = geometry.window
        else { return false }
        markPath(of: Int(node.rawValue))
        var hit = true
        grids[Int(window.rawValue)].forEachCandidate(in: Rect(x: point.x, y: point.y, width: 0, height: 0)) {
            occluder, rect in
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
}
