import AdCore
import Testing

/// The click validator's own guards, called directly: bind already refuses a close view listed as a click view
/// and a view registered to another ad, so through `UnifiedAd` these clicks never reach the validator. It must
/// still refuse them by itself (C4, I14, I15), as a second line behind bind.
@Suite("C4: the click validator refuses the close view and another ad's view on its own")
@MainActor
struct ClickValidatorGuardTests {
    private func validate(
        _ stage: GeometryFixture, click node: HostNodeID, binding: AdBinding, owner: AdID?
    ) -> AdError? {
        let validator = ClickValidator(engine: stage.engine, policy: ClickPolicy(), providerID: "test")
        return validator.validate(
            click: node, at: nil, binding: binding, impressionAt: .zero, now: .zero, ownership: [:],
            registeredOwner: owner, adID: AdID(rawValue: 1))
    }

    @Test("I15: a tap on the close view never counts, even when it is also listed as a click view")
    func i15_closeViewIsNeverAClick() throws {
        let stage = try GeometryFixture()
        let card = try stage.node(0, 0, 400, 300)
        let close = try stage.node(360, 10, 30, 30, in: card)
        let binding = AdBinding(container: card, clickViews: [close], closeView: close)
        let error = validate(stage, click: close, binding: binding, owner: nil)
        #expect(error?.code == .clickRejected)
        #expect(error?.hint?.hasPrefix("[close]") == true)
        // The same view, not the close view, counts: the refusal above is the close view's alone.
        let plain = AdBinding(container: card, clickViews: [close])
        #expect(validate(stage, click: close, binding: plain, owner: nil) == nil)
    }

    @Test("C4: a click view registered to another ad is refused; registered to this ad, it counts")
    func c4_viewOfAnotherAdIsRefused() throws {
        let stage = try GeometryFixture()
        let card = try stage.node(0, 0, 400, 300)
        let cta = try stage.node(10, 240, 200, 44, in: card)
        let binding = AdBinding(container: card, clickViews: [cta])
        let error = validate(stage, click: cta, binding: binding, owner: AdID(rawValue: 2))
        #expect(error?.code == .clickRejected)
        #expect(error?.hint?.hasPrefix("[ownership]") == true)
        #expect(validate(stage, click: cta, binding: binding, owner: AdID(rawValue: 1)) == nil)
    }
}
