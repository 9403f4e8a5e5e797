/// The one rule for sleeping towards a far deadline (R4): a clock traps on a sleep deadline a few centuries away
/// (its nanosecond count overflows), so no single sleep lasts longer than ``longest``; whoever waits longer wakes
/// up and sleeps again. `LiveDriver`'s timers and the beacon queue's clock both sleep by it.
enum SteppedSleep {
    /// The longest single sleep: one day.
    static let longest: Duration = .seconds(86_400)

    /// Sleeps on `clock` towards `target`, for `step` at most; throws when the task is cancelled.
    static func step<C: Clock<Duration>>(towards target: C.Instant, on clock: C, step: Duration) async throws {
        try await clock.sleep(until: Swift.min(target, clock.now.advanced(by: step)), tolerance: nil)
    }
}
