public import AdCore
import Synchronization

/// An image loader that completes after a fixed delay on the host's scheduler: virtual time in tests and the
/// simulator. URLs listed in `failing` fail; every request is recorded.
///
/// ```swift
/// let loader = ScheduledImageLoader(delay: .milliseconds(300))
/// let provider = YandexProvider(imageLoader: loader)
/// ```
public final class ScheduledImageLoader: YandexImageLoader {
    /// How long each image takes.
    public let delay: Duration
    private let failing: Set<String>
    private let log = Mutex<[String]>([])

    /// Creates a loader.
    public init(delay: Duration = .milliseconds(200), failing: Set<String> = []) {
        self.delay = delay
        self.failing = failing
    }

    /// Every URL requested, in order.
    public var requested: [String] { log.withLock { $0 } }

    /// Completes after ``delay`` on the environment's scheduler.
    @MainActor
    public func loadImage(
        _ url: String, environment: ProviderEnvironment,
        completion: @escaping @MainActor (Result<Void, AdError>) -> Void
    ) {
        log.withLock { $0.append(url) }
        let fails = failing.contains(url)
        environment.scheduler.schedule(after: delay) {
            if fails {
                completion(
                    .failure(
                        AdError(
                            .network, "The image \(url) could not be loaded.", providerID: "yandex",
                            hint: "Check the image URL and the network; the ad still counts its impression.")))
            } else {
                completion(.success(()))
            }
        }
    }
}
