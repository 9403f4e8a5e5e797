/// The ad-source badge the host shows next to the ad (rule I5): a label ("广告") and the source's logo.
///
/// ```swift
/// badgeLabel.text = ad.adData?.adSourceBadge.text   // "广告"
/// ```
public struct NativeFeedAdSourceBadge: Sendable, Hashable {
    /// The badge's text; "广告" ("ad") when the response names none.
    public var text: String
    /// The source's logo, when the response names one.
    public var logoURL: String?

    /// Creates a badge.
    public init(text: String = "广告", logoURL: String? = nil) {
        self.text = text
        self.logoURL = logoURL
    }
}
