import AdCore
import Testing

/// Rules C1, C2 and C5 over the whole lifecycle: every input the machine takes, from every state it can be in,
/// either moves it as the table below says or is refused (a typed rejection) or ignored, and a refused or ignored
/// input changes nothing. The table is written out pair by pair and checked to cover every state × input, and the
/// states cover every `AdPhase` (an exhaustive switch), so a new phase, state or input cannot be left out.
@Suite("C1: the lifecycle's transition matrix")
struct LifecycleTransitionMatrixTests {
    /// A state the machine is driven into, from a fresh machine.
    enum Start: String, CaseIterable, Sendable {
        case idle, loading, failed, loaded, bound, componentBound, presented, closedNative, dismissed, expired
        case destroyed

        /// The state that stands for each phase: the compiler makes sure every phase has one.
        static func representing(_ phase: AdPhase) -> Start {
            switch phase {
            case .idle: .idle
            case .loading: .loading
            case .loaded: .loaded
            case .bound: .bound
            case .presented: .presented
            case .closed: .closedNative
            case .failed: .failed
            case .expired: .expired
            case .destroyed: .destroyed
            }
        }
    }

    /// Every input of the machine that moves or refuses; `stale` answers carry the generation of a load that is no
    /// longer the current one.
    enum Input: String, CaseIterable, Sendable {
        case startLoad, loadSucceeded, loadSucceededStale, loadFailed, loadFailedStale, loadTimedOut
        case loadTimedOutStale, bindMain, bindComponent, detachMain, detachComponent, present, dismissed, reward
        case impressionMain, clickMain, close, expire, destroy
    }

    /// What an input does.
    enum Outcome: Equatable, CustomStringConvertible {
        /// Taken: the machine is now in this phase.
        case moves(to: String)
        /// Refused with a typed error of this code; nothing changed.
        case refused(AdError.Code)
        /// Ignored (a late, repeated or misplaced callback); nothing changed.
        case ignored

        var description: String {
            switch self {
            case .moves(let phase): "moves to \(phase)"
            case .refused(let code): "refused (\(code))"
            case .ignored: "ignored"
            }
        }
    }

    static let expiresAt = AdInstant(sinceEpoch: .seconds(100))
    static let info = LoadedAdInfo(
        providerID: "p", adUnitID: "u", format: .native, creativeIDs: ["c"], loadedAt: .zero, expiresAt: expiresAt)
    static let binding = AdBinding(container: HostNodeID(rawValue: 1), clickViews: [HostNodeID(rawValue: 2)])
    static let componentBinding = AdBinding(container: HostNodeID(rawValue: 3), clickViews: [HostNodeID(rawValue: 4)])
    static let presentation = PresentationContext(
        window: HostWindowID(rawValue: 0), scene: "main", overlay: HostNodeID(rawValue: 9))
    static let impression = ImpressionData(providerID: "p", adUnitID: "u")
    static let now = AdInstant(sinceEpoch: .seconds(50))
    static let first = AdInstant(sinceEpoch: .seconds(1))

    /// A machine driven into `start` (a retry policy that allows no retry, so a failed ad stays failed).
    static func machine(in start: Start) -> AdLifecycleStateMachine {
        var machine = AdLifecycleStateMachine(providerID: "p", retryPolicy: LoadRetryPolicy(maximumRetries: 0))
        if start == .idle { return machine }
        _ = machine.startLoad(timeout: .seconds(10), at: .zero)
        switch start {
        case .idle, .loading: return machine
        case .failed:
            _ = machine.loadFailed(AdError(.noFill, "none"), generation: machine.generation)
            return machine
        default: break
        }
        _ = machine.loadSucceeded(info, components: ["c1"], generation: machine.generation, at: .zero)
        switch start {
        case .bound: _ = machine.bind(binding, part: .main, at: Self.first)
        case .componentBound: _ = machine.bind(componentBinding, part: .component("c1"), at: Self.first)
        case .presented: _ = machine.present(presentation, at: Self.first)
        case .closedNative:
            _ = machine.bind(binding, part: .main, at: Self.first)
            _ = machine.close()
        case .dismissed:
            _ = machine.present(presentation, at: Self.first)
            _ = machine.dismissed()
        case .expired: _ = machine.expire(at: expiresAt)
        case .destroyed: _ = machine.destroy()
        default: break
        }
        return machine
    }

