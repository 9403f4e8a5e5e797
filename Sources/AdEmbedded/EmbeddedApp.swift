public import AdCore

/// A headless app's frame, the one host-app builder of the test host, the demo and the simulator: one key,
/// foreground window of the "main" scene; a scrolling, clipping feed filling the window above an optional toolbar
/// at its bottom; and in the toolbar the zero-size context full-screen ads are presented from.
///
/// The nodes are made in that order (the feed, the toolbar, the context), so the same frame has the same node IDs
/// everywhere. A toolbar of no height still holds the context. What the app puts in the feed (its cells) and in the
/// toolbar (its buttons) is the caller's.
///
/// ```swift
/// let app = try EmbeddedApp(tree: host.tree, width: 390, height: 844, toolbarHeight: 60)
/// let cell = try host.tree.makeNode(frame: Rect(x: 0, y: 140, width: 390, height: 300))
/// try host.tree.addChild(cell, to: app.feed)
/// if let toolbar = app.toolbar { try rewarded.present(from: toolbar.context) }   // or: withToolbar(...)
/// ```
@MainActor
public struct EmbeddedApp {
    /// The toolbar at the window's bottom and the context in it.
    public struct Toolbar: Sendable, Hashable {
        /// The opaque toolbar node.
        public let node: HostNodeID
        /// Where full-screen ads are presented from: a zero-size node in the toolbar.
        public let context: HostContextProvider
    }

    /// The window.
    public let window: HostWindowID
    /// The window's root node.
    public let root: HostNodeID
    /// The feed, filling the window above the toolbar; its bounds origin is the scroll offset.
    public let feed: HostNodeID
    /// The toolbar, when the app was built with a toolbar height.
    public let toolbar: Toolbar?
    /// The height of the feed: the window's less the toolbar's, at least 1 point.
    public let viewport: Double

    /// Builds the frame in `tree`: a `width`×`height` window, the feed, and a toolbar of `toolbarHeight` points
    /// (a negative height counts as zero) unless it is `nil`.
    ///
    /// - Throws: what the tree refuses (it does not, for a new window).
    public init(tree: HostTree, width: Double, height: Double, toolbarHeight: Double? = nil) throws(AdError) {
        if let toolbarHeight {
            self = try Self.withToolbar(tree: tree, width: width, height: height, toolbarHeight: toolbarHeight).app
            return
        }
        viewport = max(height, 1)
        (window, root, feed) = try Self.makeWindowAndFeed(in: tree, width: width, height: height, viewport: viewport)
        toolbar = nil
    }

    /// Builds a frame with a toolbar of `toolbarHeight` points (a negative height counts as zero) and returns the
    /// toolbar beside it, for an app whose buttons and context live there.
    ///
    /// ```swift
    /// let (app, toolbar) = try EmbeddedApp.withToolbar(tree: tree, width: 390, height: 844, toolbarHeight: 60)
    /// try rewarded.present(from: toolbar.context)
    /// ```
    ///
    /// - Throws: what the tree refuses (it does not, for a new window).
    public static func withToolbar(
        tree: HostTree, width: Double, height: Double, toolbarHeight: Double
    ) throws(AdError) -> (app: EmbeddedApp, toolbar: Toolbar) {
        let barHeight = max(toolbarHeight, 0)
        let viewport = max(height - barHeight, 1)
        let (window, root, feed) = try makeWindowAndFeed(in: tree, width: width, height: height, viewport: viewport)
        let node = try tree.makeNode(frame: Rect(x: 0, y: viewport, width: width, height: barHeight), isOpaque: true)
        try tree.addChild(node, to: root)
        let context = try HostContextProvider(tree: tree)
        try tree.addChild(context.node, to: node)
        let toolbar = Toolbar(node: node, context: context)
        return (EmbeddedApp(window: window, root: root, feed: feed, toolbar: toolbar, viewport: viewport), toolbar)
    }

    private init(window: HostWindowID, root: HostNodeID, feed: HostNodeID, toolbar: Toolbar?, viewport: Double) {
        self.window = window
        self.root = root
        self.feed = feed
        self.toolbar = toolbar
        self.viewport = viewport
    }

    /// The window and the feed filling its top `viewport` points.
    private static func makeWindowAndFeed(
        in tree: HostTree, width: Double, height: Double, viewport: Double
    ) throws(AdError) -> (HostWindowID, HostNodeID, HostNodeID) {
        let window = tree.addWindow(
            scene: "main", frame: Rect(x: 0, y: 0, width: width, height: height), isKey: true)
        let root = try tree.rootNode(of: window)
        let feed = try tree.makeNode(frame: Rect(x: 0, y: 0, width: width, height: viewport), clipsToBounds: true)
        try tree.addChild(feed, to: root)
        return (window, root, feed)
    }
}
