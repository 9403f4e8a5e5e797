import AdCore

/// A slow, obviously correct restatement of the visibility definition, for whole-point geometry only.
///
/// It mirrors a ``HostTree`` built by a test and answers by counting unit cells: a cell of a node is seen when its
/// centre lies inside the node, inside every clipping ancestor (the window root included), and inside no opaque,
/// shown node that comes later in pre-order and is not the node's descendant. No sweep, no caching, no sharing of
/// code with ``VisibilityEngine``.
struct ReferenceModel {
    struct Node {
        var id: HostNodeID
        var parent: Int?
        var children: [Int] = []
        var frame: Rect
        var boundsOrigin = Point(x: 0, y: 0)
        var clips: Bool
        var opaque: Bool
        var hidden = false
        var alpha = 1.0
    }

    /// Index 0 is the window root.
    var nodes: [Node]
    /// The side of the cells counted, in points: 1 by default. A test whose frames, offsets and taps all lie on a
    /// coarser lattice may count coarser cells (each is then wholly seen or wholly unseen).
    var unit = 1.0

    init(root: HostNodeID, width: Double, height: Double) {
        nodes = [Node(id: root, frame: Rect(x: 0, y: 0, width: width, height: height), clips: true, opaque: false)]
    }

    func isAttached(_ index: Int) -> Bool {
        var current = index
        while let parent = nodes[current].parent { current = parent }
        return current == 0
    }

    func isDescendant(_ index: Int, of ancestor: Int) -> Bool {
        var current: Int? = index
        while let node = current {
            if node == ancestor { return true }
            current = nodes[node].parent
        }
        return false
    }

    func frameInWindow(_ index: Int) -> Rect {
        guard let parent = nodes[index].parent else { return nodes[index].frame }
        let parentFrame = frameInWindow(parent)
        let origin = nodes[parent].boundsOrigin
        return nodes[index].frame.offsetBy(dx: parentFrame.x - origin.x, dy: parentFrame.y - origin.y)
    }

    /// Neither the node nor an ancestor is hidden or below alpha 0.01.
    func isShown(_ index: Int) -> Bool {
        var current: Int? = index
        while let node = current {
            if nodes[node].hidden || nodes[node].alpha < 0.01 { return false }
            current = nodes[node].parent
        }
        return true
    }

    /// The point lies inside the node and inside every clipping ancestor.
    func draws(_ index: Int, at point: Point) -> Bool {
        guard frameInWindow(index).contains(point) else { return false }
        var current = nodes[index].parent
        while let node = current {
            if nodes[node].clips, !frameInWindow(node).contains(point) { return false }
            current = nodes[node].parent
        }
        return true
    }

    func preorder() -> [Int] {
        var order: [Int] = []
        func walk(_ index: Int) {
            order.append(index)
            for child in nodes[index].children { walk(child) }
        }
        walk(0)
        return order
    }

    /// The shown opaque nodes drawn above `index` that are not inside it.
    func occluders(of index: Int) -> [Int] {
        let order = preorder()
        guard let position = order.firstIndex(of: index) else { return [] }
        return order[(position + 1)...].filter { other in
            nodes[other].opaque && isShown(other) && !isDescendant(other, of: index)
        }
    }

    func isSeen(_ index: Int, at point: Point, under occluders: [Int]) -> Bool {
        draws(index, at: point) && !occluders.contains { draws($0, at: point) }
    }

    /// Seen cells ÷ the node's area, or 0 when detached, not shown or empty.
    func visibleRatio(_ index: Int) -> Double {
        let frame = frameInWindow(index)
        guard isAttached(index), isShown(index), frame.width > 0, frame.height > 0 else { return 0 }
        let above = occluders(of: index)
        var seen = 0
        for y in stride(from: frame.y, to: frame.maxY, by: unit) {
            for x in stride(from: frame.x, to: frame.maxX, by: unit)
            where isSeen(index, at: Point(x: x + unit / 2, y: y + unit / 2), under: above) {
                seen += 1
            }
        }
        return Double(seen) * unit * unit / (frame.width * frame.height)
    }

    /// Whether a tap at `point` lands on the node, whose ``visibleRatio(_:)`` is `ratio`: it is seen there.
    func hits(_ index: Int, at point: Point, ratio: Double) -> Bool {
        ratio > 0 && isSeen(index, at: point, under: occluders(of: index))
    }
}
