extension ProviderStartStateMachine {
    /// What the machine asks its driver (``ProviderStartup``) to do, in order.
    ///
    /// ```swift
    /// for action in machine.start("acme", requirements: requirements, configuration: configuration, at: now) {
    ///     if case .runStart(let id, let generation) = action { print("start", id, generation) }
    /// }
    /// ```
    public enum Action: Sendable, Equatable {
        /// Call the provider's `start`; report its end with this generation.
        case runStart(ProviderID, generation: UInt64)
        /// Schedule the start's timeout.
        case startTimer(ProviderID, generation: UInt64, deadline: AdInstant)
        /// Cancel the start's timeout.
        case cancelTimer(ProviderID)
        /// Cancel the provider's running `start` (it timed out).
        case cancelStart(ProviderID)
        /// The start ended: resume the loads waiting for it and record the state in diagnostics.
        case settled(ProviderID, ProviderStartState)
        /// The input changed nothing (a second start, a late answer), and why.
        case ignore(ProviderID, reason: String)
    }
}
