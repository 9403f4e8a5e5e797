extension VisibilityEngine {
    // MARK: Occluders

    /// Moves the occluders that hang below a change, the cheaper of two ways: walking each change's subtree
    /// (skipping every branch without an opaque node: the cost of what changed), or checking each opaque node of
    /// the tree for a change on its chain (the cost of the occluders, when a change moved more nodes than there are
    /// occluders: a scrolled list of cards).
    func updateOccluders() {
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

    func rebuildGrid(_ window: Int) {
        grids[window].reinsertAll()
    }

    // MARK: Drawing order

    /// Stamps the node's ancestors with the position of the child it descends through at each (see
    /// ``isDrawnAbove(_:)``).
    func markPath(of node: Int) {
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
    func isDrawnAbove(_ occluder: Int32) -> Bool {
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
    func coveredArea(of rect: Rect, by node: Int, in window: Int) -> Double {
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
