/// The content of one component of a native ad (a slider's card): its ID, the part to bind it as, and what it
/// shows.
///
/// ```swift
/// for card in content.components {
///     try ad.bind(AdBinding(container: cell, assets: render(card.content, into: cell)), part: card.part)
/// }
/// ```
public struct NativeComponentContent: Sendable, Hashable, Codable, Identifiable {
    /// The component's ID (``AdComponent/id``).
    public var id: String
    /// What the component shows: its assets, required assets and extras (its own components are always empty).
    public var content: NativeAdContent

    /// Creates a component's content.
    public init(id: String, content: NativeAdContent) {
        self.id = id
        self.content = content
    }

    /// The part a host binds it as.
    public var part: AdPart { .component(id) }
}
