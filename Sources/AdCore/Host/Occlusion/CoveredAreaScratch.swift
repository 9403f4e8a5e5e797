/// The reusable buffers of one exact covered-area computation: the area of the union of k rectangles in
/// O(k log k), by a sweep over x with a segment tree over the distinct y edges that keeps, per interval, how many
/// rectangles cover it and how much of it is covered. Nothing is allocated once the buffers have grown: the
/// sorts are in-place heapsorts (the standard library's sort takes a temporary buffer).
final class CoveredAreaScratch {
    /// The rectangles to unite (clipped to the query's rect by the caller).
    var rects: [Rect] = []
    private var edges: [Double] = []
    private var events: [(x: Double, low: Int32, high: Int32, delta: Int32)] = []
    private var coverCount: [Int32] = []
    private var coveredLength: [Double] = []

    /// The area of the union of ``rects``.
    func unionArea() -> Double {
        edges.removeAll(keepingCapacity: true)
        for rect in rects {
            edges.append(rect.y)
            edges.append(rect.maxY)
        }
        Self.heapsort(&edges, by: <)
        var unique = 0
        for index in edges.indices where index == 0 || edges[index] != edges[unique - 1] {
            edges[unique] = edges[index]
            unique += 1
        }
        edges.removeSubrange(unique...)
        let intervals = edges.count - 1
        guard intervals > 0 else { return 0 }
        events.removeAll(keepingCapacity: true)
        for rect in rects where rect.width > 0 && rect.height > 0 {
            let low = Int32(position(of: rect.y))
            let high = Int32(position(of: rect.maxY))
            events.append((rect.x, low, high, 1))
            events.append((rect.maxX, low, high, -1))
        }
        guard !events.isEmpty else { return 0 }
        Self.heapsort(&events) { $0.x < $1.x }
        let size = 4 * intervals
        if coverCount.count < size {
            coverCount.append(contentsOf: repeatElement(0, count: size - coverCount.count))
            coveredLength.append(contentsOf: repeatElement(0, count: size - coveredLength.count))
        }
        for index in 0..<size {
            coverCount[index] = 0
            coveredLength[index] = 0
        }
        var area = 0.0
        var previous = events[0].x
        for event in events {
            if event.x > previous {
                area += coveredLength[1] * (event.x - previous)
                previous = event.x
            }
            update(1, 0, intervals, Int(event.low), Int(event.high), event.delta)
        }
        return area
    }

    /// The index of `value` among the distinct edges (it is one of them).
    private func position(of value: Double) -> Int {
        var low = 0
        var high = edges.count - 1
        while low < high {
            let middle = (low + high) / 2
            if edges[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Adds `delta` to the cover of edge intervals `[from, to)` within the tree node for `[low, high)`.
    private func update(_ node: Int, _ low: Int, _ high: Int, _ from: Int, _ to: Int, _ delta: Int32) {
        guard from < high, to > low else { return }
        if from <= low, high <= to {
            coverCount[node] += delta
        } else {
            let middle = (low + high) / 2
            update(2 * node, low, middle, from, to, delta)
            update(2 * node + 1, middle, high, from, to, delta)
        }
        if coverCount[node] > 0 {
            coveredLength[node] = edges[high] - edges[low]
        } else if high - low == 1 {
            coveredLength[node] = 0
        } else {
            coveredLength[node] = coveredLength[2 * node] + coveredLength[2 * node + 1]
        }
    }

    /// Sorts in place with a heapsort, which needs no scratch memory.
    private static func heapsort<Element>(_ values: inout [Element], by less: (Element, Element) -> Bool) {
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
