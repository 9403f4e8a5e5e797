public import AdCore

/// The container a host renders a slider into: it binds the block's own assets, rendered directly inside its
/// content (rule Y6); the cards' ``NativeAdContainer``s go inside it too (rule Y7). It has no click (rule Y8).
///
/// ```swift
/// let slider = SliderAdContainer(state: sliderState, node: sliderNode)
/// try slider.bind(assets: layout.has(.sponsored) ? [.sponsored: sponsoredNode] : [:])
/// ```
@MainActor
public struct SliderAdContainer {
    /// The slider's state.
    public let state: SliderAdState
    /// The host node holding the block and its cards.
    public let node: HostNodeID

    /// Creates a container.
    public init(state: SliderAdState, node: HostNodeID) {
        self.state = state
        self.node = node
    }

    /// Binds the block's own asset nodes (rule Y9: a required block asset that is not rendered fails the block's
    /// binding and raises `onAdBindingFailure`; the cards may still bind).
    ///
    /// - Throws: `notReady` before the slider loaded; `bindingFailed` naming the missing required block assets;
    ///   `invalidBinder` for a container not in the tree.
    public func bind(assets: [AssetKind: HostNodeID] = [:]) throws(AdError) {
        try state.bindBlock(AdBinding(container: node, assets: assets))
    }

    /// Detaches the block (its cards stay bound until their own containers detach).
    public func detach() {
        guard let slider = state.phase.slider, slider.blockBinding?.container == node else { return }
        slider.detachBlock()
    }
}
