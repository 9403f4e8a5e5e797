/// The conditions an external click view (a call-to-action outside the ad's container) must meet at the
/// moment of the click (rule I12), as one reusable check that reports *which* condition failed.
///
/// The container's minimum visible ratio is a parameter (IFLY: 2/3), not a special case.
///
/// ```swift
/// let rule = ExternalClickRule(minimumContainerRatio: 2.0 / 3.0)
/// if let failure = rule.firstFailure(clickView: cta, container: card, ownership: recorded, engine: engine) {
///     print("[71503/\(failure.rawValue)]")
/// }
/// ```
public struct ExternalClickRule: Sendable, Hashable {
    /// A condition of rule I12 (and I28's ownership), in the order they are checked.
    public enum Failure: String, Sendable, Hashable, CaseIterable {
        /// The click view is in no window, or not in the ad's window.
        case window
        /// The click view's window belongs to another scene than the ad's.
        case scene
        /// The click view has no width or no height.
        case size
        /// The click view (or an ancestor) is hidden or transparent, scrolled away or covered.
        case hidden
        /// The click view (or an ancestor) does not accept touches.
        case interaction
        /// The ad's window is not in the foreground.
        case foreground
        /// The ad's container is less visible than the minimum ratio.
        case visibility
        /// The click view is a window, a root node or covers a page-level area (``isPageLevel(_:container:window:)``).
        case root
        /// The click view moved since it was attached (re-parented, shared, floating).
        case ownership
    }

    /// The share of the container that must be visible when an external click view is tapped.
    public var minimumContainerRatio: Double

    /// The share of the window's area from which a click view is a page-level area, not a compact
    /// call-to-action (rules I12, I28).
    public var pageLevelWindowShare: Double

    /// Creates the rule.
    ///
    /// - Parameters:
    ///   - minimumContainerRatio: the share of the container that must be visible at the click (IFLY: 2/3).
    ///   - pageLevelWindowShare: the share of the window's area from which a click view is page-level (1/2).
    public init(minimumContainerRatio: Double = 2.0 / 3.0, pageLevelWindowShare: Double = 0.5) {
        self.minimumContainerRatio = minimumContainerRatio
        self.pageLevelWindowShare = pageLevelWindowShare
    }

    /// Whether a click view with `frame` covers a page-level area rather than being a compact call-to-action
    /// (rules I12, I28): at least ``pageLevelWindowShare`` of the window's area, or more than the ad's container.
    /// The one definition both the attach-time binder check and the click-time check use.
    public func isPageLevel(_ frame: Rect, container: Rect, window: Rect) -> Bool {
        let area = frame.width * frame.height
        return area > container.width * container.height || area >= window.width * window.height * pageLevelWindowShare
    }

    /// Where a click view sat when the ad was attached (rule I28): its ancestor path, and each node's placement
    /// counter, so a view re-parented and put back is still caught.
    ///
    /// An external click view's path runs up to its window's root. A click view inside the container is recorded
    /// up to the container only, so the host may move the whole card with its click views, but moving a click
    /// view out of the container (a floating or shared call-to-action) or elsewhere inside it breaks ownership.
    public struct Ownership: Sendable, Hashable {
        /// The click view and its ancestors at attach time, the view first (up to the container, when
        /// ``container`` is set).
        public var ancestorPath: [HostNodeID]
        /// The placement counter of each node of ``ancestorPath``, except the container's own.
        public var placements: [UInt32]
        /// The container the path ends at, for a click view that was inside it; `nil` for an external one.
        public var container: HostNodeID?

        /// Records an external click view's current ancestor path, up to its window's root.
        ///
        /// - Throws: `invalidHostTree` when the view is not in the tree.
        @MainActor
        public init(recording clickView: HostNodeID, in tree: HostTree) throws(AdError) {
            self.init(recording: try tree.checkedNode(clickView), container: nil, in: tree)
        }

        /// Records a click view of an ad bound to `container`: up to the container for a view inside it,
        /// up to the window's root for an external one.
        ///
        /// - Throws: `invalidHostTree` when the view is not in the tree.
        @MainActor
        public init(recording clickView: HostNodeID, container: HostNodeID, in tree: HostTree) throws(AdError) {
            self.init(recording: try tree.checkedNode(clickView), container: container, in: tree)
        }

        /// The view's path, cut at `container` when it lies inside it, and the path's placements; the container's
        /// own is left out, so the card may move with its click views.
        @MainActor
        private init(recording clickView: HostNode, container: HostNodeID?, in tree: HostTree) {
            var path = clickView.ancestorPath
            var end: HostNodeID?
            if let container, let position = path.firstIndex(of: container) {
                path.removeSubrange((position + 1)...)
                end = container
            }
            ancestorPath = path
            placements = (end == nil ? path[...] : path.dropLast()).compactMap { tree.node($0)?.placement }
            self.container = end
        }

        /// Whether the view still sits where it was recorded, never moved in between.
        @MainActor
        public func holds(in tree: HostTree) -> Bool {
            guard let first = ancestorPath.first, let view = tree.node(first) else { return false }
            // A view that left the container records without one, so it no longer equals this record.
            return Ownership(recording: view, container: container, in: tree) == self
        }
    }

    /// The first condition the click breaks, or `nil` when the click may count.
    ///
    /// - Parameters:
    ///   - clickView: the view the user clicked.
    ///   - container: the ad's container.
    ///   - ownership: where the view was recorded at attach; `nil` skips the ownership check (the
    ///     ``ClickValidator`` refuses an external click view that has no record before it gets here).
    ///   - engine: the visibility engine that measures how much of the view is on screen.
    @MainActor
    public func firstFailure(
        clickView: HostNodeID,
        container: HostNodeID,
        ownership: Ownership?,
        engine: VisibilityEngine
    ) -> Failure? {
        let tree = engine.tree
        let view = engine.geometry(of: clickView)
        let ad = engine.geometry(of: container)
        guard let viewWindow = view.window, let adWindow = ad.window else { return .window }
        if viewWindow != adWindow {
            let sameScene = tree.window(viewWindow)?.scene == tree.window(adWindow)?.scene
            return sameScene ? .window : .scene
        }
        if view.frameInWindow.isEmpty { return .size }
        if tree.node(clickView)?.isWindowRoot != false { return .root }
        switch view.zeroReason {
        case .hidden?, .transparent?, .clippedAway?, .covered?: return .hidden
        case .background?: return .foreground
        case .zeroSize?: return .size
        case .notInWindow?: return .window
        case nil: break
        }
        if !view.isInteractive { return .interaction }
        if tree.window(adWindow)?.isForeground != true { return .foreground }
        if ad.visibleRatio + 1e-9 < minimumContainerRatio { return .visibility }
        if let windowFrame = tree.window(adWindow)?.frame,
            isPageLevel(view.frameInWindow, container: ad.frameInWindow, window: windowFrame)
        {
            return .root
        }
        if let ownership, ownership.ancestorPath.first != clickView || !ownership.holds(in: tree) { return .ownership }
        return nil
    }
}
