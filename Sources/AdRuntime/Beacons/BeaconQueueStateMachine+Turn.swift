import AdCore
import AdVAST

extension BeaconQueueStateMachine {
    // MARK: One turn's decisions

    /// Turns the outcomes of finished deliveries into deletes (delivered, failed) and retries; the answer of an
    /// attempt that is no longer in flight (it timed out, or its store failed) is ignored.
    mutating func collect(
        _ outcomes: [BeaconQueueCore.Outcome], now: Int64, _ run: inout Run, into changes: inout BeaconStore.Changes,
        _ actions: inout [Action]
    ) {
        var failures = 0
        var lastFailure: AdError?
        for outcome in outcomes {
            guard let delivery = run.deliveries[outcome.id], delivery.attempt == outcome.attempt else { continue }
            run.deliveries[outcome.id] = nil
            switch outcome.outcome {
            case .delivered:
                run.statistics.delivered += 1
                changes.deletes.append(outcome.id)
            case .failed(let error):
                run.statistics.failed += 1
                failures += 1
                lastFailure = error
                changes.deletes.append(outcome.id)
            case .retry(let error):
                retry(delivery.beacon, after: error, now: now, &run, into: &changes)
            }
        }
        if let lastFailure {
            run.statistics.lastError = lastFailure
            actions.append(.diagnose(BeaconQueueDiagnostic(kind: .failed, count: failures, error: lastFailure)))
        }
    }

    /// Cancels the deliveries at or past their deadline and schedules their beacons again (a timeout is retried).
    mutating func timeOut(
        now: Int64, _ run: inout Run, into changes: inout BeaconStore.Changes, _ actions: inout [Action]
    ) {
        for (id, delivery) in run.deliveries where delivery.deadline <= now {
            actions.append(.cancelDelivery(attempt: delivery.attempt))
            run.deliveries[id] = nil
            retry(
                delivery.beacon, after: Self.timeoutError(delivery.beacon, configuration), now: now, &run,
                into: &changes)
        }
    }

    /// Counts and reports beacons the store evicted past its bounds.
    func countEvicted(_ evicted: Int, _ run: inout Run, _ actions: inout [Action]) {
        guard evicted > 0 else { return }
        run.statistics.droppedOverflow += evicted
        let error = Self.overflowError(configuration)
        run.statistics.lastError = error
        actions.append(.diagnose(BeaconQueueDiagnostic(kind: .droppedOverflow, count: evicted, error: error)))
    }

    /// Counts and reports beacons dropped for their age.
    func countExpired(_ expired: Int, _ run: inout Run, _ actions: inout [Action]) {
        guard expired > 0 else { return }
        run.statistics.droppedExpired += expired
        let error = Self.expiredError(expired, configuration)
        run.statistics.lastError = error
        actions.append(.diagnose(BeaconQueueDiagnostic(kind: .droppedExpired, count: expired, error: error)))
    }

    /// Reports a failed store, cancels the deliveries started from it and goes on with memory (rule R12).
    func fallBack(after error: AdError, _ run: inout Run, _ actions: inout [Action]) {
        run.statistics.lastError = error
        actions.append(.diagnose(BeaconQueueDiagnostic(kind: .storeFailed, count: 1, error: error)))
        cancelDeliveries(&run, &actions)
        run.carried = BeaconStore.Changes()
        actions.append(.useMemoryStore)
        run.statistics.isDurable = false
    }

    /// Cancels every delivery in flight; their beacons stay in the store.
    func cancelDeliveries(_ run: inout Run, _ actions: inout [Action]) {
        for delivery in run.deliveries.values { actions.append(.cancelDelivery(attempt: delivery.attempt)) }
        run.deliveries = [:]
    }

    // MARK: Starting deliveries

    /// Starts the due beacons: each gets the next attempt number and a deadline `timeout` from now.
    func start(
        _ due: ArraySlice<StoredBeacon>, now: Int64, _ run: inout Run, _ actions: inout [Action]
    ) {
        let timeout = BeaconBackoff.milliseconds(configuration.timeout)
        var expired = 0
        var refused = 0
        var lastRefusal: AdError?
        for beacon in due {
            guard beacon.enqueuedAt >= now - maxAge else {
                expired += 1
                run.carried.deletes.append(beacon.id)
                continue
            }
            do {
                let url = try deliverableURL(beacon.beacon.url)
                run.attempts += 1
                run.deliveries[beacon.id] = Delivery(attempt: run.attempts, deadline: now + timeout, beacon: beacon)
                actions.append(.startDelivery(attempt: run.attempts, id: beacon.id, url: url))
            } catch {
                // Only a store changed by hand holds such a row: every URL was checked when it was sent.
                refused += 1
                lastRefusal = AdError(error)
                run.carried.deletes.append(beacon.id)
            }
        }
        countExpired(expired, &run, &actions)
        if let lastRefusal {
            run.statistics.refused += refused
            run.statistics.lastError = lastRefusal
            actions.append(.diagnose(BeaconQueueDiagnostic(kind: .refused, count: refused, error: lastRefusal)))
        }
    }
}
