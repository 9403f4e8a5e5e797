import AdCore
import AdCreative

/// A provider (IAB vendor 7) that sends what a real one sends: its request's parameters (a targeting ID among them)
/// through the transport, and an impression beacon whose URL carries the privacy macros, expanded with the stamps it
/// got at load (as every built-in provider keeps `environment.stamps`).
struct PrivacyProbeProvider: AdProvider {
    static let impressionTemplate =
        "https://t.example.test/imp?gdpr_consent=[GDPRCONSENT]&regs=[REGULATIONS]&lat=[LIMITADTRACKING]"

    /// The probe's IAB Global Vendor List ID (H14): a TC string records consent for it.
    static let vendorID = 7

    let descriptor = ProviderDescriptor(
        id: "probe", displayName: "Probe", version: ProviderVersion(1, 0, 0, 0), supportedFormats: [.native],
        impressionRule: ImpressionRule(minimumVisibleRatio: 0.5, minimumDuration: .zero),
        honouredPrivacySignals: [.gdpr, .childDirected], globalVendorListID: PrivacyProbeProvider.vendorID)

    @MainActor
    func load(_ request: AdRequest, environment: ProviderEnvironment) async throws(AdError) -> any ProviderAd {
        let response = try await environment.fetch(
            TransportRequest(
                providerID: descriptor.id, adUnitID: request.adUnitID, format: request.format,
                parameters: request.parameters, url: request.parameters["wrapper"], timeout: request.timeout))
        return PrivacyProbeAd(
            info: LoadedAdInfo(
                providerID: descriptor.id, adUnitID: request.adUnitID, format: request.format,
                creativeID: String(decoding: response.body, as: UTF8.self), loadedAt: environment.scheduler.now),
            beacons: environment.beacons, stamps: environment.stamps)
    }
}
