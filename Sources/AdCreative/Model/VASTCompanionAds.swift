/// `<CompanionAds required="all|any|none">`.
///
/// ```swift
/// print(creative.companionAds?.required ?? "none", creative.companionAds?.companions.count ?? 0)
/// ```
public struct VASTCompanionAds: Sendable, Equatable, Encodable {
    /// The `required` attribute (`all`, `any` or `none`).
    public var required: String?
    /// `<Companion>` entries.
    public var companions: [VASTCompanion] = []

    /// Creates empty companion ads.
    public init() {}
}
