extension HostTree {
    // MARK: Checks

    func checkNoCycle(_ child: Int32, _ parent: Int32) throws(AdError) {
        var index = parent
        while index >= 0 {
            if index == child {
                throw hostError(
                    "Adding \(HostNodeID(rawValue: child)) under \(HostNodeID(rawValue: parent)) would make a cycle.",
                    hint: "A node cannot be placed inside itself or one of its descendants."
                )
            }
            index = nodes[Int(index)].parent
        }
    }

    func checked(_ node: HostNodeID) throws(AdError) -> Int32 {
        guard contains(node) else {
            throw hostError("\(node) is not a node of this host tree.", hint: "Use IDs returned by makeNode(frame:).")
        }
        return node.rawValue
    }

    /// The node `node` names, or `invalidHostTree` when it names none.
    func checkedNode(_ node: HostNodeID) throws(AdError) -> HostNode {
        HostNode(id: HostNodeID(rawValue: try checked(node)), tree: self)
    }

    func checkedWindow(_ window: HostWindowID) throws(AdError) -> Int32 {
        guard window.rawValue >= 0, Int(window.rawValue) < windows.count, !windows[Int(window.rawValue)].isRemoved
        else {
            throw hostError("\(window) is not a window of this host tree.", hint: "Use IDs returned by addWindow.")
        }
        return window.rawValue
    }

    func checkedWindowValue(_ window: HostWindowID) throws(AdError) -> Window {
        windows[Int(try checkedWindow(window))]
    }

    func validate(_ frame: Rect, what: String) throws(AdError) {
        guard frame.isValid else {
            throw hostError(
                "Invalid \(what) \(frame): coordinates must be finite and at most \(Rect.maximumCoordinate) points "
                    + "in magnitude, and sizes not negative.",
                hint: "Check the layout that produced it (NaN often comes from a division by a zero size)."
            )
        }
    }

    func hostError(_ message: String, hint: String) -> AdError {
        AdError(.invalidHostTree, message, hint: hint)
    }
}
