import AdCore
import Testing

@Suite("AdLifecycleStateMachine")
struct AdLifecycleStateMachineTests {
    private let info = LoadedAdInfo(
        providerID: "p", adUnitID: "u", format: .interstitial, creativeID: "c", loadedAt: .zero)
    private let presentation = PresentationContext(
        window: HostWindowID(rawValue: 0), scene: "main", overlay: HostNodeID(rawValue: 9))
    private let binding = AdBinding(container: HostNodeID(rawValue: 1), clickViews: [HostNodeID(rawValue: 2)])

    private func rejection(_ effects: [AdLifecycleStateMachine.Action]) -> AdError.Code? {
        if case .reject(let error)? = effects.first { return error.code }
        return nil
    }

    private func events(_ effects: [AdLifecycleStateMachine.Action]) -> [AdEvent] {
        effects.compactMap { if case .emit(let event) = $0 { event } else { nil } }
    }

    private func isIgnored(_ effects: [AdLifecycleStateMachine.Action]) -> Bool {
        effects.contains { if case .ignore = $0 { true } else { false } }
    }

    private func loaded(_ machine: inout AdLifecycleStateMachine, components: [String] = []) {
        _ = machine.startLoad(timeout: .seconds(10), at: .zero)
        _ = machine.loadSucceeded(info, components: components, generation: machine.generation, at: .zero)
    }

    @Test("C1: every illegal call is a typed rejection and changes nothing")
    func c1_illegalCallsRejected() {
        var machine = AdLifecycleStateMachine(providerID: "p")
        #expect(rejection(machine.bind(binding, part: .main, at: .zero)) == .notReady)
        #expect(rejection(machine.present(presentation, at: .zero)) == .notReady)
        #expect(rejection(machine.detach(.main, at: .zero)) == .detached)
        #expect(machine.phase == .idle)
        _ = machine.startLoad(timeout: .seconds(10), at: .zero)
        #expect(rejection(machine.startLoad(timeout: .seconds(10), at: .zero)) == .notReady)
        _ = machine.loadSucceeded(info, components: [], generation: machine.generation, at: .zero)
        #expect(rejection(machine.startLoad(timeout: .seconds(10), at: .zero)) == .alreadyUsed)
        _ = machine.present(presentation, at: .zero)
        #expect(rejection(machine.present(presentation, at: .zero)) == .alreadyUsed)
        #expect(rejection(machine.bind(binding, part: .main, at: .zero)) == .notReady)
        _ = machine.dismissed()
        #expect(machine.phase == .closed)
        #expect(rejection(machine.present(presentation, at: .zero)) == .alreadyUsed)
        _ = machine.destroy()
        #expect(rejection(machine.startLoad(timeout: .seconds(10), at: .zero)) == .cancelled)
        #expect(rejection(machine.bind(binding, part: .main, at: .zero)) == .cancelled)
    }

