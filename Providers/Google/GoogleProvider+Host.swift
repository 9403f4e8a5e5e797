public import AdCore

extension GoogleProvider {
    /// The privacy signals Google passes on (H4), from the vendor's public documentation (anchor, not the seed):
    /// the TCF string, the US privacy and GPP strings, child-directed treatment, under-age-of-consent, and App
    /// Tracking Transparency. Google declares no start step: seed 002 names none.
    public static let honouredPrivacySignals: Set<PrivacySignal> = Set(PrivacySignal.allCases)

    /// Google's ID in the IAB Europe Global Vendor List (TCF): 755, "Google Advertising Products" (a public fact,
    /// not from seed 002). Under GDPR a Google request is personalised only when the TC string gives vendor 755
    /// consent, and sent at all only when it gives it a legal basis for basic ads (H14, H15).
    public static let globalVendorListID = 755

    /// Google's public test ad units for iOS, per format (anchor: the vendor's documentation, not seed 002): where
    /// host test mode sends Google requests (H9).
    public static let testAdUnits: [AdFormat: String] = [
        .interstitial: "ca-app-pub-3940256099942544/4411468910",
        .rewarded: "ca-app-pub-3940256099942544/1712485313",
        .rewardedInterstitial: "ca-app-pub-3940256099942544/6978759866",
    ]

    /// Every test ad unit Google publishes belongs to its test publisher (anchor: the vendor's documentation): a
    /// unit that begins with this is a test unit, whatever its format (H10).
    public static let testAdUnitPrefix = "ca-app-pub-3940256099942544/"
}
