public import AdCore
public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The beacon sender apps use: a durable queue that delivers every impression, click, error and tracking URL at
/// least once, even across a killed app (rules R11-R14).
///
/// ``send(_:)`` only appends the beacon to an in-memory inbox and wakes the queue's one worker task: it never
/// blocks on the disk or the network. The worker writes what was sent to a SQLite store (WAL mode) in one
/// transaction per turn, gives each beacon a stable identity (its row ID), and delivers due beacons over one
/// shared transport (``URLSessionBeaconTransport``), at most `maxConcurrentDeliveries` at once. A 2xx answer
/// deletes the beacon: it is never sent again. 5xx, 408, 429, reset or refused connections and timeouts are
/// retried with exponential backoff and seeded jitter; other 4xx fail for good. The store is bounded in count,
/// bytes and age; everything dropped is counted in ``statistics`` and reported to the diagnostics handler.
///
/// A store that cannot be opened or written (damaged, not a beacon store, unwritable folder, full disk) is a
/// `beaconStore` error with a hint (``storeError``, the diagnostics handler), and the queue keeps beacons in
/// memory instead. A beacon store that can be read but not written (a read-only file, folder or volume) is read
/// without writing anything, and its pending beacons are delivered from memory; they stay in the file, so a later
/// launch that can write it sends them again (at least once).
///
/// ```swift
/// let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
/// let beacons = BeaconQueue(store: support.appendingPathComponent("beacons.sqlite")) { diagnostic in
///     print(diagnostic)  // dropped, refused, failed beacons; a store that fell back to memory
/// }
/// let host = AdHost(registry: registry, scheduler: LiveDriver(), transport: transport, beacons: beacons)
/// // ... when the app goes to the background:
/// await beacons.persist()
/// ```
///
/// Time and randomness are injected: `clock` measures timeouts and backoff (a `ManualClock` in tests),
/// `startTime` anchors the wall-clock stamps that make a beacon's age survive a restart, and `seed` drives the
/// jitter.
public final class BeaconQueue: BeaconSender {
    /// The configuration in force (every value in its range).
    public let configuration: BeaconQueueConfiguration
    /// The store file asked for, or `nil` for a memory store.
    public let storeURL: URL?
    /// Why the store file could not be used when the queue opened it (the queue then keeps beacons in memory).
    public let storeError: AdError?
    private let core: BeaconQueueCore
    private let worker: Task<Void, Never>

    /// Opens the queue on a store file (created if needed) and starts delivering what it holds.
    ///
    /// - Parameters:
    ///   - store: the SQLite file (its `-wal` and `-shm` files go beside it); `nil` keeps beacons in memory only.
    ///   - configuration: bounds, backoff, timeout and concurrency.
    ///   - transport: how beacons are sent; by default one ``URLSessionBeaconTransport``.
    ///   - clock: the clock timeouts and backoff are measured on.
    ///   - startTime: the wall-clock time now, since 1970; `nil` reads the system's real-time clock once.
    ///   - seed: the seed of the jitter's generator; `nil` derives it from `startTime`.
    ///   - diagnostics: called, from the queue's worker, for every drop, refusal, permanent failure and store
    ///     problem.
    public init(
        store: URL?,
        configuration: BeaconQueueConfiguration = BeaconQueueConfiguration(),
        transport: (any BeaconTransport)? = nil,
        clock: any Clock<Duration> = ContinuousClock(),
        startTime: Duration? = nil,
        seed: UInt64? = nil,
        diagnostics: (@Sendable (BeaconQueueDiagnostic) -> Void)? = nil
    ) {
        let configuration = configuration.normalized
        let start = startTime ?? Self.systemTime()
        let time = BeaconClock(clock, startMilliseconds: BeaconBackoff.milliseconds(start))
        let diagnose: @Sendable (BeaconQueueDiagnostic) -> Void = diagnostics ?? { _ in }
        let now = time.now
        var storeError: AdError?
        var opened: BeaconStore?
        var copy: BeaconStoreReader.Copy?
        if let store {
            do {
                let file = try BeaconStore.open(path: store.path)
                // A retry time beyond the longest backoff comes from a clock that was set back: due now.
                let latest = now() + BeaconBackoff.milliseconds(configuration.backoff.maximum)
                try file.clampDueTimes(latest: latest, now: now())
                opened = file
            } catch {
                let read = Self.readOnlyCopy(store.path, after: error, configuration: configuration, now: now())
                copy = read.copy
                opened = read.copy?.store
                storeError = read.error
                diagnose(BeaconQueueDiagnostic(kind: .storeUnavailable, count: 1, error: read.error))
            }
        }
        if opened == nil {
            do {
                opened = try BeaconStore.memory()
            } catch {
                storeError = storeError ?? error
                diagnose(BeaconQueueDiagnostic(kind: .storeUnavailable, count: 1, error: error))
            }
        }
        let chosen = opened
        var statistics = BeaconQueueStatistics()
        statistics.restored = chosen?.count ?? 0
        statistics.pending = statistics.restored
        statistics.isDurable = chosen.map { $0.location != .memory } ?? false
        if let copy, copy.expired > 0 {
            statistics.droppedExpired = copy.expired
            let error = BeaconQueueStateMachine.expiredError(copy.expired, configuration)
            diagnose(BeaconQueueDiagnostic(kind: .droppedExpired, count: copy.expired, error: error))
        }
        if let copy, copy.evicted > 0 {
            statistics.droppedOverflow = copy.evicted
            let error = BeaconQueueStateMachine.overflowError(configuration)
            diagnose(BeaconQueueDiagnostic(kind: .droppedOverflow, count: copy.evicted, error: error))
        }
        statistics.lastError = storeError
        let core = BeaconQueueCore(configuration: configuration, statistics: statistics, now: time.now)
        let worker = BeaconQueueWorker(
            core: core, store: chosen,
            transport: transport
                ?? URLSessionBeaconTransport(
                    maxConnectionsPerHost: configuration.maxConcurrentDeliveries, addresses: configuration.addresses),
            random: SeededRandom(seed: seed ?? Self.seed(from: start)),
            statistics: statistics, sleep: time.sleep, diagnose: diagnose)
        self.configuration = configuration
        self.storeURL = store
        self.storeError = storeError
        self.core = core
        self.worker = Task(priority: .utility) {
            var running = worker
            await running.run()
        }
    }

