public import AdCore

/// The inputs' array-returning forms: each runs the `into:` form on a new buffer.
extension MediationStateMachine {
    /// ``startRequest(at:context:into:)``, returning the actions.
    public mutating func startRequest(at now: AdInstant, context: MediationContext) -> [Action] {
        var actions: [Action] = []
        startRequest(at: now, context: context, into: &actions)
        return actions
    }

    /// ``itemLoaded(_:fill:at:into:)``, returning the actions.
    public mutating func itemLoaded(_ index: Int, fill: LineItemFill, at now: AdInstant) -> [Action] {
        var actions: [Action] = []
        itemLoaded(index, fill: fill, at: now, into: &actions)
        return actions
    }

    /// ``itemFailed(_:error:at:into:)``, returning the actions.
    public mutating func itemFailed(_ index: Int, error: AdError, at now: AdInstant) -> [Action] {
        var actions: [Action] = []
        itemFailed(index, error: error, at: now, into: &actions)
        return actions
    }

    /// ``timerFired(_:at:context:into:)``, returning the actions.
    public mutating func timerFired(_ timer: MediationTimer, at now: AdInstant, context: MediationContext) -> [Action] {
        var actions: [Action] = []
        timerFired(timer, at: now, context: context, into: &actions)
        return actions
    }
}
