/// Where providers take ``BeaconStamp``s: the host's seeded generator and wall clock, read at the driver's time,
/// and the privacy signals of the request the beacons belong to. One generator per host; every provider's
/// environment and context hand out a view of it with their request's signals (``with(privacy:)``).
///
/// ```swift
/// let stamp = environment.stamps.next()   // BeaconStamp(timestamp: "2026-12-01T00:00:01.000Z", ...)
/// ```
@MainActor
public final class BeaconStamps {
    /// The generator and clock every view shares.
    private final class Source {
        var random: SeededRandom
        let wallClock: AdWallClock?
        let scheduler: any AdScheduler
        let diagnostics: AdDiagnostics
        var warnedAboutClock = false

        init(random: SeededRandom, wallClock: AdWallClock?, scheduler: any AdScheduler, diagnostics: AdDiagnostics) {
            self.random = random
            self.wallClock = wallClock
            self.scheduler = scheduler
            self.diagnostics = diagnostics
        }
    }

    private let source: Source
    /// The privacy signals the stamps carry (`[GDPRCONSENT]`, `[REGULATIONS]`, `[LIMITADTRACKING]`, H7).
    public let privacy: PrivacySignals

    /// Creates the stamps of a host.
    public init(
        random: SeededRandom, wallClock: AdWallClock?, scheduler: any AdScheduler, diagnostics: AdDiagnostics,
        privacy: PrivacySignals = PrivacySignals()
    ) {
        self.source = Source(random: random, wallClock: wallClock, scheduler: scheduler, diagnostics: diagnostics)
        self.privacy = privacy
    }

    private init(source: Source, privacy: PrivacySignals) {
        self.source = source
        self.privacy = privacy
    }

    /// The same generator and clock, carrying `privacy`.
    public func with(privacy: PrivacySignals) -> BeaconStamps {
        privacy == self.privacy ? self : BeaconStamps(source: source, privacy: privacy)
    }

    /// The values for the beacons of one event, now.
    public func next() -> BeaconStamp {
        let digits = String(source.random.next() % 100_000_000)
        let cacheBusting = String(repeating: "0", count: 8 - digits.count) + digits
        guard let wallClock = source.wallClock else {
            if !source.warnedAboutClock {
                source.warnedAboutClock = true
                source.diagnostics.record(
                    .warning, "The host has no wall clock: [TIMESTAMP] in beacons expands to -1.",
                    recommendation: "Pass AdHost(wallClock:) the Unix time at the driver's zero.")
            }
            return BeaconStamp(timestamp: nil, cacheBusting: cacheBusting, privacy: privacy)
        }
        return BeaconStamp(
            timestamp: wallClock.iso8601(at: source.scheduler.now), cacheBusting: cacheBusting, privacy: privacy)
    }
}
