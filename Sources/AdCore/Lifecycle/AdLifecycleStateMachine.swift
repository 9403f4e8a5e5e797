/// The one lifecycle of every ad (rules C1, C2, C5, C7) as a value type: each input returns an ``Action``.
///
/// The machine decides; its driver (``UnifiedAd``) performs: it delivers the events, reports the rejections to
/// the caller and logs what was ignored. Illegal calls (bind before load, present twice, anything after destroy)
/// become typed errors, and provider callbacks that arrive twice or too late are ignored, never crashes.
///
/// ```swift
/// var machine = AdLifecycleStateMachine()
/// machine.startLoad()                  // .emit([.loadStarted])
/// machine.loadSucceeded(info)          // .emit([.loadSucceeded(info)])
/// machine.bind()                       // .emit([.rendered])
/// machine.bind()                       // .reject(notReady: already bound)
/// ```
public struct AdLifecycleStateMachine: Sendable {
    /// What the driver must do.
    public enum Action: Sendable, Equatable {
        /// Deliver these events to the host, in order.
        case emit([AdEvent])
        /// The caller's request is refused with this error; nothing changes.
        case reject(AdError)
        /// A late or repeated provider callback; drop it (the reason is for diagnostics).
        case ignore(String)
    }

    /// The current phase.
    public private(set) var phase: AdPhase = .idle
    /// The info of the loaded ad, once loaded.
    public private(set) var info: LoadedAdInfo?
    /// Whether the impression has counted.
    public private(set) var impressionCounted = false
    /// Whether a reward has been granted.
    public private(set) var rewardGranted = false
    /// Whether the ad was ever presented (full-screen ads show once, rule G9).
    public private(set) var wasPresented = false

    private let providerID: ProviderID?

    /// Creates a machine in the `idle` phase.
    public init(providerID: ProviderID? = nil) { self.providerID = providerID }

    /// The host asked to load.
    public mutating func startLoad() -> Action {
        switch phase {
        case .idle, .failed:
            phase = .loading
            return .emit([.loadStarted])
        case .loading:
            return .reject(error(.notReady, "A load is already in progress.", "Wait for loadSucceeded or loadFailed."))
        case .destroyed:
            return destroyedRejection("load")
        default:
            return .reject(
                error(
                    .alreadyUsed, "The ad is already loaded (\(phase)).", "Create a new ad object to load another ad."))
        }
    }

    /// The provider delivered an ad.
    public mutating func loadSucceeded(_ info: LoadedAdInfo) -> Action {
        guard case .loading = phase else { return .ignore("loadSucceeded while \(phase)") }
        phase = .loaded
        self.info = info
        return .emit([.loadSucceeded(info)])
    }

    /// The provider failed, or the load timed out (rule C7).
    public mutating func loadFailed(_ failure: AdError) -> Action {
        guard case .loading = phase else { return .ignore("loadFailed while \(phase)") }
        phase = .failed(failure)
        return .emit([.loadFailed(failure)])
    }

    /// The host asked to bind a native ad to its container.
    public mutating func bind() -> Action {
        switch phase {
        case .loaded:
            phase = .bound
            return .emit([.rendered])
        case .bound:
            return .reject(error(.notReady, "The ad is already bound.", "Call detach() before binding it elsewhere."))
        default:
            return .reject(notUsable("bind"))
        }
    }

    /// Binding failed: the ad stays as it was (loaded, or still bound to its current container when a move to
    /// another one was refused) and may be bound again once the host fixes its layout.
    public mutating func bindingFailed(_ failure: AdError) -> Action {
        switch phase {
        case .loaded, .bound: return .emit([.bindingFailed(failure)])
        default: return .ignore("bindingFailed while \(phase)")
        }
    }

    /// The host detached a bound ad from its container; it may be bound again.
    public mutating func detach() -> Action {
        switch phase {
        case .bound:
            phase = .loaded
            return .emit([])
        case .destroyed:
            return destroyedRejection("detach")
        default:
            return .reject(error(.detached, "The ad is not bound (\(phase)).", "Only a bound ad can be detached."))
        }
    }

    /// The host asked to present a full-screen ad.
    public mutating func present() -> Action {
        switch phase {
        case .loaded where !wasPresented:
            phase = .presented
            wasPresented = true
            return .emit([.willPresent])
        case .presented, .closed, .loaded:
            return .reject(
                error(.alreadyUsed, "A full-screen ad shows once; this one was already presented.", "Load a new ad."))
        default:
            return .reject(notUsable("present"))
        }
    }

