extension BeaconQueueStateMachine {
    /// Where the machine is: between turns, waiting for one of the store's answers within a turn, at the end of a
    /// turn, or stopped. Every running case carries the ``Run`` (what outlives a turn) and, within a turn, its
    /// ``TurnContext``; once stopped, only the final statistics are left.
    ///
    /// ```swift
    /// switch machine.state {
    /// case .writing(let run, _, _): print(run.deliveries.count, "in flight while the turn is written")
    /// case .stopped(let statistics): print("ended:", statistics)
    /// default: break
    /// }
    /// ```
    enum State: Sendable, Equatable {
        /// Between turns: the driver takes the next turn (``BeaconQueueStateMachine/beginTurn(_:at:)``).
        case idle(Run)
        /// The turn's changes are being written (``Action/write(_:bounds:protected:)``); `inserts` are its new
        /// beacons, written to memory instead when the store fails.
        case writing(Run, TurnContext, inserts: [StoredBeacon])
        /// The store failed writing the turn and was replaced by memory; the turn's `inserts` new beacons are
        /// being written there.
        case rewriting(Run, TurnContext, inserts: Int)
        /// The beacons enqueued before `cutoff` are being deleted in batches
        /// (``Action/expire(before:protected:limit:)``); `expired` of them so far.
        case sweeping(Run, TurnContext, cutoff: Int64, expired: Int)
        /// The turn is written: the driver says whether its task was cancelled
        /// (``BeaconQueueStateMachine/dispatch(cancelled:)``).
        case stored(Run, TurnContext)
        /// The due beacons are being read (``Action/findDue(at:limit:excluding:)``), at most `limit`.
        case dispatching(Run, TurnContext, limit: Int)
        /// The due beacons were started, or the deliveries cancelled (closing, or `cancelled`: the worker's task
        /// was); the driver gives the store's count (``BeaconQueueStateMachine/endTurn(pending:hasWork:)``).
        case dispatched(Run, TurnContext, cancelled: Bool)
        /// The turn's statistics were published; the driver says whether more work arrived meanwhile
        /// (``BeaconQueueStateMachine/rest(hasWork:)``).
        case published(Run, TurnContext)
        /// The next due time is being read (``Action/findNextDue(after:)``) to arm the timer.
        case arming(Run, TurnContext)
        /// The worker ended with these statistics (closed with nothing left to store, or its task cancelled);
        /// every input is ignored.
        case stopped(BeaconQueueStatistics)
    }

    /// What a running queue keeps from turn to turn.
    struct Run: Sendable, Equatable {
        /// The deliveries in flight, by beacon ID.
        var deliveries: [Int64: Delivery] = [:]
        /// Changes found while dispatching (expired or refused beacons), written at the start of the next turn.
        var carried = BeaconStore.Changes()
        /// The counts so far (`pending` and `inFlight` as of the last turn's end).
        var statistics: BeaconQueueStatistics
        /// When the next sweep for expired beacons is due (`.min`: at the first turn).
        var nextSweep: Int64 = .min
        /// The deadline of the timer armed last, while it may still be sleeping.
        var timer: Int64?
        /// The number of the last attempt started (attempt numbers are unique for the worker's life).
        var attempts: UInt64 = 0
    }

    /// A delivery in flight: its attempt number, when it times out, and its beacon as the store gave it.
    struct Delivery: Sendable, Equatable {
        /// The attempt number: only the answer tagged with it counts.
        var attempt: UInt64
        /// When the attempt times out (milliseconds since 1970).
        var deadline: Int64
        /// The beacon, with its attempts so far.
        var beacon: StoredBeacon
    }

    /// The turn under way: when it began and whether the queue is closing.
    struct TurnContext: Sendable, Equatable {
        /// The queue's wall-clock time when the turn began (milliseconds since 1970).
        var now: Int64
        /// Whether ``BeaconQueue/close()`` was called: nothing new is started, deliveries in flight are cancelled.
        var closing: Bool
    }
}
