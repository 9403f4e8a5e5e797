import AdCore
import AdEmbedded
import Testing

/// The one host-app frame of the test host, the demo and the simulator: its geometry and its node order.
@Suite("EmbeddedApp: the window, feed, toolbar and context every headless app is built on")
@MainActor
struct EmbeddedAppTests {
    @Test("The feed fills the window above the toolbar; the context is in the toolbar, in the key window")
    func feedAboveToolbarHoldingTheContext() throws {
        let tree = HostTree()
        let app = try EmbeddedApp(tree: tree, width: 390, height: 844, toolbarHeight: 60)
        #expect(app.viewport == 784)
        #expect(try tree.frameInWindow(of: app.feed) == Rect(x: 0, y: 0, width: 390, height: 784))
        let toolbar = try #require(app.toolbar)
        #expect(try tree.frameInWindow(of: toolbar.node) == Rect(x: 0, y: 784, width: 390, height: 60))
        #expect(try tree.parent(of: toolbar.context.node) == toolbar.node)
        #expect(try toolbar.context.presentationWindow(in: tree) == app.window)
        #expect(try tree.children(of: app.root) == [app.feed, toolbar.node])
        #expect(try tree.isKey(app.window))
        #expect(try tree.scene(of: app.window) == "main")
    }

    @Test("withToolbar returns the frame's own toolbar: the same nodes as the initializer with that height builds")
    func withToolbarMatchesTheInitializer() throws {
        let (app, toolbar) = try EmbeddedApp.withToolbar(tree: HostTree(), width: 390, height: 844, toolbarHeight: 60)
        let built = try EmbeddedApp(tree: HostTree(), width: 390, height: 844, toolbarHeight: 60)
        #expect(app.toolbar == toolbar)
        #expect(built.toolbar == toolbar)
        #expect(app.feed == built.feed)
        #expect(app.viewport == 784)
    }

    @Test("Without a toolbar height there is no toolbar: the feed fills the window and is the root's one child")
    func noToolbarByDefault() throws {
        let tree = HostTree()
        let app = try EmbeddedApp(tree: tree, width: 400, height: 800)
        #expect(app.toolbar == nil)
        #expect(app.viewport == 800)
        #expect(try tree.children(of: app.root) == [app.feed])
    }

    @Test("A toolbar of no height still holds the context, in the window")
    func zeroHeightToolbarHoldsTheContext() throws {
        let tree = HostTree()
        let app = try EmbeddedApp(tree: tree, width: 400, height: 800, toolbarHeight: 0)
        let toolbar = try #require(app.toolbar)
        #expect(app.viewport == 800)
        #expect(try tree.frameInWindow(of: toolbar.node) == Rect(x: 0, y: 800, width: 400, height: 0))
        #expect(try toolbar.context.presentationWindow(in: tree) == app.window)
    }

    @Test("A toolbar as tall as the window leaves a feed of 1 point; a negative height counts as none")
    func viewportBoundaries() throws {
        let tall = try EmbeddedApp(tree: HostTree(), width: 100, height: 200, toolbarHeight: 200)
        #expect(tall.viewport == 1)
        let negative = try EmbeddedApp(tree: HostTree(), width: 100, height: 200, toolbarHeight: -5)
        #expect(negative.viewport == 200)
        #expect(negative.toolbar != nil)
    }

    @Test("The same frame has the same node IDs in every tree: feed, toolbar, context, in that order")
    func nodeOrderIsStable() throws {
        let first = try EmbeddedApp(tree: HostTree(), width: 390, height: 844, toolbarHeight: 60)
        let second = try EmbeddedApp(tree: HostTree(), width: 320, height: 568, toolbarHeight: 0)
        #expect(first.feed == second.feed)
        #expect(first.toolbar == second.toolbar)
        let toolbar = try #require(first.toolbar)
        #expect(first.feed.rawValue < toolbar.node.rawValue)
        #expect(toolbar.node.rawValue < toolbar.context.node.rawValue)
    }
}
