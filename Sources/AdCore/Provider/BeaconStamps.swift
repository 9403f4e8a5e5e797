/// Where providers take ``BeaconStamp``s: the host's seeded generator and wall clock, read at the driver's time.
/// One per host; every provider's environment and context hand out the same one.
///
/// ```swift
/// let stamp = environment.stamps.next()   // BeaconStamp(timestamp: "2026-12-01T00:00:01.000Z", ...)
/// ```
@MainActor
public final class BeaconStamps {
    private var random: SeededRandom
    private let wallClock: AdWallClock?
    private let scheduler: any AdScheduler
    private let diagnostics: AdDiagnostics
    private var warnedAboutClock = false

    /// Creates the stamps of a host.
    public init(random: SeededRandom, wallClock: AdWallClock?, scheduler: any AdScheduler, diagnostics: AdDiagnostics) {
        self.random = random
        self.wallClock = wallClock
        self.scheduler = scheduler
        self.diagnostics = diagnostics
    }

    /// The values for the beacons of one event, now.
    public func next() -> BeaconStamp {
        let digits = String(random.next() % 100_000_000)
        let cacheBusting = String(repeating: "0", count: 8 - digits.count) + digits
        guard let wallClock else {
            if !warnedAboutClock {
                warnedAboutClock = true
                diagnostics.record(
                    .warning, "The host has no wall clock: [TIMESTAMP] in beacons expands to -1.",
                    recommendation: "Pass AdHost(wallClock:) the Unix time at the driver's zero.")
            }
            return BeaconStamp(timestamp: nil, cacheBusting: cacheBusting)
        }
        return BeaconStamp(timestamp: wallClock.iso8601(at: scheduler.now), cacheBusting: cacheBusting)
    }
}
