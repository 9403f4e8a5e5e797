/// `<ViewableImpression>` with its `<Viewable>`, `<NotViewable>` and `<ViewUndetermined>` URLs.
///
/// ```swift
/// print(inLine.viewableImpression?.viewable.count ?? 0)
/// ```
public struct VASTViewableImpression: Sendable, Equatable, Encodable {
    /// The `id` attribute.
    public var id: String?
    /// `<Viewable>` URLs.
    public var viewable: [String] {
        get { viewableTexts.value }
        set { viewableTexts.value = newValue }
    }
    var viewableTexts: [VASTText] = []
    /// `<NotViewable>` URLs.
    public var notViewable: [String] {
        get { notViewableTexts.value }
        set { notViewableTexts.value = newValue }
    }
    var notViewableTexts: [VASTText] = []
    /// `<ViewUndetermined>` URLs.
    public var viewUndetermined: [String] {
        get { viewUndeterminedTexts.value }
        set { viewUndeterminedTexts.value = newValue }
    }
    var viewUndeterminedTexts: [VASTText] = []

    /// Creates an empty viewable-impression element.
    public init() {}

    /// Appends the URLs of `other` (used when merging a wrapper chain).
    public mutating func merge(_ other: VASTViewableImpression) {
        viewableTexts += other.viewableTexts
        notViewableTexts += other.notViewableTexts
        viewUndeterminedTexts += other.viewUndeterminedTexts
    }

    private enum CodingKeys: String, CodingKey {
        case id
        case viewableTexts = "viewable"
        case notViewableTexts = "notViewable"
        case viewUndeterminedTexts = "viewUndetermined"
    }
}
