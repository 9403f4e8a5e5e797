public import AdCore

/// What a Google full-screen ad tells its host (rule G8, Google's `GADFullScreenContentDelegate`), mapped from
/// the unified lifecycle's events.
///
/// | content event | unified event |
/// |---|---|
/// | `willPresent` | `.willPresent` |
/// | `impression` | `.impression` |
/// | `click` | `.click` |
/// | `failedToPresent` | `.failedToPresent` |
/// | `rewardEarned` | `.rewardEarned` (rewarded formats, before `willDismiss`) |
/// | `willDismiss` | `.willDismiss` |
/// | `didDismiss` | `.didDismiss` |
/// | `expired` | `.expired` |
///
/// ```swift
/// ad.onContentEvent { event in
///     if case .didDismiss = event { loadNext() }
/// }
/// ```
public enum FullScreenContentEvent: Sendable, Equatable, CustomStringConvertible {
    /// The ad is about to cover its window.
    case willPresent
    /// The impression was recorded.
    case impression(ImpressionData)
    /// A click was recorded.
    case click
    /// The ad could not be presented, and why.
    case failedToPresent(AdError)
    /// The user earned the reward (rewarded formats).
    case rewardEarned(AdReward)
    /// The ad is about to go away.
    case willDismiss
    /// The ad went away.
    case didDismiss
    /// The ad expired before it was shown (rule G10).
    case expired

    /// The content event a unified event stands for, if any.
    public init?(_ event: AdEvent) {
        switch event {
        case .willPresent: self = .willPresent
        case .impression(let data): self = .impression(data)
        case .click: self = .click
        case .failedToPresent(let error): self = .failedToPresent(error)
        case .rewardEarned(let reward): self = .rewardEarned(reward)
        case .willDismiss: self = .willDismiss
        case .didDismiss: self = .didDismiss
        case .expired: self = .expired
        case .loadStarted, .loadSucceeded, .loadFailed, .bindingFailed, .rendered, .clickRejected, .closed, .jumped,
            .videoStateChanged:
            return nil
        }
    }

    /// The event's name: `willPresent`, `failedToPresent(expired)`.
    public var description: String {
        switch self {
        case .willPresent: "willPresent"
        case .impression: "impression"
        case .click: "click"
        case .failedToPresent(let error): "failedToPresent(\(error.code))"
        case .rewardEarned(let reward): "rewardEarned(\(reward.amount) \(reward.type))"
        case .willDismiss: "willDismiss"
        case .didDismiss: "didDismiss"
        case .expired: "expired"
        }
    }
}
