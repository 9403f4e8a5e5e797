public import AdCore

extension GoogleProvider {
    /// The privacy signals Google passes on (H4), from the vendor's public documentation (anchor, not the seed):
    /// the TCF string, the US privacy and GPP strings, child-directed treatment, under-age-of-consent, and App
    /// Tracking Transparency. Google declares no start step: seed 002 names none.
    public static let honouredPrivacySignals: Set<PrivacySignal> = Set(PrivacySignal.allCases)
}
