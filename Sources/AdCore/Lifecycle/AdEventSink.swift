import Synchronization

/// Where a provider sends the events it originates (a reward, a dismissal, a jump, video state, its own
/// clicks). Safe from any thread: events are queued and delivered to the host on the main actor, in the order
/// sent, once (rule C2), through the driver's mailbox, so virtual time decides when a background send is seen.
/// After the ad is destroyed the sink is closed and drops everything (C5); each event sent after that is handed to
/// `dropped` on the main actor, for diagnostics (a provider calling back after destroy is contained, and said so).
///
/// ```swift
/// context.events.send(.rewardEarned(AdReward(type: "coins", amount: 10)))  // any thread
/// context.events.sendNow(.didDismiss)                                       // on the main actor, in order
/// ```
public final class AdEventSink: Sendable {
    private struct State {
        var queue: [AdEvent] = []
        var drainScheduled = false
        var isClosed = false
        var dropped = 0
    }

    private let state = Mutex(State())
    private let deliver: @MainActor @Sendable (AdEvent) -> Void
    private let dropped: (@MainActor @Sendable (AdEvent) -> Void)?
    private let mailbox: any AdMailbox

    /// Creates a sink that hands each event to `deliver` on the main actor; events sent from other threads
    /// travel through `mailbox` (the driver's). Each event sent after ``close()`` goes to `dropped` instead, on the
    /// main actor through the same mailbox.
    public init(
        mailbox: any AdMailbox, deliver: @escaping @MainActor @Sendable (AdEvent) -> Void,
        dropped: (@MainActor @Sendable (AdEvent) -> Void)? = nil
    ) {
        self.mailbox = mailbox
        self.deliver = deliver
        self.dropped = dropped
    }

    /// Queues an event from any thread; it reaches the host on the main actor, after every event sent before it,
    /// when the driver runs its mailbox.
    public func send(_ event: AdEvent) {
        switch enqueue(event, schedulingDrain: true) {
        case .drain: mailbox.post { self.drain() }
        case .queued: break
        case .dropped: report(event)
        }
    }

    /// Sends an event from the main actor and delivers it (and anything queued before it) at once.
    @MainActor
    public func sendNow(_ event: AdEvent) {
        switch enqueue(event, schedulingDrain: false) {
        case .drain, .queued: drain()
        case .dropped: report(event)
        }
    }

    /// What became of an event handed to the sink.
    private enum Admission {
        /// Queued, and the caller must schedule a drain (none is pending yet).
        case drain
        /// Queued behind a drain already scheduled (or to be drained by the caller at once).
        case queued
        /// Dropped: the sink is closed.
        case dropped
    }

    /// Queues an event unless the sink is closed.
    private func enqueue(_ event: AdEvent, schedulingDrain: Bool) -> Admission {
        state.withLock { state -> Admission in
            guard !state.isClosed else {
                state.dropped += 1
                return .dropped
            }
            state.queue.append(event)
            guard schedulingDrain, !state.drainScheduled else { return .queued }
            state.drainScheduled = true
            return .drain
        }
    }

    /// Hands an event sent after close to `dropped`, on the main actor.
    private func report(_ event: AdEvent) {
        guard let dropped else { return }
        mailbox.post { dropped(event) }
    }

    /// Delivers every queued event, in order.
    @MainActor
    public func drain() {
        while true {
            let next = state.withLock { state -> AdEvent? in
                guard !state.isClosed, !state.queue.isEmpty else {
                    state.drainScheduled = false
                    return nil
                }
                return state.queue.removeFirst()
            }
            guard let next else { return }
            deliver(next)
        }
    }

    /// Closes the sink: queued and future events are dropped (the ad was destroyed).
    public func close() {
        state.withLock { state in
            state.dropped += state.queue.count
            state.queue.removeAll()
            state.isClosed = true
        }
    }

    /// Whether the sink is closed.
    public var isClosed: Bool { state.withLock { $0.isClosed } }

    /// How many events were dropped because the sink was closed (for diagnostics and tests).
    public var droppedCount: Int { state.withLock { $0.dropped } }
}
