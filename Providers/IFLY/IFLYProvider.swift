public import AdCore
import AdCreative
import AdVAST
import Foundation

/// The iFLYTEK IFLYADLib 6.5.1 adapter: the self-rendered native feed (rules I1-I28).
///
/// Responses come through the host's transport as VAST 4.x with an `ifly-native-feed` extension; every
/// tracking URL leaves through the beacon sender. Exposure is the unified tracker with IFLY's rule (2/3 visible
/// for 500 ms, I24); clicks go through the unified `ClickValidator` with IFLY's policy (71503, I12, I13, I25).
///
/// ```swift
/// let host = AdHost(registry: try ProviderRegistry([IFLYProvider()]), scheduler: driver,
///                   transport: transport, beacons: beacons)
/// let ad = try NativeFeedAd(adUnitID: "feed-1", host: host)
/// await ad.load()
/// ```
public struct IFLYProvider: AdProvider {
    /// The provider's stable ID.
    public static let id: ProviderID = "ifly"
    /// IFLY's exposure rule: the container at least 2/3 visible for 500 ms continuously (I24).
    public static let exposureRule = ImpressionRule(minimumVisibleRatio: 2.0 / 3.0, minimumDuration: .milliseconds(500))
    /// IFLY's click policy: no click before exposure (I25), 71503 for invalid click views, the I12 rule for
    /// external click views with the container at least 2/3 visible.
    public static let clickPolicy = ClickPolicy(
        requiresImpression: true, invalidClickViewCode: IFLYErrorCode.clickViewsInvalid.rawValue,
        externalClickRule: ExternalClickRule(minimumContainerRatio: 2.0 / 3.0))

    /// IFLY's bounded retries (I23): one load call makes at most 3 attempts, again only after a transient failure
    /// (no fill, network, timeout); a malformed response is never retried.
    public static let retryPolicy = LoadRetryPolicy(
        maximumRetries: 2, retryable: [.noFill, .network, .timeout], scope: .loadCall)

    /// The provider's declaration.
    public let descriptor: ProviderDescriptor

    /// What a host must render of every IFLY feed ad: the ad-source badge, inside the container (rule I5).
    public static let requiredAssets: Set<AssetKind> = [.badge]

    /// Creates the provider (SDK 6.5.1, adapter build 0).
    public init(id: ProviderID = IFLYProvider.id) {
        descriptor = ProviderDescriptor(
            id: id, displayName: "iFLYTEK IFLYADLib", version: ProviderVersion(6, 5, 1, 0),
            supportedFormats: [.native], impressionRule: Self.exposureRule, clickPolicy: Self.clickPolicy,
            providerCodes: [.expired: IFLYErrorCode.expired.rawValue], retryPolicy: Self.retryPolicy,
            requiredAssets: [.native: Self.requiredAssets],
            startRequirements: Self.startRequirements,
            honouredPrivacySignals: Self.honouredPrivacySignals, globalVendorListID: Self.globalVendorListID)
    }

    /// Fetches the ad unit's response through the host's transport and decodes it.
    ///
    /// - Throws: the transport's errors; `invalidResponse` (VAST 100) for malformed XML; `noFill` (VAST 303);
    ///   `invalidResponse` for a response that is not the IFLY dialect.
    @MainActor
    public func load(_ request: AdRequest, environment: ProviderEnvironment) async throws(AdError) -> any ProviderAd {
        let load = try await environment.loadVAST(
            TransportRequest(
                providerID: descriptor.id, adUnitID: request.adUnitID, format: request.format,
                parameters: request.parameters, timeout: request.timeout)
        ) { error in
            AdError(
                AdError.Code(rawValue: error.kind.rawValue), "The IFLY response could not be parsed: \(error.message)",
                providerID: descriptor.id, vastCode: error.vastCode,
                hint: error.hint ?? "Serve a well-formed VAST document in the IFLY dialect (Docs/Dialects.md).",
                underlying: error)
        }
        let feed: IFLYFeedResponse
        let id = descriptor.id
        do throws(AdError) {
            // Decoded once per served file when the transport serves the file many times (the decoder reads no
            // price).
            feed = try load.decoded(key: id.rawValue) { document throws(AdError) in
                try IFLYFeedResponse(document: document, providerID: id)
            }
        } catch {
            if error.code == .noFill {
                let document = load.document
                let urls = document.errorURLs + document.ads.flatMap(\.errorURLs)
                environment.pingErrors(urls, code: 303)
            }
            throw error
        }
        let now = environment.scheduler.now
        let info = LoadedAdInfo(
            providerID: descriptor.id, adUnitID: request.adUnitID, format: request.format,
            creativeID: feed.creativeID, loadedAt: now, expiresAt: feed.timeToLive.map { now.advanced(by: $0) })
        return IFLYFeedAd(info: info, response: feed, beacons: environment.beacons, stamps: environment.stamps)
    }
}
