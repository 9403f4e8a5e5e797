/// Checks that the host rendered an ad's required assets where they count (rule Y9): each one rendered,
/// inside the container, of non-zero size and not hidden or transparent inside the container (a hidden or fading
/// container, or anything above it, only delays the impression).
///
/// A failure is one `bindingFailed` error naming every missing asset and why, so the host fixes all at once.
///
/// ```swift
/// let binder = AssetBinder(engine: engine)
/// try binder.check(binding, required: [.sponsored, .title], providerID: "yandex")
/// ```
@MainActor
public struct AssetBinder {
    /// The geometry engine the checks read.
    public let engine: VisibilityEngine

    /// Creates a binder over an engine.
    public init(engine: VisibilityEngine) { self.engine = engine }

    /// Why one required asset does not count.
    public enum Problem: String, Sendable, Hashable {
        /// The host did not render it.
        case notRendered = "not rendered"
        /// It lies outside the ad's container.
        case outsideContainer = "outside the container"
        /// It has no width or no height.
        case zeroSize = "zero size"
        /// It, or a view between it and the ad's container, is hidden or transparent.
        case hidden = "hidden"
    }

    /// The problems of each required asset, in ``AssetKind`` order (empty when the binding is fine).
    public func problems(of binding: AdBinding, required: Set<AssetKind>) -> [(AssetKind, Problem)] {
        let tree = engine.tree
        var found: [(AssetKind, Problem)] = []
        for kind in AssetKind.allCases where required.contains(kind) {
            guard let node = binding.assets[kind], tree.contains(node) else {
                found.append((kind, .notRendered))
                continue
            }
            guard tree.node(node)?.isDescendant(of: binding.container) == true else {
                found.append((kind, .outsideContainer))
                continue
            }
            let frame = tree.node(node)?.frame ?? .zero
            if frame.isEmpty {
                found.append((kind, .zeroSize))
                continue
            }
            // Hidden or transparent counts only when the asset itself or a view between it and the container is:
            // a container (or anything above it) that is hidden or fading in is a visibility matter for the
            // impression rule, not a missing asset, and the binding must not fail for good (Y9, Y22).
            if isHiddenInside(node, container: binding.container) { found.append((kind, .hidden)) }
        }
        return found
    }

    /// Whether `node` or one of its ancestors below `container` is hidden or transparent.
    private func isHiddenInside(_ node: HostNodeID, container: HostNodeID) -> Bool {
        let tree = engine.tree
        var current: HostNodeID? = node
        while let view = current, view != container {
            guard let viewNode = tree.node(view) else { return false }
            if viewNode.isHidden || viewNode.alpha < VisibilityEngine.minimumAlpha { return true }
            current = viewNode.parent
        }
        return false
    }

    /// Throws `bindingFailed` naming every required asset that does not count.
    public func check(_ binding: AdBinding, required: Set<AssetKind>, providerID: ProviderID?) throws(AdError) {
        guard engine.tree.contains(binding.container) else {
            throw AdError(
                .invalidBinder, "The binding's container \(binding.container) is not in the host tree.",
                providerID: providerID, hint: "Bind to a node created with HostTree.makeNode(frame:).")
        }
        let found = problems(of: binding, required: required)
        guard !found.isEmpty else { return }
        let list = found.map { "\($0.0) (\($0.1.rawValue))" }.joined(separator: ", ")
        throw AdError(
            .bindingFailed, "Required assets missing: \(list).", providerID: providerID,
            hint: "Render every required asset inside the ad's container with a non-zero size; "
                + "guard optional block assets with has(kind).")
    }
}
