/// Which build the app is: a release build must not ship a demo ad unit (rule Y16).
///
/// ```swift
/// let provider = YandexProvider(configuration: .release)
/// ```
public enum YandexBuildConfiguration: String, Sendable, Hashable {
    /// A development build: demo ad units are fine.
    case debug
    /// A build meant for the store: a demo ad unit raises a warning.
    case release
}
