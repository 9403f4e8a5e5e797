/// The one geometry engine: decides how much of a node is visible, for impressions and clicks alike.
///
/// The visible ratio of a node is its area inside its window, after clipping by every clipping ancestor and the
/// window bounds, minus the exact union of the opaque nodes drawn above it, divided by its own area. It is zero
/// when the node or an ancestor is hidden or has an alpha below 0.01, when the window is in the background,
/// when the node is in no window, or when it has zero width or height (rule Y13).
///
/// One ``refresh()`` walks the tree once (pre-order, iteratively, into reused buffers); queries then cost a
/// scan of the window's occluders. The engine recomputes only when ``HostTree/revision`` changed.
///
/// ```swift
/// let engine = VisibilityEngine(tree: tree)
/// engine.refresh()
/// let ratio = engine.visibleRatio(of: card)  // 0...1
/// ```
@MainActor
public final class VisibilityEngine {
    /// Below this alpha a node and its subtree are invisible.
    public static let minimumAlpha = 0.01

    /// The model the engine reads.
    public let tree: HostTree

    private var computedRevision: UInt64 = .max
    private var pass: UInt32 = 0
    /// Per-node results of the last pass, indexed by node ID (one array: one write per node per pass).
    private var states: [NodeState] = []
    /// Whether each window is in the foreground, as of the last pass.
    private var windowForeground: [Bool] = []
    /// Occluders of each window, in drawing order.
    private var occluders: [[Occluder]] = []
    /// Each window's occluders bucketed by 64-point cells, so a query reads only its neighbourhood.
    private var grids: [OccluderGrid] = []
    /// Per-occluder stamps that keep a query from reading an occluder twice (it may span several cells).
    private var occluderStamps: [UInt32] = []
    private var queryStamp: UInt32 = 0
    private var stack: [Int32] = []
    /// Each window's nodes in drawing (pre-)order, root first; re-derived only when the tree's shape changes.
    private var drawingOrder: [[Int32]] = []
    private var orderedStructure: UInt64 = .max
    private var scratchRects: [Rect] = []
    private var scratchEdges: [Double] = []
    private var scratchIntervals: [(Double, Double)] = []

    private struct NodeState {
        var pass: UInt32 = 0
        var window: Int32 = -1
        var order: Int32 = 0
        var subtreeEnd: Int32 = 0
        var flags: UInt8 = 0
        var placement: UInt32 = 0
        var frame = Rect.zero
        var clip = Rect.zero
        var childClip = Rect.zero
        var contentOrigin = Point(x: 0, y: 0)
    }

    private struct Occluder {
        var order: Int32
        var rect: Rect
    }

    private struct OccluderGrid {
        var columns = 1
        var rows = 1
        var cellWidth = cellSize
        var cellHeight = cellSize
        var cells: [[Int32]] = []

        /// The preferred cell size, in points.
        static let cellSize = 64.0
        /// At most this many columns and rows: a huge window gets larger cells, never more of them, so the grid's
        /// memory and build time are bounded whatever the window's size (rule R3).
        static let maximumDimension = 64
        /// Below this many occluders a linear scan is cheaper than the grid.
        static let minimumOccluders = 16

        /// Sizes the grid for a window's bounds.
        mutating func fit(_ bounds: Rect) {
            columns = Self.dimension(bounds.width)
            rows = Self.dimension(bounds.height)
            cellWidth = Swift.max(Self.cellSize, bounds.width / Double(columns))
            cellHeight = Swift.max(Self.cellSize, bounds.height / Double(rows))
        }

        private static func dimension(_ length: Double) -> Int {
            let cells = (length / cellSize).rounded(.up)
            return cells >= Double(maximumDimension) ? maximumDimension : Swift.max(1, Int(cells))
        }

        func cellRange(of rect: Rect) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>) {
            let first = Self.cell(rect.x / cellWidth, count: columns)
            let last = Swift.max(first, Self.cell((rect.maxX - 0.000_001) / cellWidth, count: columns))
            let top = Self.cell(rect.y / cellHeight, count: rows)
            let bottom = Swift.max(top, Self.cell((rect.maxY - 0.000_001) / cellHeight, count: rows))
            return (first...last, top...bottom)
        }

