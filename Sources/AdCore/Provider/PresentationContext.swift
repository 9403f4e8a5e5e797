/// Where a full-screen ad is shown: the window of the host's context provider and the overlay node covering it.
///
/// ```swift
/// print(presentation.window, presentation.scene)
/// ```
public struct PresentationContext: Sendable, Hashable {
    /// The window of the host context provider (rule G4).
    public var window: HostWindowID
    /// That window's scene.
    public var scene: SceneID
    /// The opaque node covering the window while the ad is on screen.
    public var overlay: HostNodeID

    /// Creates a presentation context.
    public init(window: HostWindowID, scene: SceneID, overlay: HostNodeID) {
        self.window = window
        self.scene = scene
        self.overlay = overlay
    }
}
