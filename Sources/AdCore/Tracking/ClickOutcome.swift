/// What became of one click.
///
/// ```swift
/// switch ad.click(on: ctaNode) {
/// case .counted: break
/// case .repeated: break           // counted once already in this impression
/// case .rejected(let error): print(error)
/// }
/// ```
public enum ClickOutcome: Sendable, Equatable {
    /// The click counted and the ad's click event was emitted.
    case counted
    /// A repeated click within the same impression: the landing opens again but nothing is counted twice.
    case repeated
    /// The click did not count; the error says why and how to fix it.
    case rejected(AdError)
}