        /// A cell index in `0..<count`, clamped as a `Double` first so the conversion cannot trap.
        private static func cell(_ position: Double, count: Int) -> Int {
            Int(Swift.min(Double(count - 1), Swift.max(0, position.isNaN ? 0 : position)))
        }
    }

    private static let hiddenFlag: UInt8 = 1
    private static let transparentFlag: UInt8 = 2
    private static let notInteractiveFlag: UInt8 = 4
    /// Marks a stack entry whose subtree is finished (its `subtreeEnd` is due).
    private static let exitMark: Int32 = Int32.min

    /// Creates an engine over a host tree.
    public init(tree: HostTree) { self.tree = tree }

    /// Recomputes every node's placement if the tree changed since the last pass.
    public func refresh() {
        guard computedRevision != tree.revision else { return }
        computedRevision = tree.revision
        recompute()
    }

    /// The node's visible ratio in 0...1 (see the type's documentation). Refreshes first when needed.
    public func visibleRatio(of node: HostNodeID) -> Double { geometry(of: node).visibleRatio }

    /// Everything the engine knows of a node: its window, frames, ratio, interactivity and why it is not seen.
    public func geometry(of node: HostNodeID) -> NodeGeometry {
        refresh()
        let index = Int(node.rawValue)
        guard index >= 0, index < states.count, states[index].pass == pass else {
            return NodeGeometry(
                window: nil, frameInWindow: .zero, clippedRect: .zero, visibleRatio: 0, isInteractive: false,
                zeroReason: .notInWindow)
        }
        let state = states[index]
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
        } else if !windowForeground[Int(state.window)] {
            geometry.zeroReason = .background
        } else if clipped.isEmpty {
            geometry.zeroReason = .clippedAway
        } else {
            let covered = coveredArea(of: clipped, above: state.subtreeEnd, in: Int(state.window))
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
        guard index >= 0, index < states.count, states[index].pass == pass else { return nil }
        return UInt64(states[index].placement) << 32 | UInt64(UInt32(bitPattern: states[index].window))
    }

    /// `true` when `point` (window coordinates) lands on the node: inside its clipped area and under no opaque
    /// node drawn above it. Hidden, transparent or background nodes are never hit.
    public func hitTest(_ point: Point, on node: HostNodeID) -> Bool {
        let geometry = geometry(of: node)
        guard geometry.zeroReason == nil, point.isValid, geometry.clippedRect.contains(point),
            let window = geometry.window
        else { return false }
        let end = states[Int(node.rawValue)].subtreeEnd
        for occluder in occluders[Int(window.rawValue)] where occluder.order > end {
            if occluder.rect.contains(point) { return false }
        }
        return true
    }

    /// The window's opaque nodes drawn above `node` that overlap it (for diagnostics: "covered by ...").
    public func coveringArea(of node: HostNodeID) -> Double {
        let geometry = geometry(of: node)
        guard let window = geometry.window, geometry.zeroReason == nil || geometry.zeroReason == .covered else {
            return 0
        }
        return coveredArea(
            of: geometry.clippedRect, above: states[Int(node.rawValue)].subtreeEnd, in: Int(window.rawValue))
    }

    // MARK: The pass

    private func recompute() {
        pass &+= 1
        let pass = self.pass
        let windows = tree.windows
        if states.count < tree.nodeCount {
            states.append(contentsOf: repeatElement(NodeState(), count: tree.nodeCount - states.count))
        }
        windowForeground.removeAll(keepingCapacity: true)
        for window in windows { windowForeground.append(window.isForeground && !window.isRemoved) }
        while occluders.count < windows.count { occluders.append([]) }
        while grids.count < windows.count { grids.append(OccluderGrid()) }
        if orderedStructure != tree.structureRevision {
            orderedStructure = tree.structureRevision
            deriveDrawingOrder(windows)
        }
        // Work on locals: class properties touched in the loop would pay a dynamic exclusivity check each time.
        var allOccluders = self.occluders
        self.occluders = []
        let drawingOrder = self.drawingOrder
        tree.withNodes { nodes in
            states.withUnsafeMutableBufferPointer { states in
                for windowIndex in windows.indices {
                    var list = allOccluders[windowIndex]
                    allOccluders[windowIndex] = []
                    list.removeAll(keepingCapacity: true)
                    defer { allOccluders[windowIndex] = list }
                    let window = windows[windowIndex]
                    guard !window.isRemoved, let root = drawingOrder[windowIndex].first.map(Int.init) else { continue }
                    let bounds = Rect(x: 0, y: 0, width: window.frame.width, height: window.frame.height)
                    var rootState = NodeState()
                    rootState.childClip = bounds
                    rootState.clip = bounds
                    rootState.window = Int32(windowIndex)
                    Self.visit(nodes[root], parent: rootState, into: &states[root], pass: pass)
                    for entry in drawingOrder[windowIndex].dropFirst() {
                        let index = Int(entry)
                        let parent = Int(nodes[index].parent)
                        Self.visit(nodes[index], parent: states[parent], into: &states[index], pass: pass)
                        if nodes[index].isOpaque, states[index].flags & (Self.hiddenFlag | Self.transparentFlag) == 0 {
                            let visible = states[index].frame.intersection(states[index].clip)
                            if !visible.isEmpty { list.append(Occluder(order: states[index].order, rect: visible)) }
                        }
                    }
                }
            }
        }
        self.occluders = allOccluders
        for windowIndex in windows.indices where !windows[windowIndex].isRemoved {
            buildGrid(
                window: windowIndex,
                bounds: Rect(
                    x: 0, y: 0, width: windows[windowIndex].frame.width,
                    height: windows[windowIndex].frame.height))
        }
    }

    /// Walks every window's tree once (iteratively) to record drawing order and where each subtree ends.
    private func deriveDrawingOrder(_ windows: [HostTree.Window]) {
        while drawingOrder.count < windows.count { drawingOrder.append([]) }
        var stack = self.stack
        var order = self.drawingOrder
        self.stack = []
        self.drawingOrder = []
        var nextOrder: Int32 = 0
        tree.withNodes { nodes in
            states.withUnsafeMutableBufferPointer { states in
                for windowIndex in windows.indices {
                    order[windowIndex].removeAll(keepingCapacity: true)
                    guard !windows[windowIndex].isRemoved else { continue }
                    stack.removeAll(keepingCapacity: true)
                    stack.append(windows[windowIndex].root)
                    while let entry = stack.popLast() {
                        if entry < 0 {
                            states[Int(entry & ~Self.exitMark)].subtreeEnd = nextOrder - 1
                            continue
                        }
                        order[windowIndex].append(entry)
                        states[Int(entry)].order = nextOrder
                        nextOrder += 1
                        stack.append(entry | Self.exitMark)
                        for child in nodes[Int(entry)].children.reversed() { stack.append(child) }
                    }
                }
            }
        }
        self.stack = stack
        self.drawingOrder = order
    }

    private func buildGrid(window: Int, bounds: Rect) {
        let list = occluders[window]
        if occluderStamps.count < list.count {
            occluderStamps.append(contentsOf: repeatElement(0, count: list.count - occluderStamps.count))
        }
        guard list.count >= OccluderGrid.minimumOccluders else { return }
        var grid = grids[window]
        grids[window] = OccluderGrid()  // keep the cells uniquely referenced while they are refilled
        grid.fit(bounds)
        let cellCount = grid.columns * grid.rows
        if grid.cells.count < cellCount {
            grid.cells.append(contentsOf: repeatElement([], count: cellCount - grid.cells.count))
        }
        for cell in 0..<cellCount { grid.cells[cell].removeAll(keepingCapacity: true) }
        for (index, occluder) in list.enumerated() {
            let range = grid.cellRange(of: occluder.rect)
            for row in range.rows {
                for column in range.columns { grid.cells[row * grid.columns + column].append(Int32(index)) }
            }
        }
        grids[window] = grid
    }

    private static func visit(
        _ node: borrowing HostTree.Node, parent: borrowing NodeState, into state: inout NodeState, pass: UInt32
    ) {
        let frame = node.frame.offsetBy(dx: parent.contentOrigin.x, dy: parent.contentOrigin.y)
        var flags = parent.flags
        if node.isHidden { flags |= hiddenFlag }
        if node.alpha < minimumAlpha { flags |= transparentFlag }
        if !node.isUserInteractionEnabled { flags |= notInteractiveFlag }
        state.pass = pass
        state.window = parent.window
        state.flags = flags
        state.placement = node.placement
        state.frame = frame
        state.clip = parent.childClip
        state.childClip = node.clipsToBounds ? parent.childClip.intersection(frame) : parent.childClip
        state.contentOrigin = Point(x: frame.x - node.boundsOrigin.x, y: frame.y - node.boundsOrigin.y)
    }

    /// The exact area of the union of the occluders drawn after `end` (outside the node's subtree), within `rect`.
    private func coveredArea(of rect: Rect, above end: Int32, in window: Int) -> Double {
        scratchRects.removeAll(keepingCapacity: true)
        let list = occluders[window]
        if list.count < OccluderGrid.minimumOccluders {
            for occluder in list where occluder.order > end && occluder.rect.intersects(rect) {
                let part = occluder.rect.intersection(rect)
                if part.contains(rect) { return rect.area }
                scratchRects.append(part)
            }
        } else {
            queryStamp &+= 1
            if queryStamp == 0 {
                for index in occluderStamps.indices { occluderStamps[index] = 0 }
                queryStamp = 1
            }
            let grid = grids[window]
            let range = grid.cellRange(of: rect)
            for row in range.rows {
                for column in range.columns {
                    for index in grid.cells[row * grid.columns + column] {
                        let slot = Int(index)
                        guard occluderStamps[slot] != queryStamp else { continue }
                        occluderStamps[slot] = queryStamp
                        let occluder = list[slot]
                        guard occluder.order > end, occluder.rect.intersects(rect) else { continue }
                        let part = occluder.rect.intersection(rect)
                        if part.contains(rect) { return rect.area }
                        scratchRects.append(part)
                    }
                }
            }
        }
        switch scratchRects.count {
        case 0: return 0
        case 1: return scratchRects[0].area
        default: return unionArea()
        }
    }

    /// Area of the union of `scratchRects`: sweep the distinct x edges, merge the y intervals of each strip.
    private func unionArea() -> Double {
        scratchEdges.removeAll(keepingCapacity: true)
        for rect in scratchRects {
            scratchEdges.append(rect.x)
            scratchEdges.append(rect.maxX)
        }
        Self.sortInPlace(&scratchEdges, by: <)
        var area = 0.0
        var previous = scratchEdges[0]
        for edge in scratchEdges.dropFirst() where edge > previous {
            scratchIntervals.removeAll(keepingCapacity: true)
            for rect in scratchRects where rect.x <= previous && rect.maxX >= edge {
                scratchIntervals.append((rect.y, rect.maxY))
            }
            if !scratchIntervals.isEmpty {
                Self.sortInPlace(&scratchIntervals) { $0.0 < $1.0 }
                var covered = 0.0
                var start = scratchIntervals[0].0
                var finish = scratchIntervals[0].1
                for interval in scratchIntervals.dropFirst() {
                    if interval.0 > finish {
                        covered += finish - start
                        start = interval.0
                        finish = interval.1
                    } else if interval.1 > finish {
                        finish = interval.1
                    }
                }
                covered += finish - start
                area += covered * (edge - previous)
            }
            previous = edge
        }
        return area
    }

    /// Sorts `values` in place with a heapsort, which needs no scratch memory: the standard library's sort takes a
    /// temporary buffer, on the heap once an array outgrows the stack allowance (about a hundred occluders), and
    /// a query must never allocate.
    private static func sortInPlace<Element>(_ values: inout [Element], by less: (Element, Element) -> Bool) {
        values.withUnsafeMutableBufferPointer { buffer in
            let count = buffer.count
            guard count > 1 else { return }
            for start in stride(from: count / 2 - 1, through: 0, by: -1) {
                siftDown(&buffer, from: start, end: count, by: less)
            }
            for end in stride(from: count - 1, to: 0, by: -1) {
                buffer.swapAt(0, end)
                siftDown(&buffer, from: 0, end: end, by: less)
            }
        }
    }

    /// Restores the max-heap property below `start` within `buffer[..<end]`.
    private static func siftDown<Element>(
        _ buffer: inout UnsafeMutableBufferPointer<Element>, from start: Int, end: Int,
        by less: (Element, Element) -> Bool
    ) {
        var root = start
        while true {
            var child = 2 * root + 1
            guard child < end else { return }
            if child + 1 < end, less(buffer[child], buffer[child + 1]) { child += 1 }
            guard less(buffer[root], buffer[child]) else { return }
            buffer.swapAt(root, child)
            root = child
        }
    }
}
