/// The boundary a UI-toolkit bridge drives: every change a host's layout can make, as one protocol.
///
/// AdBridge decides visibility, impressions and clicks from a ``HostTree``. A UIKit or SwiftUI bridge (or a test
/// double that records what a bridge does) is written against `some HostModel`, mirroring the views that matter
/// into nodes and keeping their frames, scroll offsets, flags and window activation current; ``HostTree`` is the
/// implementation AdBridge reads. Every call is on the main actor, and every mistake is a typed `invalidHostTree`
/// error that leaves the model unchanged.
///
/// ```swift
/// @MainActor func mirror(card: CardView, into model: some HostModel, under parent: HostNodeID) throws(AdError) {
///     let node = try model.makeNode(frame: card.frame, isOpaque: card.isOpaque, clipsToBounds: card.clips)
///     try model.addChild(node, to: parent, at: nil)
/// }
/// ```
@MainActor
public protocol HostModel: AnyObject {
    /// Adds a window (with its root node) of a scene.
    @discardableResult
    func addWindow(scene: SceneID, frame: Rect, isForeground: Bool, isKey: Bool) -> HostWindowID
    /// The root node of a window, under which the host's content goes.
    func rootNode(of window: HostWindowID) throws(AdError) -> HostNodeID
    /// Moves one window to the foreground or the background.
    func setForeground(_ window: HostWindowID, _ isForeground: Bool) throws(AdError)
    /// Moves every window of a scene to the foreground or the background.
    func setSceneForeground(_ scene: SceneID, _ isForeground: Bool)
    /// Makes a window the key window.
    func makeKey(_ window: HostWindowID) throws(AdError)
    /// Resizes a window.
    func setFrame(of window: HostWindowID, _ frame: Rect) throws(AdError)
    /// Removes a window; its nodes are then in no window.
    func removeWindow(_ window: HostWindowID) throws(AdError)

    /// Creates a detached node.
    func makeNode(frame: Rect, isOpaque: Bool, clipsToBounds: Bool) throws(AdError) -> HostNodeID
    /// Adds a detached node under a parent (last, or at an index among its children).
    func addChild(_ child: HostNodeID, to parent: HostNodeID, at index: Int?) throws(AdError)
    /// Re-parents a node in one step.
    func move(_ node: HostNodeID, to parent: HostNodeID, at index: Int?) throws(AdError)
    /// Detaches a node and its subtree.
    func removeFromParent(_ node: HostNodeID) throws(AdError)
    /// Moves a node above its siblings.
    func bringToFront(_ node: HostNodeID) throws(AdError)
    /// Sets a node's frame in its parent's coordinates.
    func setFrame(_ node: HostNodeID, _ frame: Rect) throws(AdError)
    /// Sets a scrolling node's content offset.
    func setBoundsOrigin(_ node: HostNodeID, _ origin: Point) throws(AdError)
    /// Hides or shows a node.
    func setHidden(_ node: HostNodeID, _ isHidden: Bool) throws(AdError)
    /// Sets a node's opacity.
    func setAlpha(_ node: HostNodeID, _ alpha: Double) throws(AdError)
    /// Enables or disables touches on a node.
    func setUserInteractionEnabled(_ node: HostNodeID, _ isEnabled: Bool) throws(AdError)
    /// Makes a node clip its subtree, or not.
    func setClipsToBounds(_ node: HostNodeID, _ clips: Bool) throws(AdError)
    /// Declares a node opaque, or not.
    func setOpaque(_ node: HostNodeID, _ isOpaque: Bool) throws(AdError)
}

extension HostTree: HostModel {}
