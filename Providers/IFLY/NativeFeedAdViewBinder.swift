public import AdCore

/// How the host attaches a rendered IFLY ad (rule I7): the container (required), the render views, the click
/// views, the close view, the video view, and whether click views may lie outside the container.
///
/// ```swift
/// var binder = NativeFeedAdViewBinder(containerView: card)
/// binder.renderViews = [.media: media, .title: title, .badge: badge]
/// binder.clickViews = data.interactionType.isClickable ? [cta] : []
/// binder.closeView = close
/// binder.videoView = data.materialType == .video ? media : nil
/// try ad.attach(with: binder)
/// ```
public struct NativeFeedAdViewBinder: Sendable, Hashable {
    /// The ad's container (required): its visibility decides the exposure.
    public var containerView: HostNodeID?
    /// The views the host rendered the ad data into, by asset; all inside the container (I10). The ad-source
    /// badge (`.badge`) is required (I5).
    public var renderViews: [AssetKind: HostNodeID]
    /// The views that really are clickable (I9): none for exposure-only and unknown ads.
    public var clickViews: [HostNodeID]
    /// The close button: it closes the ad and never counts as a click (I15).
    public var closeView: HostNodeID?
    /// A plain view the SDK plays video in (required for video material, I8).
    public var videoView: HostNodeID?
    /// Whether a call-to-action may lie outside the container (I11).
    public var allowsExternalClickViews: Bool

    /// Creates a binder.
    public init(
        containerView: HostNodeID?,
        renderViews: [AssetKind: HostNodeID] = [:],
        clickViews: [HostNodeID] = [],
        closeView: HostNodeID? = nil,
        videoView: HostNodeID? = nil,
        allowsExternalClickViews: Bool = false
    ) {
        self.containerView = containerView
        self.renderViews = renderViews
        self.clickViews = clickViews
        self.closeView = closeView
        self.videoView = videoView
        self.allowsExternalClickViews = allowsExternalClickViews
    }

    /// The unified binding, or `nil` without a container.
    public var binding: AdBinding? {
        guard let containerView else { return nil }
        return AdBinding(
            container: containerView, assets: renderViews, clickViews: clickViews, closeView: closeView,
            videoView: videoView, allowsExternalClickViews: allowsExternalClickViews)
    }
}
