/// The driver seen from AdCore: the current time and timers, on the main actor.
///
/// AdCore never reads a clock or sleeps; it asks its scheduler. ``VirtualTimeDriver`` runs timers in virtual
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