    deinit { worker.cancel() }

    /// Queues a beacon: O(1), never blocks on the disk or the network. It is stored by the worker's next turn
    /// (``persist()`` waits for that) and delivered at least once.
    public func send(_ beacon: Beacon) { core.enqueue(beacon) }

    /// Waits until every beacon sent before the call is in the store (or counted as refused or dropped): call it
    /// when the app goes to the background, so a kill loses nothing.
    public func persist() async { await core.persist() }

    /// Waits until the queue has nothing to do now: every beacon sent before the call is stored, and every one
    /// that is due has been tried and its delivery has ended (the rest wait for a retry). A delivery in flight is
    /// waited for, up to the configuration's `timeout`. For tests and an orderly shutdown.
    public func flush() async { await core.flush() }

    /// Stops accepting beacons (later ones are counted as `droppedClosed`), stores what was sent, cancels the
    /// deliveries in flight and waits for the worker to end. Beacons still pending, those cancelled included, stay
    /// in the store for the next launch.
    public func close() async {
        await core.close()
        await worker.value
    }

    /// The counts so far.
    public var statistics: BeaconQueueStatistics { core.statistics }

    /// After `error` from opening the store file: when the error says only that the file cannot be opened or
    /// written, its pending beacons copied into a memory store (within the bounds; the expired and the oldest over
    /// the bounds counted, not copied), and the error to report: the statement that they are delivered from memory,
    /// or, when the read-only reading found the file damaged, foreign or newer, that verdict (nothing is read then).
    /// Otherwise, or when the file cannot be read either, no copy and `error` itself.
    private static func readOnlyCopy(
        _ path: String, after openError: AdError, configuration: BeaconQueueConfiguration, now: Int64
    ) -> (copy: BeaconStoreReader.Copy?, error: AdError) {
        guard BeaconStoreReader.mayRead(after: openError) else { return (nil, openError) }
        let reader = BeaconStoreReader(path: path)
        let bounds = BeaconStore.Bounds(count: configuration.maxCount, bytes: configuration.maxBytes)
        do throws(AdError) {
            let copy = try reader.copy(
                bounds: bounds, expiredBefore: now - BeaconBackoff.milliseconds(configuration.maxAge))
            // As for a file store: a retry time beyond the longest backoff comes from a clock set back.
            let latest = now + BeaconBackoff.milliseconds(configuration.backoff.maximum)
            try copy.store.clampDueTimes(latest: latest, now: now)
            return (copy, reader.statement(after: openError, copy: copy))
        } catch {
            // Unreadable too: the error of opening it. Damaged, foreign or newer: that, the truer cause.
            return (nil, BeaconStoreReader.mayRead(after: error) ? openError : error)
        }
    }

    /// The system's real-time clock, read once when a queue opens without a `startTime`.
    static func systemTime() -> Duration {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return .seconds(Int64(now.tv_sec)) + .nanoseconds(Int64(now.tv_nsec))
    }

    /// A jitter seed from a time: its nanoseconds mixed with its seconds (different on every device and launch).
    private static func seed(from time: Duration) -> UInt64 {
        UInt64(truncatingIfNeeded: time.components.seconds) &* 0x9E37_79B9_7F4A_7C15
            ^ UInt64(truncatingIfNeeded: time.components.attoseconds)
    }
}
