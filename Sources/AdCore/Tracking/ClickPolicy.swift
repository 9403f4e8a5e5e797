/// How a provider counts clicks (rule C4 and the vendors' variants such as Y23).
///
/// ```swift
/// let yandex = ClickPolicy(maximumDelayAfterImpression: .seconds(24 * 3600))
/// ```
public struct ClickPolicy: Sendable, Hashable {
    /// Clicks before the impression are rejected (C4, Y23, I25).
    public var requiresImpression: Bool
    /// A click later than this after the impression is invalid (Y23: 24 h); `nil` for no limit.
    public var maximumDelayAfterImpression: Duration?
    /// The provider's own code for an invalid click view (IFLY: 71503), kept in rejections (rule C6).
    public var invalidClickViewCode: Int?
    /// The rule external click views must meet, when the provider allows them (I12).
    public var externalClickRule: ExternalClickRule

    /// Creates a policy.
    public init(
        requiresImpression: Bool = true,
        maximumDelayAfterImpression: Duration? = nil,
        invalidClickViewCode: Int? = nil,
        externalClickRule: ExternalClickRule = ExternalClickRule()
    ) {
        self.invalidClickViewCode = invalidClickViewCode
        self.requiresImpression = requiresImpression
        self.maximumDelayAfterImpression = maximumDelayAfterImpression
        self.externalClickRule = externalClickRule
    }

    /// The default: a click counts only after the impression, with no time limit.
    public static let standard = ClickPolicy()
}