    /// A call to present was refused and nothing changed (already used, expired): the failure is reported
    /// after load, the phase stays as it is.
    public mutating func presentRefused(_ failure: AdError) -> Action {
        switch phase {
        case .loaded, .presented, .closed, .expired:
            return .emit([.failedToPresent(failure)])
        default:
            return .ignore("presentRefused while \(phase)")
        }
    }

    /// Presenting failed before anything was shown.
    public mutating func presentFailed(_ failure: AdError) -> Action {
        switch phase {
        case .presented:
            phase = .loaded
            wasPresented = false
            return .emit([.failedToPresent(failure)])
        case .loaded, .expired:
            return .emit([.failedToPresent(failure)])
        default:
            return .ignore("presentFailed while \(phase)")
        }
    }

    /// The impression counted (by the tracker or the provider). Counted once (rule C3).
    public mutating func impression(_ data: ImpressionData) -> Action {
        switch phase {
        case .bound, .presented:
            guard !impressionCounted else { return .ignore("second impression") }
            impressionCounted = true
            return .emit([.impression(data)])
        default:
            return .ignore("impression while \(phase)")
        }
    }

    /// A click the validator accepted.
    public mutating func click(component: String?) -> Action {
        switch phase {
        case .bound, .presented:
            return .emit([.click(component: component)])
        default:
            return .ignore("click while \(phase)")
        }
    }

    /// The user earned the reward. Granted once, and only while presented (so always before `didDismiss`).
    public mutating func reward(_ reward: AdReward) -> Action {
        guard case .presented = phase else { return .ignore("reward while \(phase)") }
        guard !rewardGranted else { return .ignore("second reward") }
        rewardGranted = true
        return .emit([.rewardEarned(reward)])
    }

    /// A full-screen ad was dismissed.
    public mutating func dismiss() -> Action {
        guard case .presented = phase else { return .ignore("dismiss while \(phase)") }
        phase = .closed
        return .emit([.willDismiss, .didDismiss])
    }

    /// The user closed a native ad.
    public mutating func close() -> Action {
        guard case .bound = phase else { return .ignore("close while \(phase)") }
        phase = .closed
        return .emit([.closed])
    }

    /// A provider event that does not change the phase (jump, video state); delivered only while the ad is live.
    public mutating func passThrough(_ event: AdEvent) -> Action {
        switch phase {
        case .bound, .presented, .loaded:
            return .emit([event])
        default:
            return .ignore("\(event) while \(phase)")
        }
    }

    /// The ad's time-to-live ran out. A shown ad does not expire.
    public mutating func expire() -> Action {
        guard case .loaded = phase, !wasPresented else { return .ignore("expire while \(phase)") }
        phase = .expired
        return .emit([.expired])
    }

    /// The ad was destroyed: it never emits again (rule C5). Destroying twice is harmless.
    public mutating func destroy() -> Action {
        phase = .destroyed
        return .emit([])
    }

    private func notUsable(_ call: String) -> AdError {
        switch phase {
        case .idle, .loading:
            error(.notReady, "Cannot \(call) before the ad has loaded (\(phase)).", "Wait for loadSucceeded.")
        case .failed(let failure):
            error(.notReady, "Cannot \(call): loading failed (\(failure.code)).", "Load again or use another ad.")
        case .expired:
            error(.expired, "Cannot \(call): the ad expired before it was shown.", "Load a fresh ad.")
        case .destroyed:
            error(.cancelled, "Cannot \(call): the ad was destroyed.", "Load a new ad; a destroyed ad is never reused.")
        case .closed:
            error(.alreadyUsed, "Cannot \(call): the ad was closed.", "Load a new ad.")
        case .presented:
            error(.notReady, "Cannot \(call) a full-screen ad that is on screen.", "Wait for didDismiss.")
        case .loaded, .bound:
            error(.notReady, "Cannot \(call) while \(phase).", "Check the ad's phase before calling \(call).")
        }
    }

    private func destroyedRejection(_ call: String) -> Action { .reject(notUsable(call)) }

    private func error(_ code: AdError.Code, _ message: String, _ hint: String) -> AdError {
        AdError(code, message, providerID: providerID, hint: hint)
    }
}
