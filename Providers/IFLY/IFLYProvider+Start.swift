public import AdCore

extension IFLYProvider {
    /// IFLY's start step (H1): seed 004 asks the host to read "configuration and privacy" first and builds each
    /// request with that guide's `requestConfig`. The guide is not among the seeds, so no key is required here;
    /// the step is declared so loads wait for it and a load before it is reported.
    public static let startRequirements = ProviderStartRequirements(
        needsStart: true, timeout: .seconds(10),
        reason: "IFLYADLib must be configured (the configuration and privacy guide) before use")

    /// The privacy signals IFLY passes on (H4): none claimed. The seed names a privacy guide it does not include,
    /// so the adapter claims no signal it cannot show it passes on; child-directed requests skip IFLY (H5), and
    /// AdBridge still keeps personalising parameters in the app without consent (H6).
    public static let honouredPrivacySignals: Set<PrivacySignal> = []

    /// iFLYTEK's ID in the IAB Europe Global Vendor List: none. Seed 004 names none and the vendor's public
    /// documentation found names none. So no TC string can record consent for IFLY: under GDPR its requests always
    /// go out without personalisation, and are never excluded by the TC string (H14, Docs/Privacy.md).
    public static let globalVendorListID: Int? = nil

    /// Configures IFLYADLib for this host: nothing to fetch in this adapter; recorded in diagnostics.
    @MainActor
    public func start(_ configuration: ProviderConfiguration, environment: ProviderEnvironment) async throws(AdError) {
        environment.diagnostics.record(.info, "IFLYADLib \(descriptor.version) configured.")
    }
}
