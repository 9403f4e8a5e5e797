import AdCore
import AdCreative
import AdVAST
import Foundation

/// The one task that does a ``BeaconQueue``'s work, in turns: take what callers sent and what deliveries
/// reported, write it to the store in one transaction, drop what is too old, start the beacons that are due (at
/// most `maxConcurrentDeliveries` at once, over the one transport), then sleep until something happens or the
/// next beacon is due. Only this task touches the store, the random generator and the deliveries in flight.
///
/// When the store fails, the worker reports it and goes on with a new in-memory store (rule R12); deliveries
/// started from the failed store are cancelled, and their beacons stay in its file for the next launch. Each
/// delivery is an attempt with its own number, and only the answer to the attempt in flight counts: the late answer
/// of an attempt that timed out (or of a failed store) is ignored.
struct BeaconQueueWorker: Sendable {
    /// A delivery in flight: its attempt number (unique for the worker's life), its task, when it times out, and
    /// its beacon.
    private struct Delivery: Sendable {
        var attempt: UInt64
        var task: Task<Void, Never>
        var deadline: Int64
        var beacon: StoredBeacon
    }

    private let core: BeaconQueueCore
    private let transport: any BeaconTransport
    private let sleep: @Sendable (_ deadline: Int64) async throws -> Void
    private let diagnose: @Sendable (BeaconQueueDiagnostic) -> Void
    private let configuration: BeaconQueueConfiguration
    private var store: BeaconStore?
    private var attempts: UInt64 = 0
    private var random: SeededRandom
    private var deliveries: [Int64: Delivery] = [:]
    /// Changes found while dispatching (expired or refused beacons), written at the start of the next turn.
    private var carried = BeaconStore.Changes()
    private var statistics: BeaconQueueStatistics
    private var nextSweep: Int64 = .min
    private var timer: (deadline: Int64, task: Task<Void, Never>)?

    init(
        core: BeaconQueueCore, store: BeaconStore?, transport: any BeaconTransport, random: SeededRandom,
        statistics: BeaconQueueStatistics, sleep: @escaping @Sendable (_ deadline: Int64) async throws -> Void,
        diagnose: @escaping @Sendable (BeaconQueueDiagnostic) -> Void
    ) {
        self.core = core
        self.store = store
        self.transport = transport
        self.random = random
        self.statistics = statistics
        self.sleep = sleep
        self.diagnose = diagnose
        configuration = core.configuration
    }

    private var maxAge: Int64 { BeaconBackoff.milliseconds(configuration.maxAge) }
    private var bounds: BeaconStore.Bounds {
        BeaconStore.Bounds(count: configuration.maxCount, bytes: configuration.maxBytes)
    }

    /// Runs turns until the queue is closed (and every delivery ended) or the task is cancelled.
    mutating func run() async {
        while true {
            let turn = core.beginTurn()
            let now = core.now()
            reportCallerDrops(turn)
            var changes = carried
            carried = BeaconStore.Changes()
            collect(turn.outcomes, now: now, into: &changes)
            timeOut(now: now, into: &changes)
            admit(turn.inbox, into: &changes)
            write(changes)
            sweep(now: now)
            let cancelled = Task.isCancelled
            if turn.closing || cancelled {
                // Closing or released: deliveries in flight are cancelled, their beacons stay in the store.
                for delivery in deliveries.values { delivery.task.cancel() }
                deliveries = [:]
            } else {
                dispatch(now: now)
            }
            statistics.pending = store?.count ?? 0
            statistics.inFlight = deliveries.count
            // Nothing in flight and nothing carried: every due beacon was started, so none is due now.
            let idle = deliveries.isEmpty && carried.isEmpty
            if cancelled || (turn.closing && !core.hasWork) {
                stop()
                return
            }
            core.endTurn(turn, statistics: statistics, idle: idle)
            guard carried.isEmpty, !core.hasWork else { continue }
            arm(now: now)
            await core.waitForSignal()
        }
    }

    // MARK: - One turn

    private func reportCallerDrops(_ turn: BeaconQueueCore.Turn) {
        if turn.droppedOverflow > 0 {
            diagnose(BeaconQueueDiagnostic(kind: .droppedOverflow, count: turn.droppedOverflow, error: nil))
        }
        if turn.droppedClosed > 0 {
            diagnose(BeaconQueueDiagnostic(kind: .droppedClosed, count: turn.droppedClosed, error: nil))
        }
    }

    /// Turns the outcomes of finished deliveries into deletes (delivered, failed) and retries.
    private mutating func collect(
        _ outcomes: [BeaconQueueCore.Outcome], now: Int64, into changes: inout BeaconStore.Changes
    ) {
        var failures = 0
        var lastFailure: AdError?
        for outcome in outcomes {
            guard let delivery = deliveries[outcome.id], delivery.attempt == outcome.attempt else { continue }
            deliveries[outcome.id] = nil
            switch outcome.outcome {
            case .delivered:
                statistics.delivered += 1
                changes.deletes.append(outcome.id)
            case .failed(let error):
                statistics.failed += 1
                failures += 1
                lastFailure = error
                changes.deletes.append(outcome.id)
            case .retry(let error):
                retry(delivery.beacon, after: error, now: now, into: &changes)
            }
        }
        if let lastFailure {
            statistics.lastError = lastFailure
            diagnose(BeaconQueueDiagnostic(kind: .failed, count: failures, error: lastFailure))
        }
    }

