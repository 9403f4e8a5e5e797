public import AdCore
import AdCreative
import AdVAST

/// A complete third-party provider written against AdCore, AdCreative and AdVAST only: the shape an SDK vendor copies.
/// Its server answers VAST whose ad carries the house-ads fields in its own extension (``ExampleResponse``); it
/// loads through the host's transport, parses with AdBridge's parser, maps its fields to the shared native content,
/// tracks with the host's stamps, opens its click-through through the host, and passes the conformance kit.
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
            contractVersion: contractVersion, timeToLive: [.native: .seconds(3_600), .interstitial: .seconds(3_600)],
            providerCodes: [.noFill: 204, .invalidResponse: 400])
    }

    /// Fetches and parses the response with `environment.loadVAST(_:)`, the one recommended call (the host's
    /// transport, its timeout raced on the scheduler, AdCreative's parser), then reads the house-ads fields.
    @MainActor
    public func load(_ request: AdRequest, environment: ProviderEnvironment) async throws(AdError) -> any ProviderAd {
        let load = try await environment.loadVAST(
            TransportRequest(
                providerID: descriptor.id, adUnitID: request.adUnitID, format: request.format,
                parameters: request.parameters, timeout: request.timeout))
        // The recommended decode: once per served file when a host serves one file many times (Docs/Simulation.md).
        let id = descriptor.id
        let fields = try load.decoded(key: id.rawValue) { document throws(AdError) in
            try ExampleResponse(document: document, providerID: id)
        }
        let now = environment.scheduler.now
        let info = LoadedAdInfo(
            providerID: descriptor.id, adUnitID: request.adUnitID, format: request.format,
            creativeID: fields.creativeID, loadedAt: now,
            expiresAt: fields.timeToLive.map { now.advanced(by: $0) },
            revenue: fields.priceMicros.map { Revenue(micros: $0, currency: "USD", precision: .estimated) })
        return ExampleAd(info: info, response: fields, beacons: environment.beacons, stamps: environment.stamps)
    }
}
