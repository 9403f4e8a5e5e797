/// The host's presentation anchor for full-screen ads (rules G2-G5): a zero-size node the host places in its own
/// tree. A full-screen ad is presented in the window this node is in; AdBridge never looks for a "first window".
///
/// It is the headless counterpart of a `UIViewControllerRepresentable` holding a root view controller.
///
/// ```swift
/// let context = try HostContextProvider(tree: tree)
/// try tree.addChild(context.node, to: screenContent)   // takes no room (G5)
/// try ad.present(from: context)                          // in the node's window (G4)
/// ```
@MainActor
public struct HostContextProvider: Sendable, Hashable {
    /// The zero-size node to place in the host's tree.
    public let node: HostNodeID

    /// Creates the context's node (detached; the host adds it where its screen is).
    public init(tree: HostTree) throws(AdError) {
        node = try tree.makeNode(frame: .zero)
    }

    /// Wraps an existing zero-size node.
    public init(node: HostNodeID) { self.node = node }

    /// The window to present in.
    ///
    /// - Throws: `presenterNotInWindow` when the node is detached or its window was removed (G3);
    ///   `invalidRequest` when the node is not zero-sized (G5).
    public func presentationWindow(in tree: HostTree) throws(AdError) -> HostWindowID {
        guard let anchor = tree.node(node) else {
            throw AdError(
                .presenterNotInWindow, "The host context node \(node) is not in this host tree.",
                hint: "Create the HostContextProvider with the same HostTree the ad host uses.")
        }
        let frame = anchor.frame
        guard frame.width == 0, frame.height == 0 else {
            throw AdError(
                .invalidRequest, "The host context node must take no room, but its frame is \(frame).",
                hint: "Keep the context provider zero-sized (G5); place it in the background of the screen.")
        }
        guard let window = anchor.window else {
            throw AdError(
                .presenterNotInWindow, "The host context node \(node) is not in any window.",
                hint: "Add the HostContextProvider's node to the screen that presents the ad before presenting (G3).")
        }
        return window
    }
}
