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
    @exclusivity(unchecked) private var records: UnsafeMutablePointer<NodeRecord>
    @exclusivity(unchecked) private var recordCapacity = 0
    @exclusivity(unchecked) private var recordCount = 0
    /// The current pass: it moves on when the tree changed since the last refresh.
    @exclusivity(unchecked) private var pass: UInt32 = 1
    /// Every state computed before this pass is stale (the engine fell behind the tree's change log).
    @exclusivity(unchecked) private var invalidatedAll: UInt32 = 1
    @exclusivity(unchecked) private var logCursor: UInt64 = 0
    @exclusivity(unchecked) private var seenRevision: UInt64 = .max
    /// Each window's occluders, bucketed into a grid.
    @exclusivity(unchecked) private var grids: [OccluderGrid] = []
    @exclusivity(unchecked) private var path: [Int32] = []
    @exclusivity(unchecked) private var walk: [Int32] = []
    @exclusivity(unchecked) private var dirtyRoots: [Int32] = []
    private let covering = CoveredAreaScratch()
    /// One shortcut per entry of the tree's opaque registry (same positions), filled in for the entries that are not
    /// in a grid: an occluder scrolled out of its clipping ancestor stays out of the grid without being computed.
    @exclusivity(unchecked) private var occluderShortcuts: [AnchoredRect] = []
    /// The tree's layout revision of the last scan (every record was made or checked in it).
    @exclusivity(unchecked) private var occluderShortcutsRevision: UInt64 = .max
    /// Set when an occluder entered a grid outside the registry scan: the shortcuts' "not in a grid" may be stale.
    @exclusivity(unchecked) private var occluderShortcutsStale = false
    @exclusivity(unchecked) private var isScanning = false
    @exclusivity(unchecked) private var queryStamp: UInt32 = 0

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

    // MARK: States

    private func growStorage() {
        let count = tree.nodeCount
        guard recordCount < count else { return }
        if count > recordCapacity {
            let capacity = Swift.max(count, recordCapacity * 2, 64)
            let grown = UnsafeMutablePointer<NodeRecord>.allocate(capacity: capacity)
            grown.moveInitialize(from: records, count: recordCount)
            records.deallocate()
            records = grown
            recordCapacity = capacity
        }
        (records + recordCount).initialize(repeating: NodeRecord(), count: count - recordCount)
        recordCount = count
    }

    private func nextPass() {
        if pass == .max {
            // Wrap-around after four billion passes: forget every stamp and start again.
            for index in 0..<recordCount {
                records[index].computedAt = 0
                records[index].invalidatedAt = 0
                records[index].checkedAt = 0
                records[index].chainInvalidation = 0
            }
            pass = 1
            invalidatedAll = 1
        }
        pass += 1
    }

    /// Makes the node's state valid: walks up to the nearest node already checked in this pass, then down,
    /// recomputing every state older than the newest invalidation on its chain. Each node is checked once a pass.
    private func ensureState(_ index: Int, nodes: UnsafeBufferPointer<HostTree.Node>) {
        guard records[index].checkedAt != pass else { return }
        path.removeAll(keepingCapacity: true)
        var current = Int32(index)
        while current >= 0, records[Int(current)].checkedAt != pass {
            path.append(current)
            current = nodes[Int(current)].parent
        }
        var parent = current
        var position = path.count
        while position > 0 {
            position -= 1
            let entry = path[position]
            check(Int(entry), parent: parent, nodes: nodes)
            parent = entry
        }
    }

    /// Checks one node whose parent (if any) was checked in this pass: records its chain's newest invalidation
    /// and recomputes its state when it is older.
    @inline(__always)
    private func check(_ index: Int, parent: Int32, nodes: UnsafeBufferPointer<HostTree.Node>) {
        let inherited = parent >= 0 ? records[Int(parent)].chainInvalidation : invalidatedAll
        let invalidation = Swift.max(inherited, records[index].invalidatedAt, invalidatedAll)
        records[index].checkedAt = pass
        records[index].chainInvalidation = invalidation
        if records[index].computedAt < invalidation || records[index].computedAt == 0 {
            compute(index, parent: parent, nodes: nodes)
        }
    }

    /// Computes a node's state from its parent's (valid) one; a window root from its window, a detached node as in
    /// no window.
    private func compute(_ index: Int, parent: Int32, nodes: UnsafeBufferPointer<HostTree.Node>) {
        // Field by field, in place: copying the node (it holds its children array) or the state in and out of the
        // arrays was a fifth of a frame.
        let window: Int32
        var flags: UInt8
        let clip: Rect
        let origin: Point
        let rootOfWindow = nodes[index].rootOfWindow
        if rootOfWindow >= 0 {
            let host = tree.windows[Int(rootOfWindow)]
            window = host.isRemoved ? -1 : rootOfWindow
            flags = 0
            clip = Rect(x: 0, y: 0, width: host.frame.width, height: host.frame.height)
            origin = Point(x: 0, y: 0)
        } else if parent >= 0, records[Int(parent)].window >= 0 {
            window = records[Int(parent)].window
            flags = records[Int(parent)].flags
            // The parent's clip for its children: its own, cut to its frame when it clips (not stored: 32 bytes a
            // node).
            let parentClip = records[Int(parent)].clip
            clip = nodes[Int(parent)].clipsToBounds ? parentClip.intersection(records[Int(parent)].frame) : parentClip
            // The parent's content origin: its frame less its scroll offset (not stored: 16 bytes a node).
            let parentFrame = records[Int(parent)].frame
            let parentOffset = nodes[Int(parent)].boundsOrigin
            origin = Point(x: parentFrame.x - parentOffset.x, y: parentFrame.y - parentOffset.y)
        } else {
            records[index].computedAt = pass
            records[index].window = -1
            records[index].flags = 0
            records[index].frame = .zero
            records[index].clip = .zero
            return
        }
        let frame = nodes[index].frame.offsetBy(dx: origin.x, dy: origin.y)
        if nodes[index].isHidden { flags |= Self.hiddenFlag }
        if nodes[index].alpha < Self.minimumAlpha { flags |= Self.transparentFlag }
        if !nodes[index].isUserInteractionEnabled { flags |= Self.notInteractiveFlag }
        records[index].computedAt = pass
        records[index].window = window
        records[index].flags = flags
        records[index].frame = frame
        records[index].clip = clip
    }

    private func isForeground(_ window: Int32) -> Bool {
        let index = Int(window)
        guard index >= 0, index < tree.windows.count else { return false }
        return tree.windows[index].isForeground && !tree.windows[index].isRemoved
    }

    // MARK: Scroll shortcuts

    /// A node's frame in its nearest clipping ancestor's content coordinates (no anchor when no ancestor clips, or
    /// when the chain up to it is deeper than a record's margin covers).
    private func anchored(_ index: Int, nodes: UnsafeBufferPointer<HostTree.Node>) -> AnchoredRect {
        var rect = nodes[index].frame
        var magnitude = abs(rect.x) + abs(rect.y) + rect.width + rect.height
        var terms = 2
        var parent = nodes[index].rootOfWindow >= 0 ? -1 : nodes[index].parent
        while parent >= 0, !nodes[Int(parent)].clipsToBounds {
            let frame = nodes[Int(parent)].frame
            let offset = nodes[Int(parent)].boundsOrigin
            rect = rect.offsetBy(dx: frame.x - offset.x, dy: frame.y - offset.y)
            magnitude += abs(frame.x) + abs(frame.y) + abs(offset.x) + abs(offset.y)
            terms += 2
            guard terms <= AnchoredRect.maximumTerms else { return AnchoredRect() }
            parent = nodes[Int(parent)].rootOfWindow >= 0 ? -1 : nodes[Int(parent)].parent
        }
        guard parent >= 0 else { return AnchoredRect() }
        return AnchoredRect(
            x: Float(rect.x), y: Float(rect.y), width: Float(rect.width), height: Float(rect.height),
            magnitude: Float(magnitude).nextUp, anchor: parent)
    }

    /// Whether a node (under the layout its record was made in) lies outside its anchor's visible bounds by more
    /// than any rounding: then its clipped rect is empty, computed either way, and its ratio zero.
    ///
    /// The node's frame in the window is the same sum of terms as the engine's, in another order (the anchor's
    /// frame, less its offset, plus each level's), from coordinates stored in single precision: both are within
    /// ``AnchoredRect/relativeMargin`` of the magnitudes summed, and the node is out only past that margin.
    private func isScrolledOut(_ record: AnchoredRect, nodes: UnsafeBufferPointer<HostTree.Node>) -> Bool {
        let anchor = Int(record.anchor)
        guard anchor >= 0, anchor < recordCount else { return false }
        ensureState(anchor, nodes: nodes)
        let state = records[anchor]
        guard state.window >= 0 else { return false }
        let offset = nodes[anchor].boundsOrigin
        let clip = state.clip.intersection(state.frame)
        let x = Double(record.x) + (state.frame.x - offset.x)
        let y = Double(record.y) + (state.frame.y - offset.y)
        let maxX = x + Double(record.width)
        let maxY = y + Double(record.height)
        let magnitude =
            Double(record.magnitude) + abs(state.frame.x) + abs(state.frame.y) + abs(offset.x) + abs(offset.y)
            + abs(clip.x) + abs(clip.y) + clip.width + clip.height + 1
        let margin = AnchoredRect.relativeMargin * magnitude
        return maxX + margin <= clip.x || x - margin >= clip.maxX || maxY + margin <= clip.y
            || y - margin >= clip.maxY
    }

    // MARK: Occluders

    /// Moves the occluders that hang below a change, the cheaper of two ways: walking each change's subtree
    /// (skipping every branch without an opaque node: the cost of what changed), or checking each opaque node of
    /// the tree for a change on its chain (the cost of the occluders, when a change moved more nodes than there are
    /// occluders: a scrolled list of cards).
    private func updateOccluders() {
        tree.withNodes { nodes in
            var topRoots = 0
            var walkCost = 0
            for root in dirtyRoots {
                // A change below another change of this pass is covered by the higher one.
                var ancestor = nodes[Int(root)].parent
                var covered = false
                while ancestor >= 0 {
                    if records[Int(ancestor)].invalidatedAt == pass {
                        covered = true
                        break
                    }
                    ancestor = nodes[Int(ancestor)].parent
                }
                if covered { continue }
                dirtyRoots[topRoots] = root
                topRoots += 1
                walkCost += Int(nodes[Int(root)].subtreeSize)
            }
            dirtyRoots.removeSubrange(topRoots...)
            if 2 * tree.opaqueNodes.count < walkCost {
                scanOccluders(nodes)
            } else {
                walkOccluders(nodes)
            }
        }
    }

    /// Walks each change's subtree, branches with an opaque node only.
    private func walkOccluders(_ nodes: UnsafeBufferPointer<HostTree.Node>) {
        for root in dirtyRoots {
            walk.removeAll(keepingCapacity: true)
            ensureState(Int(root), nodes: nodes)
            walk.append(root)
            while let entry = walk.popLast() {
                let index = Int(entry)
                placeOccluder(index, isOpaque: nodes[index].isOpaque)
                nodes[index].children.withUnsafeBufferPointer { children in
                    for child in children
                    where nodes[Int(child)].opaqueCount > 0 || records[Int(child)].occluderWindow >= 0 {
                        // Top-down: the parent was checked just before its children.
                        check(Int(child), parent: entry, nodes: nodes)
                        walk.append(child)
                    }
                }
            }
        }
    }

    /// Checks every opaque node (and every node still in a grid) for a change on its chain in this pass. An entry
    /// out of every grid whose shortcut says it is scrolled out of its clipping ancestor stays out: it is skipped.
    private func scanOccluders(_ nodes: UnsafeBufferPointer<HostTree.Node>) {
        let revision = tree.layoutRevision
        let useShortcuts = !occluderShortcutsStale && occluderShortcutsRevision == revision
        occluderShortcutsStale = false
        occluderShortcutsRevision = revision
        isScanning = true
        defer { isScanning = false }
        tree.opaqueNodes.withUnsafeBufferPointer { opaque in
            if occluderShortcuts.count < opaque.count {
                occluderShortcuts.append(
                    contentsOf: repeatElement(AnchoredRect(), count: opaque.count - occluderShortcuts.count))
            }
            occluderShortcuts.withUnsafeMutableBufferPointer { shortcuts in
                for position in opaque.indices {
                    if useShortcuts, shortcuts[position].anchor >= 0, isScrolledOut(shortcuts[position], nodes: nodes) {
                        continue
                    }
                    let index = Int(opaque[position])
                    let isOpaque = nodes[index].isOpaque
                    guard isOpaque || records[index].occluderWindow >= 0 else {
                        shortcuts[position].anchor = -1
                        continue
                    }
                    ensureState(index, nodes: nodes)
                    if records[index].chainInvalidation == pass { placeOccluder(index, isOpaque: isOpaque) }
                    let isOut = isOpaque && records[index].occluderWindow < 0 && records[index].window >= 0
                    shortcuts[position] = isOut ? anchored(index, nodes: nodes) : AnchoredRect()
                }
            }
        }
    }

    /// Puts an opaque, visible node's visible rect in its window's grid, or takes it out.
    private func placeOccluder(_ index: Int, isOpaque: Bool) {
        let state = records[index]
        let visible = state.frame.intersection(state.clip)
        let isOccluder =
            isOpaque && state.window >= 0 && state.flags & (Self.hiddenFlag | Self.transparentFlag) == 0
            && !visible.isEmpty
        if isOccluder, state.occluderWindow == state.window,
            grids[Int(state.window)].rect(of: state.occluderSlot) == visible
        {
            return  // unmoved
        }
        if state.occluderWindow >= 0 {
            grids[Int(state.occluderWindow)].remove(state.occluderSlot)
        } else if isOccluder, !isScanning {
            // An occluder entered a grid behind the scan's shortcuts (which only skip entries out of every grid).
            occluderShortcutsStale = true
        }
        if isOccluder {
            records[index].occluderSlot = grids[Int(state.window)].insert(Int32(index), rect: visible)
            records[index].occluderWindow = state.window
        } else {
            records[index].occluderWindow = -1
            records[index].occluderSlot = -1
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
            for index in 0..<recordCount { records[index].pathStamp = 0 }
            queryStamp = 1
        }
        tree.withNodes { nodes in
            var current = Int32(node)
            var child: Int32 = -1
            while current >= 0 {
                records[Int(current)].pathStamp = queryStamp
                records[Int(current)].pathChildPosition = child >= 0 ? nodes[Int(child)].indexInParent : -1
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
            while current >= 0, records[Int(current)].pathStamp != queryStamp {
                child = current
                current = nodes[Int(current)].parent
            }
            guard current >= 0, child >= 0 else { return false }  // another tree, or the node's own ancestor
            let nodeBranch = records[Int(current)].pathChildPosition
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
        grids[window].forEachCandidate(in: rect) { occluder, occluderRect in
            guard !fullyCovered, occluderRect.intersects(rect), isDrawnAbove(occluder) else { return }
            let part = occluderRect.intersection(rect)
            if part.contains(rect) { fullyCovered = true }
            scratch.rects.append(part)
        }
        if fullyCovered { return rect.area }
        switch scratch.rects.count {
        case 0: return 0
        case 1: return scratch.rects[0].area
        default: return scratch.unionArea()
        }
    }
}
