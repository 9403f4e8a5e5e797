public import AdCore

/// Where a ``SliderAdState`` is (rule Y2).
///
/// ```swift
/// switch state.phase {
/// case .loaded(let slider): render(slider.layout)
/// case .failed(let error): print(error)
/// case .idle, .loading: showPlaceholder()
/// }
/// ```
public enum SliderAdPhase: Sendable, CustomStringConvertible {
    /// Nothing requested yet.
    case idle
    /// The request is in flight.
    case loading
    /// The slider loaded and can be shown.
    case loaded(SliderAd)
    /// Loading failed; `loadAd()` sends the request again (within the retry policy).
    case failed(AdError)

    /// `idle`, `loading`, `loaded(n cards)`, `failed(code)`.
    public var description: String {
        switch self {
        case .idle: "idle"
        case .loading: "loading"
        case .loaded: "loaded"
        case .failed(let error): "failed(\(error.code))"
        }
    }

    /// The loaded slider, if any.
    public var slider: SliderAd? {
        if case .loaded(let slider) = self { return slider }
        return nil
    }

    /// The failure, if any.
    public var error: AdError? {
        if case .failed(let error) = self { return error }
        return nil
    }
}
