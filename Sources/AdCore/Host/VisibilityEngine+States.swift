extension VisibilityEngine {
    // MARK: States

    func growStorage() {
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

    func nextPass() {
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
    func ensureState(_ index: Int, nodes: UnsafeBufferPointer<HostTree.Node>) {
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
    func check(_ index: Int, parent: Int32, nodes: UnsafeBufferPointer<HostTree.Node>) {
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

    func isForeground(_ window: Int32) -> Bool {
        let index = Int(window)
        guard index >= 0, index < tree.windows.count else { return false }
        return tree.windows[index].isForeground && !tree.windows[index].isRemoved
    }

    // MARK: Scroll shortcuts

    /// A node's frame in its nearest clipping ancestor's content coordinates (no anchor when no ancestor clips, or
    /// when the chain up to it is deeper than a record's margin covers).
    func anchored(_ index: Int, nodes: UnsafeBufferPointer<HostTree.Node>) -> AnchoredRect {
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
    func isScrolledOut(_ record: AnchoredRect, nodes: UnsafeBufferPointer<HostTree.Node>) -> Bool {
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
}