    /// Cancels the deliveries past their deadline and schedules their beacons again (a timeout is retried).
    private mutating func timeOut(now: Int64, into changes: inout BeaconStore.Changes) {
        for (id, delivery) in deliveries where delivery.deadline <= now {
            delivery.task.cancel()
            deliveries[id] = nil
            let error = AdError(
                .timeout, "The beacon \(delivery.beacon.beacon.url) got no answer within \(configuration.timeout).",
                vastCode: 301, hint: "The tracking server is slow or unreachable; the beacon is tried again later.")
            retry(delivery.beacon, after: error, now: now, into: &changes)
        }
    }

    private mutating func retry(
        _ beacon: StoredBeacon, after error: AdError, now: Int64, into changes: inout BeaconStore.Changes
    ) {
        statistics.retried += 1
        statistics.lastError = error
        let attempts = min(beacon.attempts, 1_000) + 1
        let delay = configuration.backoff.delayMilliseconds(afterAttempt: attempts, using: &random)
        changes.retries.append(BeaconStore.Retry(id: beacon.id, attempts: attempts, dueAt: now + delay))
    }

    /// Accepts the beacons callers sent: http(s) URLs within the size limit are inserted, the rest refused.
    private mutating func admit(_ inbox: [StoredBeacon], into changes: inout BeaconStore.Changes) {
        var refused = 0
        var lastRefusal: AdError?
        changes.inserts.reserveCapacity(changes.inserts.count + inbox.count)
        for item in inbox {
            if let error = refusal(of: item.beacon) {
                refused += 1
                lastRefusal = error
            } else {
                changes.inserts.append(item)
            }
        }
        statistics.enqueued += changes.inserts.count
        if let lastRefusal {
            statistics.refused += refused
            statistics.lastError = lastRefusal
            diagnose(BeaconQueueDiagnostic(kind: .refused, count: refused, error: lastRefusal))
        }
    }

    /// Why a beacon cannot be sent: not an http(s) URL, or a URL over the size limit; `nil` when it can.
    private func refusal(of beacon: Beacon) -> AdError? {
        let length = beacon.url.utf8.count
        guard length <= configuration.maxURLBytes else {
            return AdError(
                .limitExceeded,
                "A \(beacon.kind.rawValue) beacon's URL is \(length) bytes (limit "
                    + "\(configuration.maxURLBytes)).",
                providerID: beacon.providerID,
                hint: "Shorten the tracker URL, or raise BeaconQueueConfiguration.maxURLBytes.")
        }
        do {
            _ = try deliverableURL(beacon.url)
            return nil
        } catch {
            return AdError(error, providerID: beacon.providerID)
        }
    }

    /// The URL of a beacon when it may be sent: http(s) (`VASTURLPolicy`) and on a host the configuration's address
    /// policy allows (R9: tracker URLs come from responses).
    private func deliverableURL(_ string: String) throws(VASTError) -> URL {
        let url = try VASTURLPolicy.validate(string)
        try configuration.addresses.check(url)
        return url
    }

    /// Writes one turn's changes; when the store fails, moves on to memory and writes the new beacons there.
    private mutating func write(_ changes: BeaconStore.Changes) {
        guard !changes.isEmpty else { return }
        do {
            countEvicted(try usableStore().apply(changes, bounds: bounds, protected: Set(deliveries.keys)))
        } catch {
            fallBack(after: error)
            var inserts = BeaconStore.Changes()
            inserts.inserts = changes.inserts
            do {
                countEvicted(try usableStore().apply(inserts, bounds: bounds, protected: []))
            } catch {
                // Not even a memory store could be opened: the beacons cannot be kept anywhere.
                statistics.droppedOverflow += inserts.inserts.count
                statistics.lastError = error
                diagnose(BeaconQueueDiagnostic(kind: .droppedOverflow, count: inserts.inserts.count, error: error))
            }
        }
    }

    /// The store, or the error that says there is none (not even memory could be opened).
    private func usableStore() throws(AdError) -> BeaconStore {
        guard let store else {
            throw AdError(
                .beaconStore, "No beacon store could be opened, not even in memory.",
                hint: "The process is out of memory or SQLite cannot start; beacons are dropped and counted.")
        }
        return store
    }

    private mutating func countEvicted(_ evicted: Int) {
        guard evicted > 0 else { return }
        statistics.droppedOverflow += evicted
        let error = Self.overflowError(configuration)
        statistics.lastError = error
        diagnose(BeaconQueueDiagnostic(kind: .droppedOverflow, count: evicted, error: error))
    }

