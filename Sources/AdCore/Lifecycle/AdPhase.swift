/// Where an ad is in the one lifecycle every format shares (rule C1):
/// load → bind or present → impression → click/close → detach/destroy.
///
/// ```swift
/// switch ad.phase {
/// case .loaded: try ad.bind(binding)
/// case .failed(let error): print(error)
/// default: break
/// }
/// ```
public enum AdPhase: Sendable, Equatable, CustomStringConvertible {
    /// Nothing has been requested yet.
    case idle
    /// The provider is fetching the ad.
    case loading
    /// The ad is ready to bind (native) or present (full-screen).
    case loaded
    /// A native ad is attached to a host container.
    case bound
    /// A full-screen ad is on screen.
    case presented
    /// The user closed the ad (native close view, or a full-screen ad dismissed).
    case closed
    /// Loading failed; `load()` may be called again.
    case failed(AdError)
    /// The ad outlived its time-to-live before it was shown.
    case expired
    /// The ad was destroyed; it never emits again (rule C5).
    case destroyed

    /// The phase's name: `loaded`, `failed(noFill)`.
    public var description: String {
        switch self {
        case .idle: "idle"
        case .loading: "loading"
        case .loaded: "loaded"
        case .bound: "bound"
        case .presented: "presented"
        case .closed: "closed"
        case .failed(let error): "failed(\(error.code))"
        case .expired: "expired"
        case .destroyed: "destroyed"
        }
    }
}
