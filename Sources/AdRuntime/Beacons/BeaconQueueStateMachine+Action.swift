import Foundation

extension BeaconQueueStateMachine {
    /// What the machine asks its driver (``BeaconQueueWorker``) to do after an input, in order. The machine
    /// decides; the driver performs. An action that asks the store something (``write(_:bounds:protected:)``,
    /// ``expire(before:protected:limit:)``, ``findDue(at:limit:excluding:)``, ``findNextDue(after:)``) is always the
    /// last of its list: the driver performs the list, then answers it with the matching input.
    ///
    /// ```swift
    /// for action in machine.beginTurn(turn, at: now) {
    ///     if case .diagnose(let diagnostic) = action { print(diagnostic) }
    /// }
    /// ```
    enum Action: Sendable, Equatable {
        /// Report this to the queue's diagnostics handler.
        case diagnose(BeaconQueueDiagnostic)
        /// Apply these changes to the store in one transaction, then evict the oldest beacons not in `protected`
        /// until it is inside `bounds`; answer with ``BeaconQueueStateMachine/wrote(_:)`` (the count evicted).
        case write(BeaconStore.Changes, bounds: BeaconStore.Bounds, protected: Set<Int64>)
        /// Delete up to `limit` beacons enqueued before `cutoff` and not in `protected`; answer with
        /// ``BeaconQueueStateMachine/expired(_:)`` (the count deleted).
        case expire(before: Int64, protected: Set<Int64>, limit: Int)
        /// Read up to `limit` beacons due at `now` (oldest due first) and not in `excluding`; answer with
        /// ``BeaconQueueStateMachine/found(_:)``.
        case findDue(at: Int64, limit: Int, excluding: Set<Int64>)
        /// Read the earliest time after `now` when a beacon is due (`nil` when none is, or the read fails); answer
        /// with ``BeaconQueueStateMachine/nextDue(_:)``.
        case findNextDue(after: Int64)
        /// The store failed: go on with a new, empty in-memory store (or none, when not even that can be opened).
        /// The failed store's beacons stay in its file for the next launch (rule R12).
        case useMemoryStore
        /// Deliver `url`, the beacon `id`'s attempt number `attempt`; post the outcome tagged with both.
        case startDelivery(attempt: UInt64, id: Int64, url: URL)
        /// Cancel the delivery of this attempt: it timed out, the store it came from failed, or the queue closes.
        case cancelDelivery(attempt: UInt64)
        /// Wake the worker at this wall-clock time (milliseconds since 1970, on the queue's clock).
        case startTimer(at: Int64)
        /// Cancel the timer armed last.
        case cancelTimer
        /// Publish the turn's statistics and resume the waiters it satisfied; `idle`: nothing is in flight or
        /// carried to the next turn, so nothing is due now.
        case publish(BeaconQueueStatistics, idle: Bool)
        /// Wait for a send, an outcome or the timer, then take the next turn.
        case waitForSignal
        /// The worker ends: publish these statistics and resume every waiter.
        case finish(BeaconQueueStatistics)
    }
}