    /// Deletes beacons older than `maxAge`, at most every `maxAge / 10` (and at least every minute).
    private mutating func sweep(now: Int64) {
        guard now >= nextSweep else { return }
        nextSweep = now + max(1, min(maxAge / 10, 60_000))
        do {
            var expired = 0
            while true {
                let batch = try usableStore().expire(before: now - maxAge, protected: Set(deliveries.keys))
                expired += batch
                if batch < 1000 { break }
            }
            countExpired(expired)
        } catch {
            fallBack(after: error)
        }
    }

    private mutating func countExpired(_ expired: Int) {
        guard expired > 0 else { return }
        statistics.droppedExpired += expired
        let error = Self.expiredError(expired, configuration)
        statistics.lastError = error
        diagnose(BeaconQueueDiagnostic(kind: .droppedExpired, count: expired, error: error))
    }

    /// The error of beacons dropped because the store is full.
    static func overflowError(_ configuration: BeaconQueueConfiguration) -> AdError {
        AdError(
            .limitExceeded,
            "The beacon queue is full (\(configuration.maxCount) beacons or \(configuration.maxBytes) bytes).",
            hint: "The tracking servers have been unreachable for a long time, or beacons are sent faster than "
                + "they can be delivered; raise BeaconQueueConfiguration.maxCount or maxBytes if this is expected.")
    }

    /// The error of `count` beacons dropped because they were older than `maxAge`.
    static func expiredError(_ count: Int, _ configuration: BeaconQueueConfiguration) -> AdError {
        AdError(
            .expired, "\(count) beacon(s) were older than \(configuration.maxAge) and were dropped.",
            hint: "The tracking servers were unreachable for longer than BeaconQueueConfiguration.maxAge.")
    }

    /// Starts the due beacons, up to the free delivery slots; expired and unreadable ones are deleted next turn.
    private mutating func dispatch(now: Int64) {
        let free = configuration.maxConcurrentDeliveries - deliveries.count
        guard free > 0 else { return }
        let due: [StoredBeacon]
        do {
            due = try usableStore().due(at: now, limit: free, excluding: Set(deliveries.keys))
        } catch {
            fallBack(after: error)
            return
        }
        var expired = 0
        var refused = 0
        var lastRefusal: AdError?
        for beacon in due {
            guard beacon.enqueuedAt >= now - maxAge else {
                expired += 1
                carried.deletes.append(beacon.id)
                continue
            }
            do {
                start(beacon, url: try deliverableURL(beacon.beacon.url), now: now)
            } catch {
                // Only a store changed by hand holds such a row: every URL was checked when it was sent.
                refused += 1
                lastRefusal = AdError(error)
                carried.deletes.append(beacon.id)
            }
        }
        countExpired(expired)
        if let lastRefusal {
            statistics.refused += refused
            statistics.lastError = lastRefusal
            diagnose(BeaconQueueDiagnostic(kind: .refused, count: refused, error: lastRefusal))
        }
    }

    private mutating func start(_ beacon: StoredBeacon, url: URL, now: Int64) {
        let transport = self.transport
        let core = self.core
        attempts += 1
        let attempt = attempts
        let task = Task {
            let outcome = await transport.deliver(url)
            core.post(BeaconQueueCore.Outcome(attempt: attempt, id: beacon.id, outcome: outcome))
        }
        let timeout = BeaconBackoff.milliseconds(configuration.timeout)
        deliveries[beacon.id] = Delivery(attempt: attempt, task: task, deadline: now + timeout, beacon: beacon)
    }

    /// Reports a failed store and replaces it with an empty in-memory one (rule R12).
    private mutating func fallBack(after error: AdError) {
        statistics.lastError = error
        diagnose(BeaconQueueDiagnostic(kind: .storeFailed, count: 1, error: error))
        for delivery in deliveries.values { delivery.task.cancel() }
        deliveries = [:]
        carried = BeaconStore.Changes()
        store = try? BeaconStore.memory()
        statistics.isDurable = false
    }

    // MARK: - Waiting

    /// Makes sure a timer wakes the worker by the next deadline: the next due beacon, the first delivery to time
    /// out, or the next sweep. A timer already set for that time or earlier is kept (an early wake-up is harmless).
    private mutating func arm(now: Int64) {
        var deadline = deliveries.values.map(\.deadline).min() ?? .max
        if let due = try? store?.nextDue(after: now) { deadline = min(deadline, due) }
        if let store, store.count > 0 { deadline = min(deadline, nextSweep) }
        if let timer, timer.deadline <= now { self.timer = nil }
        guard deadline != .max else { return }
        if let timer, timer.deadline <= deadline { return }
        timer?.task.cancel()
        let sleep = self.sleep
        let core = self.core
        let wake = deadline
        timer = (
            wake,
            Task {
                do {
                    try await sleep(wake)
                } catch {
                    return
                }
                core.signal()
            }
        )
    }

    /// Ends the worker once everything sent is written and no delivery is in flight.
    private mutating func stop() {
        timer?.task.cancel()
        timer = nil
        statistics.pending = store?.count ?? 0
        statistics.inFlight = 0
        core.finish(statistics: statistics)
    }
}