    @Test("C2: repeated or late provider callbacks are ignored, never emitted twice")
    func c2_lateCallbacksIgnored() {
        var machine = AdLifecycleStateMachine()
        #expect(isIgnored(machine.loadSucceeded(info, components: [], generation: 0, at: .zero)))
        _ = machine.startLoad(timeout: .seconds(10), at: .zero)
        let generation = machine.generation
        #expect(
            events(machine.loadSucceeded(info, components: [], generation: generation, at: .zero)) == [
                .loadSucceeded(info)
            ])
        #expect(isIgnored(machine.loadSucceeded(info, components: [], generation: generation, at: .zero)))
        #expect(isIgnored(machine.loadFailed(AdError(.timeout, "late"), generation: generation)))
        _ = machine.present(presentation, at: .zero)
        let reward = AdReward(type: "coins", amount: 5)
        #expect(events(machine.reward(reward)) == [.rewardEarned(reward)])
        #expect(isIgnored(machine.reward(reward)))
        #expect(events(machine.dismissed()) == [.willDismiss, .didDismiss])
        #expect(isIgnored(machine.reward(reward)))
    }

    @Test("G10: only a loaded, never-shown ad expires")
    func g10_onlyUnshownAdsExpire() {
        var machine = AdLifecycleStateMachine()
        var expiring = info
        expiring.expiresAt = AdInstant(sinceEpoch: .seconds(3600))
        _ = machine.startLoad(timeout: .seconds(10), at: .zero)
        let effects = machine.loadSucceeded(expiring, components: [], generation: machine.generation, at: .zero)
        #expect(effects.contains(.startExpiryTimer(at: AdInstant(sinceEpoch: .seconds(3600)))))
        let late = AdInstant(sinceEpoch: .seconds(3600))
        #expect(events(machine.expire(at: late)) == [.expired])
        #expect(rejection(machine.present(presentation, at: late)) == .expired)
        var shown = AdLifecycleStateMachine()
        _ = shown.startLoad(timeout: .seconds(10), at: .zero)
        _ = shown.loadSucceeded(expiring, components: [], generation: shown.generation, at: .zero)
        _ = shown.present(presentation, at: .zero)
        #expect(isIgnored(shown.expire(at: late)))
    }

    @Test("A failed load may be retried; a detached ad may be bound again")
    func retryAndRebind() {
        var machine = AdLifecycleStateMachine()
        _ = machine.startLoad(timeout: .seconds(10), at: .zero)
        _ = machine.loadFailed(AdError(.noFill, "none"), generation: machine.generation)
        #expect(events(machine.startLoad(timeout: .seconds(10), at: .zero)) == [.loadStarted])
        _ = machine.loadSucceeded(info, components: [], generation: machine.generation, at: .zero)
        #expect(events(machine.bind(binding, part: .main, at: .zero)) == [.rendered])
        #expect(events(machine.detach(.main, at: .zero)) == [])
        #expect(events(machine.bind(binding, part: .main, at: .zero)) == [.rendered])
    }

    @Test(
        "Effects: a bind registers, claims, attaches, tracks and then emits, in that order; a failed attach undoes it")
    func bindEffectsInOrder() {
        var machine = AdLifecycleStateMachine(providerID: "p")
        loaded(&machine)
        let container = binding.container
        #expect(
            machine.bind(binding, part: .main, at: .zero) == [
                .registerClickViews(.main, binding.clickViews), .claimView(.main, container),
                .attachProvider(.main, binding), .startTracking(.main), .emit(.rendered),
            ])
        #expect(machine.phase == .bound)
        let failure = AdError(.invalidBinder, "no")
        #expect(
            machine.attachFailed(.main, error: failure) == [
                .stopTracking(.main), .releaseView(.main, container), .releaseClickViews(.main, binding.clickViews),
                .emit(.bindingFailed(failure)),
            ])
        #expect(machine.phase == .loaded)
        #expect(machine.bindRejection(.main, at: .zero) == nil)
    }

    @Test("C7: a timed-out load is abandoned: its late answer is discarded and the next load has its own generation")
    func c7_timeoutAbandonsTheGeneration() {
        var machine = AdLifecycleStateMachine(providerID: "p")
        let start = machine.startLoad(timeout: .seconds(5), at: .zero)
        #expect(start.contains(.startLoadTimer(at: AdInstant(sinceEpoch: .seconds(5)), generation: 1)))
        let timedOut = machine.loadTimedOut(generation: 1, after: .seconds(5))
        #expect(timedOut.first == .cancelLoad)
        #expect(events(timedOut).map(\.description) == ["loadFailed(timeout)"])
        #expect(machine.loadSucceeded(info, components: [], generation: 1, at: .zero).first == .discardLoadedAd)
        _ = machine.startLoad(timeout: .seconds(5), at: .zero)
        #expect(machine.generation == 3)
    }

    @Test("Components bind on their own, count their own impression once, and a click counts once per impression")
    func componentsAreParts() {
        var machine = AdLifecycleStateMachine(providerID: "p")
        loaded(&machine, components: ["card-1", "card-2"])
        let card = AdPart.component("card-1")
        #expect(machine.bindRejection(.component("card-9"), at: .zero)?.code == .invalidRequest)
        #expect(events(machine.bind(binding, part: card, at: .zero)) == [])
        #expect(machine.phase == .loaded)
        #expect(machine.boundParts == [card])
        #expect(machine.bindRejection(card, at: .zero)?.code == .invalidBinder)
        #expect(rejection(machine.click(card, on: nil)) == nil)
        let data = ImpressionData(providerID: "p", adUnitID: "u", component: "card-1")
        #expect(events(machine.impression(card, data: data, at: .zero)) == [.impression(data)])
        #expect(isIgnored(machine.impression(card, data: data, at: .zero)))
        #expect(isIgnored(machine.impression(.component("card-2"), data: data, at: .zero)))
        #expect(events(machine.click(card, on: nil)) == [.click(component: "card-1")])
    }

    @Test("The machine notes which observed properties each input set, and only those; taking them empties the set")
    func observedPropertiesFollowEachInput() {
        var machine = AdLifecycleStateMachine(providerID: "p")
        _ = machine.startLoad(timeout: .seconds(10), at: .zero)
        #expect(machine.takeChanges() == [.phase])
        #expect(machine.takeChanges().isEmpty)
        _ = machine.loadSucceeded(info, components: ["card-1"], generation: machine.generation, at: .zero)
        #expect(machine.takeChanges() == [.phase, .info])
        _ = machine.bind(binding, part: .component("card-1"), at: .zero)
        #expect(machine.takeChanges().isEmpty)  // a component's binding is not the ad's
        _ = machine.bind(binding, part: .main, at: .zero)
        #expect(machine.takeChanges() == [.phase, .binding])
        _ = machine.impression(.main, data: ImpressionData(providerID: "p", adUnitID: "u"), at: .zero)
        #expect(machine.takeChanges() == [.impressionAt])
        _ = machine.click(.main, on: nil)
        _ = machine.bind(binding, part: .main, at: .zero)  // refused: already bound
        #expect(machine.takeChanges().isEmpty)
        _ = machine.destroy()
        #expect(machine.takeChanges() == [.phase, .binding])
        _ = machine.destroy()
        #expect(machine.takeChanges().isEmpty)
    }

}
