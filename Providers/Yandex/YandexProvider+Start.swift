public import AdCore

extension YandexProvider {
    /// Yandex's start step (H1): seed 000's prerequisite "initialise the ad SDK in advance". No key: the ad unit
    /// travels with each request.
    public static let startRequirements = ProviderStartRequirements(
        needsStart: true, timeout: .seconds(10), reason: "the Yandex Mobile Ads SDK must be initialised before use")

    /// The privacy signals Yandex passes on (H4), from the vendor's public documentation (anchor, not the seed):
    /// user consent and the TCF string, the age-restricted (child) user flag, and location/tracking consent.
    public static let honouredPrivacySignals: Set<PrivacySignal> = [.gdpr, .childDirected, .trackingAuthorization]

    /// Yandex's ID in the IAB Europe Global Vendor List: none. Seed 000 names none, and the vendor's public
    /// documentation says its SDK reads the TC string but gives no vendor ID (Prebid's Yandex page: "IAB GVL ID:
    /// check with bidder"). So no TC string can record consent for Yandex: under GDPR its requests always go out
    /// without personalisation, and are never excluded by the TC string (H14, Docs/Privacy.md).
    public static let globalVendorListID: Int? = nil

    /// Initialises the SDK for this host: nothing to fetch in this adapter; recorded in diagnostics (rule Y17).
    @MainActor
    public func start(_ configuration: ProviderConfiguration, environment: ProviderEnvironment) async throws(AdError) {
        environment.diagnostics.record(.info, "Yandex Mobile Ads \(descriptor.version) initialised.")
    }
}
