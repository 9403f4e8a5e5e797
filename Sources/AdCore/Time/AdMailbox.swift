/// Where code on any thread hands work to the main actor through the driver: actions posted to a mailbox run on
/// the main actor in the order posted. The virtual-time driver runs them when it runs its due timers (so a test
/// that advances time has seen them), the live driver as soon as the main actor is free.
///
/// ```swift
/// scheduler.mailbox.post { print("on the main actor") }   // from any thread
/// ```
public protocol AdMailbox: Sendable {
    /// Posts an action to run on the main actor.
    func post(_ action: @escaping @Sendable @MainActor () -> Void)
}
