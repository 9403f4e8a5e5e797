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
        /// The click view is a window or a root (page-level) node.
        case root
        /// The click view moved since it was attached (re-parented, shared, floating).
        case ownership
    }

    /// The share of the container that must be visible when an external click view is tapped.
    public var minimumContainerRatio: Double

    /// Creates the rule.
    public init(minimumContainerRatio: Double = 2.0 / 3.0) { self.minimumContainerRatio = minimumContainerRatio }

    /// Where an external click view sat when the ad was attached (rule I28): its ancestor path, and each
    /// node's placement counter, so a view re-parented and put back is still caught.
    public struct Ownership: Sendable, Hashable {
        /// The click view and its ancestors at attach time, the view first.
        public var ancestorPath: [HostNodeID]
        /// The placement counter of each node of ``ancestorPath``.
        public var placements: [UInt32]

        /// Records the click view's current ancestor path.
        @MainActor
        public init(recording clickView: HostNodeID, in tree: HostTree) throws(AdError) {
            ancestorPath = try tree.ancestorPath(of: clickView)
            var placements: [UInt32] = []
            for node in ancestorPath { placements.append(try tree.placement(of: node)) }
            self.placements = placements
        }

        /// Whether the view still sits where it was recorded, never moved in between.
        @MainActor
        public func holds(in tree: HostTree) -> Bool {
            guard let view = ancestorPath.first else { return false }
            return (try? Ownership(recording: view, in: tree)) == self
        }
    }

    /// The first condition the click breaks, or `nil` when the click may count.
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
            let sameScene = (try? tree.scene(of: viewWindow)) == (try? tree.scene(of: adWindow))
            return sameScene ? .window : .scene
        }
        if view.frameInWindow.isEmpty { return .size }
        if (try? tree.isWindowRoot(clickView)) != false { return .root }
        switch view.zeroReason {
        case .hidden?, .transparent?, .clippedAway?, .covered?: return .hidden
        case .background?: return .foreground
        case .zeroSize?: return .size
        case .notInWindow?: return .window
        case nil: break
        }
        if !view.isInteractive { return .interaction }
        if (try? tree.isForeground(adWindow)) != true { return .foreground }
        if ad.visibleRatio + 1e-9 < minimumContainerRatio { return .visibility }
        if let windowFrame = try? tree.frame(of: adWindow), view.frameInWindow.width >= windowFrame.width,
            view.frameInWindow.height >= windowFrame.height
        {
            return .root
        }
        if let ownership, ownership.ancestorPath.first != clickView || !ownership.holds(in: tree) { return .ownership }
        return nil
    }
}
