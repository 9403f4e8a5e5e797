/// Decides when one ad's impression counts (rule C3), as a value type whose methods return what to do.
///
/// Feed it the ad's visible ratio whenever the host ticks or its tree changes (``observe(ratio:placement:at:)``)
/// and when a scheduled check comes due (``deadlineReached(at:)``). The continuous timer starts when the ratio
/// first meets the rule, restarts when it drops or when the ad moves to another placement (a new container or
/// parent), and the impression fires once, never on load or render alone and never after ``stop()``.
///
/// ```swift
/// var machine = ImpressionStateMachine(rule: .mrcDisplay)
/// machine.arm()
/// if case .scheduleCheck(let deadline) = machine.observe(ratio: 0.8, placement: 1, at: .zero) { /* timer */ }
/// machine.deadlineReached(at: AdInstant(sinceEpoch: .seconds(1)))  // .fire
/// ```
public struct ImpressionStateMachine: Sendable, Hashable {
    /// What the driver must do after an input.
    public enum Action: Sendable, Hashable {
        /// Nothing.
        case none
        /// Evaluate again at this instant (the continuous duration would be met then).
        case scheduleCheck(AdInstant)
        /// Cancel a pending check: visibility dropped before the duration passed.
        case cancelCheck
        /// Count the impression now (returned once).
        case fire
    }

    /// Where the machine is.
    public enum State: Sendable, Hashable {
        /// Not bound or presented yet: visibility does not count.
        case unarmed
        /// Bound, waiting for the ratio to meet the rule.
        case waiting
        /// The ratio has met the rule since `since`, at placement `placement`.
        case visible(since: AdInstant, placement: UInt64)
        /// The impression was counted at that instant.
        case fired(at: AdInstant)
        /// Tracking ended (detached for good or destroyed); nothing fires any more.
        case stopped
    }

    /// The rule being applied.
    public let rule: ImpressionRule
    /// The current state.
    public private(set) var state: State = .unarmed

    /// Creates a machine for a rule.
    public init(rule: ImpressionRule) { self.rule = rule }

    /// `true` once the impression has been counted.
    public var hasFired: Bool {
        if case .fired = state { return true }
        return false
    }

    /// The ad was bound or presented: visibility from now on counts.
    public mutating func arm() {
        if case .unarmed = state { state = .waiting }
    }

    /// The ad left its container before its impression: the timer is dropped until it is armed again.
    public mutating func disarm() -> Action {
        switch state {
        case .visible:
            state = .unarmed
            return .cancelCheck
        case .waiting:
            state = .unarmed
            return .none
        case .unarmed, .fired, .stopped:
            return .none
        }
    }

    /// Tracking ended for good (destroyed or released): nothing fires any more.
    public mutating func stop() -> Action {
        let wasVisible: Bool
        if case .visible = state { wasVisible = true } else { wasVisible = false }
        if case .fired = state { return .none }
        state = .stopped
        return wasVisible ? .cancelCheck : .none
    }

    /// A new visibility sample.
    ///
    /// - Parameters:
    ///   - ratio: the ad's visible ratio now (0 when hidden, covered, background, zero-size, in no window).
    ///   - placement: an identifier of where the ad is (container and parent); a change restarts the timer.
    ///   - now: the driver's current time.
    public mutating func observe(ratio: Double, placement: UInt64, at now: AdInstant) -> Action {
        let meets = rule.isSatisfied(byRatio: ratio)
        switch state {
        case .unarmed, .fired, .stopped:
            return .none
        case .waiting:
            guard meets else { return .none }
            return startTimer(at: now, placement: placement)
        case .visible(let since, let current):
            if !meets {
                state = .waiting
                return .cancelCheck
            }
            if current != placement { return startTimer(at: now, placement: placement) }
            if since.duration(to: now) >= rule.minimumDuration {
                state = .fired(at: now)
                return .fire
            }
            return .none
        }
    }

    /// A scheduled check came due. Fires when the ratio has held for the rule's whole duration.
    ///
    /// The driver must call ``observe(ratio:placement:at:)`` with fresh geometry first if the tree changed.
    public mutating func deadlineReached(at now: AdInstant) -> Action {
        guard case .visible(let since, _) = state, since.duration(to: now) >= rule.minimumDuration else {
            return .none
        }
        state = .fired(at: now)
        return .fire
    }

    private mutating func startTimer(at now: AdInstant, placement: UInt64) -> Action {
        state = .visible(since: now, placement: placement)
        if rule.minimumDuration <= .zero {
            state = .fired(at: now)
            return .fire
        }
        return .scheduleCheck(now.advanced(by: rule.minimumDuration))
    }
}
