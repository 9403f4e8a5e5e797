/// Which build the app is: a build that goes to the store must not ship a demo ad unit (rule Y16).
///
/// The seed asks to replace the demo ad unit "before the app is published in the store"; a TestFlight (or other
/// store beta) build is uploaded to the store too, so it is warned about like a release build.
///
/// ```swift
/// let provider = YandexProvider(configuration: .release)
/// ```
public enum YandexBuildConfiguration: String, Sendable, Hashable, CaseIterable {
    /// A development build: demo ad units are what it should use.
    case debug
    /// A store beta (TestFlight, internal testing tracks): uploaded to the store, so a demo unit is reported.
    case storeBeta
    /// A build meant for the store: a demo ad unit is reported.
    case release

    /// Whether the build is uploaded to the store, where a demo ad unit must not be (rule Y16).
    public var isUploadedToStore: Bool { self != .debug }
}
