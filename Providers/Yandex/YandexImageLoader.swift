public import AdCore

/// Loads the images of Yandex assets (rule Y14). Injected, so a UIKit bridge can plug in its image pipeline and
/// tests load images in virtual time.
///
/// Completions run on the main actor (rule Y11 by type).
///
/// ```swift
/// struct MyLoader: YandexImageLoader {
///     func loadImage(_ url: String, environment: ProviderEnvironment,
///                    completion: @escaping @MainActor (Result<Void, AdError>) -> Void) {
///         completion(.success(()))
///     }
/// }
/// ```
public protocol YandexImageLoader: Sendable {
    /// Loads one image and calls `completion` once, on the main actor.
    @MainActor
    func loadImage(
        _ url: String, environment: ProviderEnvironment,
        completion: @escaping @MainActor (Result<Void, AdError>) -> Void)
}
