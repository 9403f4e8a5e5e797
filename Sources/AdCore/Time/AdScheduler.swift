/// The driver seen from AdCore: the current time, timers, async work and a mailbox, on the main actor.
///
/// AdCore never reads a clock, sleeps or starts a task of its own; it asks its scheduler. `VirtualTimeDriver` (AdEmbedded) runs timers in virtual
/// time for tests and the simulator; `LiveDriver` (AdRuntime) runs them with `ContinuousClock`.
///
/// ```swift
/// let timer = scheduler.schedule(at: scheduler.now.advanced(by: .seconds(5))) { print("timeout") }
/// scheduler.cancel(timer)
/// ```
@MainActor
public protocol AdScheduler: AnyObject {
    /// The current time on the driver's scale.
    var now: AdInstant { get }

    /// Runs `action` on the main actor at `deadline` (or as soon as possible if it has passed).
    @discardableResult
    func schedule(at deadline: AdInstant, _ action: @escaping @MainActor () -> Void) -> ScheduledActionID

    /// Cancels a scheduled action; cancelling one that ran or was cancelled does nothing.
    func cancel(_ id: ScheduledActionID)

    /// Where other threads post work for the main actor (an ``AdEventSink`` sent from a background thread).
    nonisolated var mailbox: any AdMailbox { get }

    /// Starts async work on the main actor (a provider's load, an image fetch). The virtual-time driver accounts
    /// for it: `VirtualTimeDriver.settle()` returns once it has finished or waits on virtual time.
    @discardableResult
    func spawn(_ operation: @escaping @MainActor () async -> Void) -> Task<Void, Never>

    /// Suspends the calling task until `body`'s resumer is called (by a timer, another task, a callback); the
    /// virtual-time driver counts the task as waiting meanwhile.
    func suspend<Value: Sendable>(_ body: (AdResumer<Value>) -> Void) async -> Value
}

extension AdScheduler {
    /// Runs `action` after `delay`.
    @discardableResult
    public func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> ScheduledActionID {
        schedule(at: now.advanced(by: delay), action)
    }
}

/// The handle of a scheduled action, for cancelling it.
///
/// ```swift
/// let id = scheduler.schedule(after: .seconds(1)) { }
/// scheduler.cancel(id)
/// ```
public struct ScheduledActionID: Hashable, Sendable {
    /// The driver's sequence number of the action.
    public let rawValue: UInt64

    /// Creates a handle (drivers do).
    public init(rawValue: UInt64) { self.rawValue = rawValue }
}
