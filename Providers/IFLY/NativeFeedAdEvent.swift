public import AdCore

/// The IFLY native feed callbacks (rule I21), each one mapped from the unified lifecycle's `AdEvent`.
///
/// *Did render* means attached; it is never an exposure or a click. A jump carries only its success: the host
/// never receives a URL to open (I20).
///
/// ```swift
/// ad.onEvent { event in
///     if case .didExpose = event { analytics.exposed() }
/// }
/// ```
public enum NativeFeedAdEvent: Sendable, Equatable, CustomStringConvertible {
    /// `nativeFeedAdDidLoad:` (unified `.loadSucceeded`).
    case didLoad
    /// `nativeFeedAdDidRender:`: attached (unified `.rendered`).
    case didRender
    /// `nativeFeedAdDidExpose:`: the exposure counted (unified `.impression`).
    case didExpose
    /// `nativeFeedAdDidClick:` (unified `.click`).
    case didClick
    /// `nativeFeedAd:didJumpWithSuccess:` (unified `.jumped(success:)`).
    case didJump(success: Bool)
    /// `nativeFeedAdDidClose:` (unified `.closed`).
    case didClose
    /// `nativeFeedAd:didFailWithError:` (unified `.loadFailed`).
    case didFail(AdError)
    /// `nativeFeedAd:didFailToRenderWithError:`: attach failed (unified `.bindingFailed`).
    case didFailToRender(AdError)
    /// The video player's state changed (unified `.videoStateChanged`).
    case videoStateChanged(VideoState)
    /// `nativeFeedAd:didRejectClickWithError:`: a click was refused, 71503 with `[71503/<point>]`
    /// (unified `.clickRejected`).
    case didRejectClick(AdError)
    /// The ad outlived its time-to-live before it was attached (unified `.expired`).
    case didExpire

    /// The IFLY callback for a unified event, or `nil` for events IFLY has no callback for (`loadStarted`).
    public init?(_ event: AdEvent) {
        switch event {
        case .loadSucceeded: self = .didLoad
        case .rendered: self = .didRender
        case .impression: self = .didExpose
        case .click: self = .didClick
        case .jumped(let success): self = .didJump(success: success)
        case .closed, .didDismiss: self = .didClose
        case .loadFailed(let error): self = .didFail(error)
        case .bindingFailed(let error), .failedToPresent(let error): self = .didFailToRender(error)
        case .videoStateChanged(let state): self = .videoStateChanged(state)
        case .clickRejected(let error): self = .didRejectClick(error)
        case .expired: self = .didExpire
        case .loadStarted, .willPresent, .willDismiss, .rewardEarned: return nil
        }
    }

    /// The callback's name and payload: `didJump(true)`, `didRejectClick([71503/visibility] ...)`.
    public var description: String {
        switch self {
        case .didLoad: "didLoad"
        case .didRender: "didRender"
        case .didExpose: "didExpose"
        case .didClick: "didClick"
        case .didJump(let success): "didJump(\(success))"
        case .didClose: "didClose"
        case .didFail(let error): "didFail(\(error.providerCode.map(String.init) ?? error.code.rawValue))"
        case .didFailToRender(let error):
            "didFailToRender(\(error.providerCode.map(String.init) ?? error.code.rawValue))"
        case .videoStateChanged(let state): "videoStateChanged(\(state.rawValue))"
        case .didRejectClick(let error): "didRejectClick(\(error.hint ?? error.message))"
        case .didExpire: "didExpire"
        }
    }
}