    static func apply(_ input: Input, to machine: inout AdLifecycleStateMachine) -> [AdLifecycleStateMachine.Action] {
        let current = machine.generation
        switch input {
        case .startLoad: return machine.startLoad(timeout: .seconds(10), at: now)
        case .loadSucceeded: return machine.loadSucceeded(info, components: ["c1"], generation: current, at: now)
        case .loadSucceededStale:
            return machine.loadSucceeded(info, components: ["c1"], generation: current &- 1, at: now)
        case .loadFailed: return machine.loadFailed(AdError(.noFill, "none"), generation: current)
        case .loadFailedStale: return machine.loadFailed(AdError(.noFill, "none"), generation: current &- 1)
        case .loadTimedOut: return machine.loadTimedOut(generation: current, after: .seconds(10))
        case .loadTimedOutStale: return machine.loadTimedOut(generation: current &- 1, after: .seconds(10))
        case .bindMain: return machine.bind(binding, part: .main, at: now)
        case .bindComponent: return machine.bind(componentBinding, part: .component("c1"), at: now)
        case .detachMain: return machine.detach(.main, at: now)
        case .detachComponent: return machine.detach(.component("c1"), at: now)
        case .present: return machine.present(presentation, at: now)
        case .dismissed: return machine.dismissed()
        case .reward: return machine.reward(AdReward(type: "coins", amount: 1))
        case .impressionMain: return machine.impression(.main, data: impression, at: now)
        case .clickMain: return machine.click(.main, on: HostNodeID(rawValue: 2))
        case .close: return machine.close()
        case .expire: return machine.expire(at: expiresAt)
        case .destroy: return machine.destroy()
        }
    }

    /// The table: what every input does from every state. Written pair by pair on purpose.
    static func expected(_ start: Start, _ input: Input) -> Outcome {
        switch (start, input) {
        // Loading starts from idle only (no retries under this policy); a second load is refused.
        case (.idle, .startLoad): .moves(to: "loading")
        case (.loading, .startLoad): .refused(.notReady)
        case (.failed, .startLoad): .refused(.retryLimitReached)
        case (.destroyed, .startLoad): .refused(.cancelled)
        case (_, .startLoad): .refused(.alreadyUsed)
        // The current load's answer moves a loading ad; a stale one, or any answer outside loading, is ignored.
        case (.loading, .loadSucceeded): .moves(to: "loaded")
        case (.loading, .loadFailed): .moves(to: "failed(noFill)")
        case (.loading, .loadTimedOut): .moves(to: "failed(timeout)")
        case (_, .loadSucceeded), (_, .loadSucceededStale), (_, .loadFailed), (_, .loadFailedStale),
            (_, .loadTimedOut), (_, .loadTimedOutStale):
            .ignored
        // Binding: a loaded ad binds its main part once; components bind while loaded or bound.
        case (.loaded, .bindMain), (.componentBound, .bindMain): .moves(to: "bound")
        case (.bound, .bindMain): .refused(.notReady)
        case (.loaded, .bindComponent), (.bound, .bindComponent): .moves(to: start == .loaded ? "loaded" : "bound")
        case (.componentBound, .bindComponent): .refused(.invalidBinder)
        case (.idle, .bindMain), (.idle, .bindComponent), (.loading, .bindMain), (.loading, .bindComponent),
            (.failed, .bindMain), (.failed, .bindComponent), (.presented, .bindMain), (.presented, .bindComponent):
            .refused(.notReady)
        case (.closedNative, .bindMain), (.closedNative, .bindComponent), (.dismissed, .bindMain),
            (.dismissed, .bindComponent):
            .refused(.alreadyUsed)
        case (.expired, .bindMain), (.expired, .bindComponent): .refused(.expired)
        case (.destroyed, .bindMain), (.destroyed, .bindComponent): .refused(.cancelled)
        // Detaching: only a bound part; a destroyed ad refuses everything.
        case (.bound, .detachMain): .moves(to: "loaded")
        case (.componentBound, .detachComponent): .moves(to: "loaded")
        case (.destroyed, .detachMain), (.destroyed, .detachComponent): .refused(.cancelled)
        case (_, .detachMain), (_, .detachComponent): .refused(.detached)
        // Presenting: a loaded ad, once.
        case (.loaded, .present): .moves(to: "presented")
        case (.presented, .present), (.dismissed, .present), (.closedNative, .present): .refused(.alreadyUsed)
        case (.idle, .present), (.loading, .present), (.failed, .present), (.bound, .present),
            (.componentBound, .present):
            .refused(.notReady)
        case (.expired, .present): .refused(.expired)
        case (.destroyed, .present): .refused(.cancelled)
        // Dismissal and reward only while presented.
        case (.presented, .dismissed): .moves(to: "closed")
        case (.presented, .reward): .moves(to: "presented")
        case (_, .dismissed), (_, .reward): .ignored
        // Impressions and clicks of the main part: while it is bound or presented.
        case (.bound, .impressionMain), (.presented, .impressionMain):
            .moves(to: start == .bound ? "bound" : "presented")
        case (.bound, .clickMain), (.presented, .clickMain): .moves(to: start == .bound ? "bound" : "presented")
        case (_, .impressionMain): .ignored
        case (_, .clickMain): .refused(.clickRejected)
        // Closing a native ad: only while bound.
        case (.bound, .close): .moves(to: "closed")
        case (_, .close): .ignored
        // Expiry: only a loaded ad with nothing bound that was never presented.
        case (.loaded, .expire): .moves(to: "expired")
        case (_, .expire): .ignored
        // Destroy: from anything, once.
        case (.destroyed, .destroy): .ignored
        case (_, .destroy): .moves(to: "destroyed")
        }
    }

