import AdCore

/// A scripted provider that reports a price: the transport's body is `creative` or `creative@micros`
/// (`"cr-1@2500"`: creative `cr-1`, bid 2 500 micros USD, exact). Replies (fill, error, delay, silence) come from
/// the host's `InMemoryTransport`, so timeouts and late bids happen in virtual time.
struct PricedProvider: AdProvider {
    let descriptor: ProviderDescriptor
    let timeToLive: Duration?

    /// - Parameters:
    ///   - timeToLive: the expiry each loaded ad declares itself.
    ///   - defaultTimeToLive: the descriptor's expiry per format, for ads that declare none.
    init(
        id: ProviderID, formats: Set<AdFormat> = [.interstitial, .native], timeToLive: Duration? = nil,
        defaultTimeToLive: [AdFormat: Duration] = [:]
    ) {
        descriptor = ProviderDescriptor(
            id: id, displayName: "Priced \(id)", version: ProviderVersion(1, 0, 0, 0), supportedFormats: formats,
            impressionRule: ImpressionRule(minimumVisibleRatio: 0.5, minimumDuration: .zero),
            timeToLive: defaultTimeToLive)
        self.timeToLive = timeToLive
    }

    @MainActor
    func load(_ request: AdRequest, environment: ProviderEnvironment) async throws(AdError) -> any ProviderAd {
        let response = try await environment.fetch(
            TransportRequest(
                providerID: descriptor.id, adUnitID: request.adUnitID, format: request.format,
                timeout: request.timeout))
        let body = String(decoding: response.body, as: UTF8.self)
        let parts = body.split(separator: "@")
        let revenue =
            parts.count == 2 ? Int64(parts[1]).map { Revenue(micros: $0, currency: "USD", precision: .exact) } : nil
        let now = environment.scheduler.now
        return PricedAd(
            info: LoadedAdInfo(
                providerID: descriptor.id, adUnitID: request.adUnitID, format: request.format,
                creativeID: parts.first.map(String.init), loadedAt: now,
                expiresAt: timeToLive.map { now.advanced(by: $0) }, revenue: revenue))
    }
}

@MainActor
final class PricedAd: ProviderAd {
    let info: LoadedAdInfo

    init(info: LoadedAdInfo) { self.info = info }

    func present(_ presentation: PresentationContext, context: ProviderContext) throws(AdError) {}
    func attach(_ binding: AdBinding, context: ProviderContext) throws(AdError) {}
}
