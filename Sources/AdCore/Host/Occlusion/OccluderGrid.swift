/// One window's occluders (opaque, visible nodes, by their visible rect), bucketed into a grid of cells so a query
/// reads only the occluders near its rect, and updated one occluder at a time when it moves.
///
/// Cells hold `(slot, version)` entries: removing an occluder bumps its slot's version, which makes its entries
/// stale at once (O(1) per cell); a cell is compacted when its stale entries outnumber its live ones, so memory
/// follows the live occluders. The grid has at most 64 × 64 cells whatever the window's size (rule R3).
struct OccluderGrid {
    private struct Slot {
        var node: Int32 = -1
        var rect = Rect.zero
        var version: UInt32 = 0
        var isLive = false
        var columns = 0...0
        var rows = 0...0
        var stamp: UInt32 = 0
    }

    private(set) var columns = 1
    private(set) var rows = 1
    private var cellWidth = cellSize
    private var cellHeight = cellSize
    private var cells: [[UInt64]] = [[]]
    private var liveInCell: [Int32] = [0]
    private var slots: [Slot] = []
    private var freeSlots: [Int32] = []
    private var queryStamp: UInt32 = 0
    private var bounds = Rect.zero

    /// The number of live occluders.
    private(set) var count = 0

    /// The preferred cell size, in points.
    static let cellSize = 64.0
    /// At most this many columns and rows.
    static let maximumDimension = 64

    /// Sizes the grid for a window's bounds; returns whether the cells changed (then ``reinsertAll()``).
    mutating func fit(_ bounds: Rect) -> Bool {
        guard bounds != self.bounds else { return false }
        self.bounds = bounds
        columns = Self.dimension(bounds.width)
        rows = Self.dimension(bounds.height)
        cellWidth = Swift.max(Self.cellSize, bounds.width / Double(columns))
        cellHeight = Swift.max(Self.cellSize, bounds.height / Double(rows))
        return true
    }

    /// Re-buckets every live occluder (after ``fit(_:)`` changed the cells).
    mutating func reinsertAll() {
        let cellCount = columns * rows
        cells = Array(repeating: [], count: cellCount)
        liveInCell = Array(repeating: 0, count: cellCount)
        for slot in slots.indices where slots[slot].isLive { bucket(Int32(slot)) }
    }

    /// Adds an occluder; returns its slot (keep it to remove the occluder).
    mutating func insert(_ node: Int32, rect: Rect) -> Int32 {
        let slot: Int32
        if let free = freeSlots.popLast() {
            slot = free
        } else {
            slot = Int32(slots.count)
            slots.append(Slot())
        }
        slots[Int(slot)].node = node
        slots[Int(slot)].rect = rect
        slots[Int(slot)].isLive = true
        slots[Int(slot)].version &+= 1
        count += 1
        bucket(slot)
        return slot
    }

    /// A live occluder's rect, by its slot (`nil` for a free slot).
    func rect(of slot: Int32) -> Rect? {
        let index = Int(slot)
        guard index >= 0, index < slots.count, slots[index].isLive else { return nil }
        return slots[index].rect
    }

    /// Removes an occluder by its slot; its cell entries go stale at once.
    mutating func remove(_ slot: Int32) {
        let index = Int(slot)
        guard index >= 0, index < slots.count, slots[index].isLive else { return }
        slots[index].isLive = false
        slots[index].version &+= 1
        count -= 1
        for row in slots[index].rows {
            for column in slots[index].columns { liveInCell[row * columns + column] -= 1 }
        }
        freeSlots.append(slot)
    }

    /// Calls `body` once for each live occluder whose rect may meet `rect` (a zero-size rect: a point).
    mutating func forEachCandidate(in rect: Rect, _ body: (Int32, Rect) -> Void) {
        guard count > 0 else { return }
        queryStamp &+= 1
        if queryStamp == 0 {
            for slot in slots.indices { slots[slot].stamp = 0 }
            queryStamp = 1
        }
        let range = cellRange(of: rect)
        for row in range.rows {
            for column in range.columns {
                let cell = row * columns + column
                var stale = 0
                // By index, read in place: iterating `cells[cell]` itself retained and released the cell's array on
                // every cell of every query (the loop mutates `slots`, so the array was copied out first).
                for position in 0..<cells[cell].count {
                    let entry = cells[cell][position]
                    let slot = Int(entry >> 32)
                    guard slots[slot].version == UInt32(truncatingIfNeeded: entry), slots[slot].isLive else {
                        stale += 1
                        continue
                    }
                    guard slots[slot].stamp != queryStamp else { continue }
                    slots[slot].stamp = queryStamp
                    body(slots[slot].node, slots[slot].rect)
                }
                if stale > Int(liveInCell[cell]) + 8 { compact(cell) }
            }
        }
    }

    private mutating func bucket(_ slot: Int32) {
        let index = Int(slot)
        let range = cellRange(of: slots[index].rect)
        slots[index].columns = range.columns
        slots[index].rows = range.rows
        let entry = UInt64(UInt32(bitPattern: slot)) << 32 | UInt64(slots[index].version)
        for row in range.rows {
            for column in range.columns {
                let cell = row * columns + column
                cells[cell].append(entry)
                liveInCell[cell] += 1
                if cells[cell].count > 2 * Int(liveInCell[cell]) + 8 { compact(cell) }
            }
        }
    }

    /// Drops a cell's stale entries.
    private mutating func compact(_ cell: Int) {
        let slots = self.slots
        cells[cell].removeAll { entry in
            let slot = Int(entry >> 32)
            return slots[slot].version != UInt32(truncatingIfNeeded: entry) || !slots[slot].isLive
        }
    }

    private static func dimension(_ length: Double) -> Int {
        let cells = (length / cellSize).rounded(.up)
        return cells >= Double(maximumDimension) ? maximumDimension : Swift.max(1, Int(cells))
    }

    private func cellRange(of rect: Rect) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>) {
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
