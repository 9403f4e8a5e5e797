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
    // Per-node results of the last pass, indexed by node ID.
    private var visitedInPass: [UInt32] = []
    private var absoluteFrames: [Rect] = []
    private var clips: [Rect] = []
    private var childClips: [Rect] = []
    private var contentOrigins: [Point] = []
    private var flags: [UInt8] = []
    private var windowOf: [Int32] = []
    private var order: [Int32] = []
    private var subtreeEnd: [Int32] = []
    // Occluders of each window, in drawing order.
    private var occluders: [[Occluder]] = []
    private var stack: [(node: Int32, exiting: Bool)] = []
    private var scratchRects: [Rect] = []
    private var scratchEdges: [Double] = []
    private var scratchIntervals: [(Double, Double)] = []

    private struct Occluder {
        var order: Int32
        var rect: Rect
    }

    private static let hiddenFlag: UInt8 = 1
    private static let transparentFlag: UInt8 = 2
    private static let notInteractiveFlag: UInt8 = 4

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
        // A node made after the last pass (`makeNode` does not bump the revision) has no slot yet: it is detached.
        guard tree.contains(node), index < visitedInPass.count, visitedInPass[index] == pass else {
            return NodeGeometry(
                window: nil, frameInWindow: .zero, clippedRect: .zero, visibleRatio: 0, isInteractive: false,
                zeroReason: .notInWindow)
        }
        let window = windowOf[index]
        let frame = absoluteFrames[index]
        let clipped = frame.intersection(clips[index])
        let nodeFlags = flags[index]
        var geometry = NodeGeometry(
            window: HostWindowID(rawValue: window), frameInWindow: frame, clippedRect: clipped, visibleRatio: 0,
            isInteractive: nodeFlags & Self.notInteractiveFlag == 0, zeroReason: nil)
        if frame.isEmpty {
            geometry.zeroReason = .zeroSize
        } else if nodeFlags & Self.hiddenFlag != 0 {
            geometry.zeroReason = .hidden
        } else if nodeFlags & Self.transparentFlag != 0 {
            geometry.zeroReason = .transparent
        } else if !tree.windows[Int(window)].isForeground {
            geometry.zeroReason = .background
        } else if clipped.isEmpty {
            geometry.zeroReason = .clippedAway
        } else {
            let covered = coveredArea(of: clipped, above: subtreeEnd[index], in: Int(window))
            let visible = Swift.max(0, clipped.area - covered)
            geometry.visibleRatio = Swift.min(1, visible / frame.area)
            if geometry.visibleRatio <= 0 { geometry.zeroReason = .covered }
        }
        return geometry
    }

    /// `true` when `point` (window coordinates) lands on the node: inside its clipped area and under no opaque
    /// node drawn above it. Hidden, transparent or background nodes are never hit.
    public func hitTest(_ point: Point, on node: HostNodeID) -> Bool {
        let geometry = geometry(of: node)
        guard geometry.zeroReason == nil, point.isValid, geometry.clippedRect.contains(point),
            let window = geometry.window
        else { return false }
        let end = subtreeEnd[Int(node.rawValue)]
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
        return coveredArea(of: geometry.clippedRect, above: subtreeEnd[Int(node.rawValue)], in: Int(window.rawValue))
    }

    // MARK: The pass

    private func recompute() {
        pass &+= 1
        let count = tree.nodes.count
        if visitedInPass.count < count {
            let extra = count - visitedInPass.count
            visitedInPass.append(contentsOf: repeatElement(0, count: extra))
            absoluteFrames.append(contentsOf: repeatElement(.zero, count: extra))
            clips.append(contentsOf: repeatElement(.zero, count: extra))
            childClips.append(contentsOf: repeatElement(.zero, count: extra))
            contentOrigins.append(contentsOf: repeatElement(Point(x: 0, y: 0), count: extra))
            flags.append(contentsOf: repeatElement(0, count: extra))
            windowOf.append(contentsOf: repeatElement(-1, count: extra))
            order.append(contentsOf: repeatElement(0, count: extra))
            subtreeEnd.append(contentsOf: repeatElement(0, count: extra))
        }
        while occluders.count < tree.windows.count { occluders.append([]) }
        var nextOrder: Int32 = 0
        for windowIndex in tree.windows.indices {
            occluders[windowIndex].removeAll(keepingCapacity: true)
            let window = tree.windows[windowIndex]
            guard !window.isRemoved else { continue }
            let root = window.root
            let rootNode = tree.nodes[Int(root)]
            let bounds = Rect(x: 0, y: 0, width: window.frame.width, height: window.frame.height)
            visit(root, parentOrigin: Point(x: 0, y: 0), parentClip: bounds, parentFlags: 0, window: Int32(windowIndex))
            order[Int(root)] = nextOrder
            nextOrder += 1
            stack.removeAll(keepingCapacity: true)
            stack.append((root, true))
            for child in rootNode.children.reversed() { stack.append((child, false)) }
            while let (node, exiting) = stack.popLast() {
                if exiting {
                    subtreeEnd[Int(node)] = nextOrder - 1
                    continue
                }
                let current = tree.nodes[Int(node)]
                let parent = Int(current.parent)
                visit(
                    node, parentOrigin: contentOrigins[parent], parentClip: childClips[parent],
                    parentFlags: flags[parent], window: Int32(windowIndex))
                order[Int(node)] = nextOrder
                nextOrder += 1
                let nodeFlags = flags[Int(node)]
                if current.isOpaque, nodeFlags & (Self.hiddenFlag | Self.transparentFlag) == 0 {
                    let visible = absoluteFrames[Int(node)].intersection(clips[Int(node)])
                    if !visible.isEmpty {
                        occluders[windowIndex].append(Occluder(order: order[Int(node)], rect: visible))
                    }
                }
                stack.append((node, true))
                for child in current.children.reversed() { stack.append((child, false)) }
            }
        }
    }

    private func visit(_ node: Int32, parentOrigin: Point, parentClip: Rect, parentFlags: UInt8, window: Int32) {
        let index = Int(node)
        let current = tree.nodes[index]
        let frame = current.frame.offsetBy(dx: parentOrigin.x, dy: parentOrigin.y)
        var nodeFlags = parentFlags
        if current.isHidden { nodeFlags |= Self.hiddenFlag }
        if current.alpha < Self.minimumAlpha { nodeFlags |= Self.transparentFlag }
        if !current.isUserInteractionEnabled { nodeFlags |= Self.notInteractiveFlag }
        visitedInPass[index] = pass
        absoluteFrames[index] = frame
        clips[index] = parentClip
        childClips[index] = current.clipsToBounds ? parentClip.intersection(frame) : parentClip
        contentOrigins[index] = Point(x: frame.x - current.boundsOrigin.x, y: frame.y - current.boundsOrigin.y)
        flags[index] = nodeFlags
        windowOf[index] = window
    }

    /// The exact area of the union of the occluders drawn after `end` (outside the node's subtree), within `rect`.
    private func coveredArea(of rect: Rect, above end: Int32, in window: Int) -> Double {
        scratchRects.removeAll(keepingCapacity: true)
        for occluder in occluders[window] where occluder.order > end && occluder.rect.intersects(rect) {
            let part = occluder.rect.intersection(rect)
            if part.contains(rect) { return rect.area }
            scratchRects.append(part)
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
