public import AdCore

/// A complete third-party provider written against AdCore alone: the shape an SDK vendor copies.
///
/// Its responses are tiny `key: value` texts (a real provider would parse VAST with AdCreative):
///
/// ```text
/// creative: ex-42
/// ttl: 3600
/// required: title, callToAction
/// priceMicros: 1500000
/// impression: https://t.example/imp?c=ex-42
/// click: https://t.example/click?c=ex-42
/// ```
///
/// An empty body means no fill.
///
/// ```swift
/// var registry = ProviderRegistry()
/// try registry.register(ExampleProvider())
/// ```
public struct ExampleProvider: AdProvider {
    /// The provider's declaration.
    public let descriptor: ProviderDescriptor

    /// Creates the provider; `contractVersion` may be changed to show how registration refuses a mismatch.
    public init(id: ProviderID = "example", contractVersion: Int = AdBridgeContract.version) {
        descriptor = ProviderDescriptor(
            id: id, displayName: "Example Ads", version: ProviderVersion(1, 2, 0, 3),
            supportedFormats: [.native, .interstitial], impressionRule: .mrcDisplay,
            contractVersion: contractVersion)
    }

    /// Fetches the response through the host's transport (`environment.fetch`: its timeout raced on the scheduler)
    /// and parses it.
    @MainActor
    public func load(_ request: AdRequest, environment: ProviderEnvironment) async throws(AdError) -> any ProviderAd {
        let response = try await environment.fetch(
            TransportRequest(
                providerID: descriptor.id, adUnitID: request.adUnitID, format: request.format,
                parameters: request.parameters, timeout: request.timeout))
        let fields = try ExampleResponse(bytes: response.body, providerID: descriptor.id)
        let now = environment.scheduler.now
        let info = LoadedAdInfo(
            providerID: descriptor.id, adUnitID: request.adUnitID, format: request.format,
            creativeID: fields.creativeID, loadedAt: now,
            expiresAt: fields.timeToLive.map { now.advanced(by: $0) },
            revenue: fields.priceMicros.map { Revenue(micros: $0, currency: "USD", precision: .estimated) })
        return ExampleAd(info: info, response: fields, beacons: environment.beacons)
    }
}
