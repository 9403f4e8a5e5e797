/// Which part of an ad a call is about: the ad itself (a native ad, a full-screen ad, a slider's block), or one of
/// its components (a slider's card), each bound, tracked and clicked on its own (see ``AdComponent``).
///
/// ```swift
/// try ad.bind(cardBinding, part: .component("card-1"))
/// try ad.detach(.main)   // the block only; its cards stay bound
/// ```
public enum AdPart: Hashable, Sendable, CustomStringConvertible {
    /// The ad itself.
    case main
    /// A component, by its ID.
    case component(String)

    /// The part for a component ID (`nil` for the ad itself), as events and impression data carry it.
    public init(component: String?) {
        self = component.map(AdPart.component) ?? .main
    }

    /// The component's ID, or `nil` for the ad itself.
    public var componentID: String? {
        if case .component(let id) = self { return id }
        return nil
    }

    /// `main` or `component(card-1)`.
    public var description: String { componentID.map { "component(\($0))" } ?? "main" }
}