    static func outcome(
        of effects: [AdLifecycleStateMachine.Action], after machine: AdLifecycleStateMachine
    ) -> Outcome {
        for effect in effects {
            if case .reject(let error) = effect { return .refused(error.code) }
        }
        if effects.isEmpty || effects.contains(where: { if case .ignore = $0 { true } else { false } }) {
            return .ignored
        }
        return .moves(to: machine.phase.description)
    }

    static var pairs: [(Start, Input)] { Start.allCases.flatMap { start in Input.allCases.map { (start, $0) } } }

    @Test("C1: the states cover every phase, and each state is reached as its phase")
    func c1_statesCoverEveryPhase() {
        let phases: [AdPhase] = [
            .idle, .loading, .loaded, .bound, .presented, .closed, .failed(AdError(.noFill, "")), .expired, .destroyed,
        ]
        for phase in phases {
            let start = Start.representing(phase)
            #expect(Self.machine(in: start).phase.description.hasPrefix(String(phase.description.prefix(4))))
        }
        #expect(Self.machine(in: .componentBound).phase == .loaded)
        #expect(Self.machine(in: .dismissed).phase == .closed)
    }

    @Test(
        "C1, C2, C5: every input from every state moves, is refused or is ignored as the table says",
        arguments: pairs.map { "\($0.0.rawValue) + \($0.1.rawValue)" })
    func c1_transitionMatrix(pair: String) throws {
        let parts = pair.components(separatedBy: " + ")
        let start = try #require(Start(rawValue: parts[0]))
        let input = try #require(Input(rawValue: parts[1]))
        var machine = Self.machine(in: start)
        let before = (machine.phase, machine.generation, machine.rewardGranted, machine.wasPresented)
        let effects = Self.apply(input, to: &machine)
        let outcome = Self.outcome(of: effects, after: machine)
        #expect(outcome == Self.expected(start, input), "\(start) + \(input): \(effects)")
        if case .moves = outcome { return }
        // A refused or ignored input changes nothing the host can see.
        #expect(machine.phase == before.0, "\(start) + \(input) changed the phase")
        #expect(machine.generation == before.1 && machine.rewardGranted == before.2 && machine.wasPresented == before.3)
    }

    @Test("C2: a second impression, click or reward in one showing is ignored, not counted twice")
    func c2_repeatsIgnored() {
        var bound = Self.machine(in: .bound)
        _ = bound.impression(.main, data: Self.impression, at: Self.now)
        #expect(
            Self.outcome(of: bound.impression(.main, data: Self.impression, at: Self.now), after: bound) == .ignored)
        _ = bound.click(.main, on: nil)
        #expect(Self.outcome(of: bound.click(.main, on: nil), after: bound) == .ignored)
        var presented = Self.machine(in: .presented)
        _ = presented.reward(AdReward(type: "coins", amount: 1))
        #expect(Self.outcome(of: presented.reward(AdReward(type: "coins", amount: 1)), after: presented) == .ignored)
    }

    @Test("C1: a loaded ad whose only bound parts are components does not expire, and expires once they detach")
    func c1_componentsHoldExpiry() {
        var machine = Self.machine(in: .componentBound)
        #expect(Self.outcome(of: machine.expire(at: Self.expiresAt), after: machine) == .ignored)
        #expect(machine.phase == .loaded)
        _ = machine.detach(.component("c1"), at: Self.expiresAt)
        #expect(machine.phase == .expired)
    }
}
