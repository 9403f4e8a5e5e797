/// Where one provider's start stands.
///
/// ```swift
/// switch host.startup.state(of: "yandex") {
/// case .ready: print("yandex is ready")
/// case .failed(let error): print(error.message, error.hint ?? "")
/// case .notStarted, .starting: break
/// }
/// ```
public enum ProviderStartState: Sendable, Equatable, CustomStringConvertible {
    /// Nobody asked it to start yet.
    case notStarted
    /// Its start runs since `since`, until `deadline` at the latest.
    case starting(since: AdInstant, deadline: AdInstant)
    /// It started at `at`: loads go ahead.
    case ready(at: AdInstant)
    /// Its start failed (typed, with a hint): mediation skips it (`notReady`), loads fail with `providerNotReady`.
    case failed(AdError)

    /// Whether the start ended (ready or failed).
    public var isSettled: Bool {
        switch self {
        case .ready, .failed: true
        case .notStarted, .starting: false
        }
    }

    /// Whether the provider is ready.
    public var isReady: Bool {
        if case .ready = self { return true }
        return false
    }

    /// The start's error, when it failed.
    public var error: AdError? {
        if case .failed(let error) = self { return error }
        return nil
    }

    /// `notStarted`, `starting`, `ready` or `failed(<code>)`.
    public var description: String {
        switch self {
        case .notStarted: "notStarted"
        case .starting: "starting"
        case .ready: "ready"
        case .failed(let error): "failed(\(error.code))"
        }
    }
}
