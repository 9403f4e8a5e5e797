/// Everything an ad tells its host, in one typed vocabulary shared by every provider.
///
/// Events reach the host on the main actor, in order, once (rule C2); a destroyed ad emits nothing (rule C5).
///
/// ```swift
/// ad.onEvent { event in
///     if case .impression(let data) = event { analytics.log(data) }
/// }
/// ```
public enum AdEvent: Sendable, Equatable, CustomStringConvertible {
    /// The provider started fetching.
    case loadStarted
    /// The ad loaded.
    case loadSucceeded(LoadedAdInfo)
    /// Loading failed (no fill, timeout, network, invalid response...).
    case loadFailed(AdError)
    /// Binding to the host's nodes failed (missing required assets, invalid binder).
    case bindingFailed(AdError)
    /// The ad is attached to its container ("did render"); never an impression by itself.
    case rendered
    /// The impression counted (rule C3).
    case impression(ImpressionData)
    /// A click counted (rule C4). `component` names a slider card when one was clicked.
    case click(component: String?)
    /// A click was not counted, and why.
    case clickRejected(AdError)
    /// A full-screen ad is about to appear.
    case willPresent
    /// A full-screen ad could not be shown.
    case failedToPresent(AdError)
    /// The user earned a reward (rewarded formats), always before `didDismiss`.
    case rewardEarned(AdReward)
    /// A full-screen ad is about to go away.
    case willDismiss
    /// A full-screen ad went away.
    case didDismiss
    /// The user closed a native ad with its close view.
    case closed
    /// The provider opened its landing page or store (`success` says whether it could).
    case jumped(success: Bool)
    /// Video playback changed state.
    case videoStateChanged(VideoState)
    /// The loaded ad outlived its time-to-live.
    case expired

    /// The event's name and payload in one short line.
    public var description: String {
        switch self {
        case .loadStarted: "loadStarted"
        case .loadSucceeded(let info): "loadSucceeded(\(info.providerID) \(info.adUnitID))"
        case .loadFailed(let error): "loadFailed(\(error.code))"
        case .bindingFailed(let error): "bindingFailed(\(error.code))"
        case .rendered: "rendered"
        case .impression(let data): "impression(\(data.component ?? data.adUnitID))"
        case .click(let component): "click(\(component ?? "ad"))"
        case .clickRejected(let error): "clickRejected(\(error.hint ?? error.code.rawValue))"
        case .willPresent: "willPresent"
        case .failedToPresent(let error): "failedToPresent(\(error.code))"
        case .rewardEarned(let reward): "rewardEarned(\(reward.amount) \(reward.type))"
        case .willDismiss: "willDismiss"
        case .didDismiss: "didDismiss"
        case .closed: "closed"
        case .jumped(let success): "jumped(\(success))"
        case .videoStateChanged(let state): "videoStateChanged(\(state))"
        case .expired: "expired"
        }
    }
}

/// A reward granted by a rewarded or rewarded-interstitial ad (rule G11).
///
/// ```swift
/// let reward = AdReward(type: "coins", amount: 10)
/// ```
public struct AdReward: Sendable, Hashable, Codable {
    /// The reward's kind, as configured with the provider ("coins").
    public var type: String
    /// How many.
    public var amount: Int

    /// Creates a reward.
    public init(type: String, amount: Int) {
        self.type = type
        self.amount = amount
    }
}

/// The state of an ad's video player.
///
/// ```swift
/// if case .videoStateChanged(.completed) = event { ... }
/// ```
public enum VideoState: String, Sendable, Hashable, Codable {
    /// Ready to play.
    case ready
    /// Playing.
    case playing
    /// Paused by the host or by the app going to the background.
    case paused
    /// Stopped by the host.
    case stopped
    /// Played to the end.
    case completed
    /// Skipped by the user.
    case skipped
    /// Playback failed.
    case failed
}
