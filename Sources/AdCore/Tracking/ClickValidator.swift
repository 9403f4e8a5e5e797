/// Decides whether a click counts (rule C4): on a bound, visible (not covered), interactive, non-zero click view
/// registered to that ad, after its impression, once per impression.
///
/// External click views (outside the container) are checked against the ``ExternalClickRule`` (rule I12) and a
/// failure names the condition in the hint: `[<providerCode>/<condition>]`.
///
/// ```swift
/// let validator = ClickValidator(engine: engine, policy: .standard, providerID: "example")
/// let verdict = validator.validate(click: cta, at: nil, binding: binding, impressionAt: t0, now: t1,
///                                  ownership: [:], registeredOwner: adID, adID: adID)
/// ```
@MainActor
public struct ClickValidator {
    /// The geometry engine the checks read.
    public let engine: VisibilityEngine
    /// The provider's policy.
    public let policy: ClickPolicy
    /// The provider, for error attribution.
    public let providerID: ProviderID?
    /// The provider's own code for an invalid click view (IFLY: 71503), kept in errors.
    public let invalidClickViewCode: Int?

    /// Creates a validator.
    public init(
        engine: VisibilityEngine, policy: ClickPolicy, providerID: ProviderID?, invalidClickViewCode: Int? = nil
    ) {
        self.engine = engine
        self.policy = policy
        self.providerID = providerID
        self.invalidClickViewCode = invalidClickViewCode
    }

    /// Checks one click; returns `nil` when it may count, or the rejection.
    ///
    /// - Parameters:
    ///   - node: the tapped node.
    ///   - point: where it was tapped, in window coordinates, if known (it must land on the node).
    ///   - binding: the ad's binding.
    ///   - impressionAt: when the ad's impression counted, or `nil`.
    ///   - now: the driver's time.
    ///   - ownership: where each click view sat when the ad was attached (rule I28); an external click view
    ///     without a record is refused, one inside the container without a record is not checked.
    ///   - registeredOwner: the ad the host registered this view to, if any (rule I14, C4).
    ///   - adID: this ad.
    public func validate(
        click node: HostNodeID,
        at point: Point?,
        binding: AdBinding,
        impressionAt: AdInstant?,
        now: AdInstant,
        ownership: [HostNodeID: ExternalClickRule.Ownership],
        registeredOwner: AdID?,
        adID: AdID
    ) -> AdError? {
        if node == binding.closeView {
            return reject("The close view was tapped; it closes the ad and never counts as a click.", "close")
        }
        if let owner = registeredOwner, owner != adID {
            return reject("\(node) is registered to another ad (\(owner)).", "ownership")
        }
        guard binding.clickViews.contains(node) else {
            return reject("\(node) is not a click view of this ad.", "ownership")
        }
        if policy.requiresImpression, impressionAt == nil {
            return reject("Click before the ad's impression counted.", "impression")
        }
        if let impressionAt, let limit = policy.maximumDelayAfterImpression, impressionAt.duration(to: now) > limit {
            return reject("Click more than \(limit) after the impression.", "stale")
        }
        let isExternal = engine.tree.node(node)?.isDescendant(of: binding.container) != true
        if isExternal {
            guard binding.allowsExternalClickViews else {
                return reject("\(node) lies outside the ad's container.", "external")
            }
            guard let recorded = ownership[node] else {
                return reject("External click view \(node) has no ownership recorded at attach.", "ownership")
            }
            if let failure = policy.externalClickRule.firstFailure(
                clickView: node, container: binding.container, ownership: recorded, engine: engine)
            {
                return reject("External click view failed the \(failure.rawValue) check.", failure.rawValue)
            }
        } else if let recorded = ownership[node], !recorded.holds(in: engine.tree) {
            return reject("\(node) moved since the ad was attached (re-parented inside the container).", "ownership")
        }
        let geometry = engine.geometry(of: node)
        if let reason = geometry.zeroReason {
            return reject("The click view is not visible (\(reason.rawValue)).", reason.rawValue)
        }
        if !geometry.isInteractive {
            return reject("The click view does not accept touches.", "interaction")
        }
        if let point, !engine.hitTest(point, on: node) {
            return reject("The tap at (\(point.x), \(point.y)) is outside the visible click view.", "point")
        }
        return nil
    }

    private func reject(_ message: String, _ condition: String) -> AdError {
        let tag = invalidClickViewCode.map { "[\($0)/\(condition)]" } ?? "[\(condition)]"
        return AdError(
            .clickRejected, message, providerID: providerID, providerCode: invalidClickViewCode,
            hint: "\(tag) \(Self.advice[condition] ?? "Check the ad's click views.")")
    }

    private static let advice: [String: String] = [
        "close": "Give the close button its own handler; never list it among click views.",
        "ownership":
            "Register each click view to exactly one ad and keep it where it was attached; detach an ad before "
            + "reusing or moving its views, then attach it again.",
        "impression": "Let the ad become visible long enough to count its impression before it can be clicked.",
        "stale": "Reload the ad; clicks long after the impression are invalid.",
        "external": "Set allowsExternalClickViews, or move the call-to-action inside the container.",
        "window": "Keep the call-to-action in the same window as the ad.",
        "scene": "Keep the call-to-action in the same scene as the ad.",
        "size": "Give the click view a non-zero size.",
        "hidden": "Keep the click view visible and uncovered while it is tappable.",
        "interaction": "Enable user interaction on the click view and its ancestors.",
        "foreground": "Only accept clicks while the app is in the foreground.",
        "visibility": "Keep the ad container at least 2/3 visible while its call-to-action is tappable.",
        "root": "Never register a window, root or page-level node as a click view.",
        "notInWindow": "Add the click view to a window before the user can tap it.",
        "zeroSize": "Give the click view a non-zero size.",
        "transparent": "Keep the click view and its ancestors opaque enough (alpha ≥ 0.01).",
        "background": "Only accept clicks while the app is in the foreground.",
        "clippedAway": "Scroll the click view into view before accepting taps.",
        "covered": "Do not cover the click view with other views.",
        "point": "Report the tap location inside the click view.",
    ]
}
