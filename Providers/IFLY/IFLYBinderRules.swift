import AdCore

/// IFLY's attach-time view-binder rules (I8-I11, I15, I28), checked after the unified layer's own checks.
///
/// Click-view failures carry 71503 and a hint `[71503/<point>]`; other binder failures are `invalidBinder`.
@MainActor
struct IFLYBinderRules {
    let geometry: HostGeometry
    let providerID: ProviderID

    func check(_ binding: AdBinding, data: NativeFeedAdData) throws(AdError) {
        let container = binding.container
        // I10: render views, close view and video view lie inside the container.
        for (kind, node) in binding.assets.sorted(by: { $0.key.rawValue < $1.key.rawValue })
        where !isInside(node, container) {
            throw binderError("The render view for \(kind) (\(node)) is not inside the container.", "renderViews")
        }
        if let close = binding.closeView, close == container || !isInside(close, container) {
            throw binderError("The close view \(close) is not inside the container.", "closeView")
        }
        if let video = binding.videoView, !isInside(video, container) {
            throw binderError("The video view \(video) is not inside the container.", "videoView")
        }
        // I8: video material needs a plain host view to play in.
        if data.materialType == .video {
            guard let video = binding.videoView else {
                throw binderError("Video material needs a video view; the binder has none.", "videoView")
            }
            let isPlain =
                video != container && geometry.children(of: video)?.isEmpty != false
                && !binding.clickViews.contains(video) && video != binding.closeView
            guard isPlain else {
                throw binderError(
                    "The video view \(video) is not a plain view (it is the container, has subviews, or is a click "
                        + "or close view).", "videoView")
            }
        }
        // I15: the close view is never an ad click: not listed as one, not inside one (a tap on the close button
        // would land in the click view around it) and not around one.
        if let close = binding.closeView {
            if binding.clickViews.contains(close) {
                throw clickViewError("The close view \(close) is also a click view.", "close")
            }
            // The container and window roots are refused as click views below ("root"), whatever they hold.
            for node in binding.clickViews where node != container && geometry.isWindowRoot(node) != true {
                if geometry.isDescendant(close, of: node) {
                    throw clickViewError(
                        "The close view \(close) is inside the click view \(node): a tap on close would click the ad.",
                        "close")
                }
                if geometry.isDescendant(node, of: close) {
                    throw clickViewError(
                        "The click view \(node) is inside the close view \(close): the close button would click the ad.",
                        "close")
                }
            }
        }
        if Set(binding.clickViews).count != binding.clickViews.count {
            throw clickViewError("A click view is listed twice.", "duplicate")
        }
        // I9: exposure-only and unknown ads take no click views; the others only really clickable ones.
        if !data.interactionType.isClickable, !binding.clickViews.isEmpty {
            throw clickViewError(
                "The ad's interactionType is \(data.interactionType): it takes no click views, "
                    + "\(binding.clickViews.count) given.", "interactionType")
        }
        for node in binding.clickViews {
            if node == container || geometry.isWindowRoot(node) == true {
                throw clickViewError("\(node) is the container or a window root, not a click view.", "root")
            }
            let nodeGeometry = geometry.geometry(of: node)
            switch nodeGeometry.zeroReason {
            case .hidden?, .transparent?, .zeroSize?:
                throw clickViewError(
                    "\(node) is not clickable (\(nodeGeometry.zeroReason?.rawValue ?? "")).", "clickable")
            default: break
            }
            if !nodeGeometry.isInteractive {
                throw clickViewError("\(node) does not accept touches.", "clickable")
            }
            if !isInside(node, container) { try checkExternal(node, binding) }
        }
    }

    /// I11 and I28: an external call-to-action needs `allowsExternalClickViews` and must be a compact neighbour
    /// of the container in its window, never a floating or page-level view.
    private func checkExternal(_ node: HostNodeID, _ binding: AdBinding) throws(AdError) {
        guard binding.allowsExternalClickViews else {
            throw clickViewError(
                "\(node) lies outside the container and allowsExternalClickViews is false.", "external")
        }
        guard let nodeWindow = geometry.window(of: node), nodeWindow == geometry.window(of: binding.container) else {
            throw clickViewError("\(node) is not in the ad's window.", "window")
        }
        let nodePath = geometry.ancestorPath(of: node) ?? []
        let containerPath = Set(geometry.ancestorPath(of: binding.container) ?? [])
        let common = nodePath.dropFirst().first { containerPath.contains($0) }
        if common == nil || geometry.isWindowRoot(common ?? node) != false {
            throw clickViewError(
                "\(node) floats above the page: it shares no ancestor with the ad below the window root.", "ownership")
        }
        let viewFrame = geometry.frameInWindow(of: node) ?? .zero
        let containerFrame = geometry.frameInWindow(of: binding.container) ?? .zero
        let windowFrame = geometry.frame(ofWindowOf: binding.container) ?? .zero
        // The same definition the click-time check uses (I12, I28), so a CTA that grows later fails there too.
        if IFLYProvider.clickPolicy.externalClickRule.isPageLevel(
            viewFrame, container: containerFrame, window: windowFrame)
        {
            throw clickViewError("\(node) covers a page-level area, not a compact call-to-action.", "root")
        }
    }

    private func isInside(_ node: HostNodeID, _ container: HostNodeID) -> Bool {
        geometry.isDescendant(node, of: container)
    }

    private func binderError(_ message: String, _ point: String) -> AdError {
        AdError(
            .invalidBinder, message, providerID: providerID,
            hint: "[\(point)] Put render views, the close view and a plain video view inside the container (I7-I10).")
    }

    func clickViewError(_ message: String, _ point: String) -> AdError {
        let code = IFLYErrorCode.clickViewsInvalid.rawValue
        return AdError(
            .invalidBinder, message, providerID: providerID, providerCode: code,
            hint: "[\(code)/\(point)] " + (Self.advice[point] ?? "Pass only the ad's really clickable views."))
    }

    private static let advice: [String: String] = [
        "close": "Give the close button to closeView only; never list it among click views (I15).",
        "duplicate": "List each click view once.",
        "interactionType": "Pass an empty clickViews array for exposure-only and unknown interaction types (I9).",
        "root": "Never use the container, a window, a root or a page-level view as a click view (I12, I28).",
        "clickable": "Pass only visible, non-zero, interactive views as click views (I9).",
        "external": "Move the call-to-action inside the container, or set allowsExternalClickViews (I11).",
        "window": "Keep an external call-to-action in the ad's window and scene (I12).",
        "ownership": "Place an external call-to-action in the same cell or a compact neighbour, not floating (I28).",
        "shared": "Give each ad its own click views; detach the other ad first (I14).",
    ]
}
