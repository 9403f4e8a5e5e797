import AdCore
import Testing

@Suite("AdLifecycleStateMachine")
struct AdLifecycleStateMachineTests {
    private let info = LoadedAdInfo(
        providerID: "p", adUnitID: "u", format: .interstitial, creativeID: "c", loadedAt: .zero)

    private func rejection(_ action: AdLifecycleStateMachine.Action) -> AdError.Code? {
        if case .reject(let error) = action { return error.code }
        return nil
    }

    @Test("C1: every illegal call is a typed rejection and changes nothing")
    func c1_illegalCallsRejected() {
        var machine = AdLifecycleStateMachine(providerID: "p")
        #expect(rejection(machine.bind()) == .notReady)
        #expect(rejection(machine.present()) == .notReady)
        #expect(rejection(machine.detach()) == .detached)
        #expect(machine.phase == .idle)
        _ = machine.startLoad()
        #expect(rejection(machine.startLoad()) == .notReady)
        _ = machine.loadSucceeded(info)
        #expect(rejection(machine.startLoad()) == .alreadyUsed)
        _ = machine.present()
        #expect(rejection(machine.present()) == .alreadyUsed)
        #expect(rejection(machine.bind()) == .notReady)
        _ = machine.dismiss()
        #expect(machine.phase == .closed)
        #expect(rejection(machine.present()) == .alreadyUsed)
        _ = machine.destroy()
        #expect(rejection(machine.startLoad()) == .cancelled)
        #expect(rejection(machine.bind()) == .cancelled)
    }

    @Test("C2: repeated or late provider callbacks are ignored, never emitted twice")
    func c2_lateCallbacksIgnored() {
        var machine = AdLifecycleStateMachine()
        if case .ignore = machine.loadSucceeded(info) {} else { Issue.record("load before start must be ignored") }
        _ = machine.startLoad()
        #expect(machine.loadSucceeded(info) == .emit([.loadSucceeded(info)]))
        if case .ignore = machine.loadSucceeded(info) {} else { Issue.record("second success must be ignored") }
        if case .ignore = machine.loadFailed(AdError(.timeout, "late")) {} else { Issue.record("late failure") }
        _ = machine.present()
        let reward = AdReward(type: "coins", amount: 5)
        #expect(machine.reward(reward) == .emit([.rewardEarned(reward)]))
        if case .ignore = machine.reward(reward) {} else { Issue.record("second reward must be ignored") }
        #expect(machine.dismiss() == .emit([.willDismiss, .didDismiss]))
        if case .ignore = machine.reward(reward) {} else { Issue.record("reward after dismissal must be ignored") }
    }

    @Test("G10: only a loaded, never-shown ad expires")
    func g10_onlyUnshownAdsExpire() {
        var machine = AdLifecycleStateMachine()
        _ = machine.startLoad()
        _ = machine.loadSucceeded(info)
        #expect(machine.expire() == .emit([.expired]))
        #expect(rejection(machine.present()) == .expired)
        var shown = AdLifecycleStateMachine()
        _ = shown.startLoad()
        _ = shown.loadSucceeded(info)
        _ = shown.present()
        if case .ignore = shown.expire() {} else { Issue.record("a presented ad must not expire") }
    }

    @Test("A failed load may be retried; a detached ad may be bound again")
    func retryAndRebind() {
        var machine = AdLifecycleStateMachine()
        _ = machine.startLoad()
        _ = machine.loadFailed(AdError(.noFill, "none"))
        #expect(machine.startLoad() == .emit([.loadStarted]))
        _ = machine.loadSucceeded(info)
        #expect(machine.bind() == .emit([.rendered]))
        #expect(machine.detach() == .emit([]))
        #expect(machine.bind() == .emit([.rendered]))
    }
}
