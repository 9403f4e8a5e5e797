/// A button that presents a full-screen placement (`interstitial`, `rewarded` or `rewardedInterstitial`) when a
/// user taps it; how often users tap is ``ScenarioUsers/fullScreenOpensPerSession``.
///
/// ```json
/// { "placement": "rewarded", "label": "Watch a video for 10 coins" }
/// ```
///
/// ```swift
/// let button = ScreenButton(placement: "rewarded", label: "Watch a video for 10 coins")
/// ```
public struct ScreenButton: Sendable, Equatable, Codable {
    /// The full-screen placement's ID.
    public var placement: String
    /// The button's title. Default "Show ad".
    public var label: String

    /// Creates a button.
    public init(placement: String, label: String = "Show ad") {
        self.placement = placement
        self.label = label
    }

    private enum CodingKeys: String, CodingKey { case placement, label }

    /// Decodes the button; `label` is optional.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(placement: try container.decode(String.self, forKey: .placement))
        try container.decodeIfPresent(&label, forKey: .label)
    }
}
