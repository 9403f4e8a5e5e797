/// How a host attaches a native ad: the container it rendered and the node of every asset inside it.
///
/// ```swift
/// let binding = AdBinding(
///     container: card,
///     assets: [.title: titleNode, .sponsored: sponsoredNode, .callToAction: ctaNode],
///     clickViews: [ctaNode, titleNode],
///     closeView: closeNode
/// )
/// try ad.bind(binding)
/// ```
public struct AdBinding: Sendable, Hashable {
    /// The node that holds the whole ad: its visibility decides the impression.
    public var container: HostNodeID
    /// The node rendered for each asset.
    public var assets: [AssetKind: HostNodeID]
    /// The nodes that open the ad when tapped.
    public var clickViews: [HostNodeID]
    /// The close button, which never counts as an ad click.
    public var closeView: HostNodeID?
    /// A plain node the provider plays video in.
    public var videoView: HostNodeID?
    /// Whether click views outside the container are allowed (IFLY's `allowsExternalClickViews`, rule I11).
    public var allowsExternalClickViews: Bool

    /// Creates a binding.
    public init(
        container: HostNodeID,
        assets: [AssetKind: HostNodeID] = [:],
        clickViews: [HostNodeID] = [],
        closeView: HostNodeID? = nil,
        videoView: HostNodeID? = nil,
        allowsExternalClickViews: Bool = false
    ) {
        self.container = container
        self.assets = assets
        self.clickViews = clickViews
        self.closeView = closeView
        self.videoView = videoView
        self.allowsExternalClickViews = allowsExternalClickViews
    }
}
