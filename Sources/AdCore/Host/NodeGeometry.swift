/// What the ``VisibilityEngine`` knows about one node after a pass: where it is and why it may not be seen.
///
/// ```swift
/// let geometry = engine.geometry(of: card)
/// if geometry.visibleRatio < 0.5 { print(geometry.zeroReason ?? .notEnoughVisible) }
/// ```
public struct NodeGeometry: Hashable, Sendable {
    /// Why a node's visible ratio is zero (or would not count).
    public enum Obstruction: String, Hashable, Sendable {
        /// The node is detached, or its window was removed.
        case notInWindow
        /// The node has no width or no height.
        case zeroSize
        /// The node or an ancestor is hidden.
        case hidden
        /// The node or an ancestor has an alpha below 0.01.
        case transparent
        /// The node's window (its scene) is in the background.
        case background
        /// The node lies entirely outside its window or its clipping ancestors (scrolled away).
        case clippedAway
        /// Opaque nodes drawn above cover the node entirely.
        case covered
    }

    /// The node's window, if it is in one.
    public var window: HostWindowID?
    /// The node's frame in its window's coordinates (before clipping).
    public var frameInWindow: Rect
    /// The part of the node inside its window and every clipping ancestor (before occlusion).
    public var clippedRect: Rect
    /// Visible area ÷ own area, in 0...1, after clipping and occlusion; 0 for any ``zeroReason``.
    public var visibleRatio: Double
    /// Whether the node and every ancestor accept touches.
    public var isInteractive: Bool
    /// The first reason the node is not visible at all, or `nil` when some of it is.
    public var zeroReason: Obstruction?
}
