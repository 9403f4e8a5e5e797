public import AdCore

/// The default image loader: fetches each image through the host's `ResponseTransport` (HTTP in apps, memory
/// or a fixture folder in tests and the simulator), its timeout raced on the scheduler
/// (`ProviderEnvironment.fetch`), so no request bypasses the host.
///
/// ```swift
/// let provider = YandexProvider(imageLoader: TransportImageLoader())
/// ```
public struct TransportImageLoader: YandexImageLoader {
    /// How long one image may take.
    public var timeout: Duration

    /// Creates a loader.
    public init(timeout: Duration = .seconds(10)) {
        self.timeout = timeout
    }

    /// Fetches the URL; an empty body counts as a failure.
    @MainActor
    public func loadImage(
        _ url: String, environment: ProviderEnvironment,
        completion: @escaping @MainActor (Result<Void, AdError>) -> Void
    ) {
        let request = TransportRequest(
            providerID: YandexProvider.id, adUnitID: "", url: url, timeout: timeout, payload: .media)
        environment.scheduler.spawn {
            do throws(AdError) {
                let response = try await environment.fetch(request)
                guard !response.body.isEmpty else {
                    throw AdError(
                        .invalidResponse, "The image \(url) is empty.", providerID: YandexProvider.id,
                        hint: "Check the image URL of the ad; the impression still counts without it.")
                }
                completion(.success(()))
            } catch {
                completion(.failure(error))
            }
        }
    }
}
