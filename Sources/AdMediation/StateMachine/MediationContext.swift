/// What the driver knows that the state machine must not look up itself: app-wide caps and a random draw.
///
/// ```swift
/// let context = MediationContext(appBlock: appHistory.block(at: now),
///                                explorationRoll: Double.random(in: 0..<1, using: &random))
/// ```
public struct MediationContext: Sendable, Hashable {
    /// Why app-wide caps block an impression now, if they do.
    public var appBlock: ControlBlock?
    /// A uniform draw in [0, 1) from the driver's seeded generator, for exploration of learned prices.
    public var explorationRoll: Double

    /// Creates a context.
    public init(appBlock: ControlBlock? = nil, explorationRoll: Double = 1) {
        self.appBlock = appBlock
        self.explorationRoll = explorationRoll
    }
}
