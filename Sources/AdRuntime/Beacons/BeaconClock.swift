/// A ``BeaconQueue``'s time, from the injected clock: wall-clock milliseconds since 1970 (the start time plus the
/// clock's elapsed time), so stamps in the store keep their meaning across a restart, and sleeps until such a
/// millisecond on the same clock (a `ManualClock` in tests wakes them exactly when it is advanced to it).
struct BeaconClock: Sendable {
    /// The longest single sleep, in milliseconds (``SteppedSleep/longest``): a wait for a later deadline wakes up
    /// and sleeps again (rule R4).
    static let longestSleep: Int64 = BeaconBackoff.milliseconds(SteppedSleep.longest)

    /// Wall-clock milliseconds since 1970, now.
    let now: @Sendable () -> Int64
    /// Sleeps until `deadline` (wall-clock milliseconds), or a day at most; throws when the task is cancelled.
    let sleep: @Sendable (_ deadline: Int64) async throws -> Void

    /// Time on `clock`, where the clock's reading now is `startMilliseconds` since 1970.
    init<C: Clock<Duration>>(_ clock: C, startMilliseconds: Int64) {
        let origin = clock.now
        let now: @Sendable () -> Int64 = {
            startMilliseconds + BeaconBackoff.milliseconds(origin.duration(to: clock.now))
        }
        self.now = now
        sleep = { deadline in
            let target = min(deadline, now() + Self.longestSleep) - startMilliseconds
            try await clock.sleep(until: origin.advanced(by: .milliseconds(max(0, target))), tolerance: nil)
        }
    }
}
