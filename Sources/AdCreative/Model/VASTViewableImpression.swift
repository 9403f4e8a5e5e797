/// `<ViewableImpression>` with its `<Viewable>`, `<NotViewable>` and `<ViewUndetermined>` URLs.
///
/// ```swift
/// print(inLine.viewableImpression?.viewable.count ?? 0)
/// ```
public struct VASTViewableImpression: Sendable, Equatable, Encodable {
    /// The `id` attribute.
    public var id: String?
    /// `<Viewable>` URLs.
    public var viewable: [String] = []
    /// `<NotViewable>` URLs.
    public var notViewable: [String] = []
    /// `<ViewUndetermined>` URLs.
    public var viewUndetermined: [String] = []

    /// Creates an empty viewable-impression element.
    public init() {}

    /// Appends the URLs of `other` (used when merging a wrapper chain).
    public mutating func merge(_ other: VASTViewableImpression) {
        viewable += other.viewable
        notViewable += other.notViewable
        viewUndetermined += other.viewUndetermined
    }
}
