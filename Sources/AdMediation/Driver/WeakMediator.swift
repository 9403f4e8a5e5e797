/// A weak reference to a ``Mediator``, made once per mediator, which its timers' actions hold instead of capturing
/// the mediator weakly: a closure that captures a weak reference allocates a box for it besides its own context, so
/// an action holding this and its key allocates one object, and one holding only an ``AnsweredLoad`` (which holds
/// this) allocates none. A timer that outlives its mediator finds `nil` and does nothing.
///
/// ```swift
/// let reference = WeakMediator(mediator)
/// scheduler.schedule(after: .seconds(1)) { [reference] in reference.mediator?.startNewSession() }
/// ```
@MainActor
final class WeakMediator {
    /// The mediator, while it lives.
    weak let mediator: Mediator?

    /// A reference to `mediator`.
    init(_ mediator: Mediator) {
        self.mediator = mediator
    }
}
