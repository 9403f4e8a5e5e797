/// What a provider declares about itself when it registers.
///
/// ```swift
/// let descriptor = ProviderDescriptor(
///     id: "example", displayName: "Example Ads", version: ProviderVersion(1, 0, 0, 1),
///     supportedFormats: [.native], impressionRule: .mrcDisplay)
/// ```
public struct ProviderDescriptor: Sendable, Hashable {
    /// Every fact below, behind one reference: a descriptor goes with every load a host admits, and each copy of
    /// the facts inline would retain each of its strings, sets and dictionaries (a dozen) and copy 320 bytes.
    private var storage: Storage

    /// The provider's stable identifier.
    public var id: ProviderID {
        get { storage.fields.id }
        set { update { $0.id = newValue } }
    }
    /// A human-readable name.
    public var displayName: String {
        get { storage.fields.displayName }
        set { update { $0.displayName = newValue } }
    }
    /// The vendor SDK version plus the adapter build.
    public var version: ProviderVersion {
        get { storage.fields.version }
        set { update { $0.version = newValue } }
    }
    /// The formats it can serve.
    public var supportedFormats: Set<AdFormat> {
        get { storage.fields.supportedFormats }
        set { update { $0.supportedFormats = newValue } }
    }
    /// Its viewability rule for impressions (rule C3).
    public var impressionRule: ImpressionRule {
        get { storage.fields.impressionRule }
        set { update { $0.impressionRule = newValue } }
    }
    /// How it counts clicks.
    public var clickPolicy: ClickPolicy {
        get { storage.fields.clickPolicy }
        set { update { $0.clickPolicy = newValue } }
    }
    /// `true` when the provider decides and emits its own impressions (through its event sink, still checked
    /// against rule C3 by the unified layer); `false` when the unified layer's tracker decides them.
    public var selfReportsImpressions: Bool {
        get { storage.fields.selfReportsImpressions }
        set { update { $0.selfReportsImpressions = newValue } }
    }
    /// `true` when the provider validates and emits its own clicks; `false` when the unified layer's
    /// ``ClickValidator`` decides them.
    public var selfReportsClicks: Bool {
        get { storage.fields.selfReportsClicks }
        set { update { $0.selfReportsClicks = newValue } }
    }
    /// The AdBridge contract version the provider was written against (see ``AdBridgeContract``).
    public var contractVersion: Int {
        get { storage.fields.contractVersion }
        set { update { $0.contractVersion = newValue } }
    }
    /// How long a loaded ad of each format may wait to be shown when the response names no expiry (Google's
    /// full-screen ads: one hour, rule G10). The unified ad enforces it; mediation's cache reads it from the ad.
    public var timeToLive: [AdFormat: Duration] {
        get { storage.fields.timeToLive }
        set { update { $0.timeToLive = newValue } }
    }
    /// The provider's own codes for the errors the unified layer raises on its behalf (rule C6): an ad bound after
    /// its expiry fails with `expired` carrying, for IFLY, 71506; a second present with `alreadyUsed`, for Google, 18.
    public var providerCodes: [AdError.Code: Int] {
        get { storage.fields.providerCodes }
        set { update { $0.providerCodes = newValue } }
    }
    /// How often one ad may load again after failing (rules Y12, I23).
    public var retryPolicy: LoadRetryPolicy {
        get { storage.fields.retryPolicy }
        set { update { $0.retryPolicy = newValue } }
    }
    /// Whether its loaded ads carry their price (`LoadedAdInfo.revenue`), so its line items can bid in an
    /// auction. A bidder of a provider whose ads carry none loses every auction with `invalidResponse`.
    public var reportsPrice: Bool {
        get { storage.fields.reportsPrice }
        set { update { $0.reportsPrice = newValue } }
    }
    /// The assets a host's layout must be able to render, per format (IFLY's native ads: the ad-source badge, I5):
    /// an ad whose layout lacks one fails to bind; `adsim inspect` warns before that happens.
    public var requiredAssets: [AdFormat: Set<AssetKind>] {
        get { storage.fields.requiredAssets }
        set { update { $0.requiredAssets = newValue } }
    }
    /// What its start step needs (H1): none by default.
    public var startRequirements: ProviderStartRequirements {
        get { storage.fields.startRequirements }
        set { update { $0.startRequirements = newValue } }
    }
    /// The privacy signals it passes on to its network (H4): none by default, so a child-directed request skips it.
    public var honouredPrivacySignals: Set<PrivacySignal> {
        get { storage.fields.honouredPrivacySignals }
        set { update { $0.honouredPrivacySignals = newValue } }
    }
    /// The vendor's ID in the IAB Europe Global Vendor List (TCF), which a TC string records consent for (H14): `nil`
    /// when the vendor is not on the list, so that under GDPR its requests always go out without personalisation.
    public var globalVendorListID: Int? {
        get { storage.fields.globalVendorListID }
        set { update { $0.globalVendorListID = newValue } }
    }
    /// The vendor's test ad unit per format (Yandex's demo unit, Google's test units): where test mode sends a
    /// request (H9). None by default: test mode is refused for the provider.
    public var testAdUnits: [AdFormat: String] {
        get { storage.fields.testAdUnits }
        set { update { $0.testAdUnits = newValue } }
    }
    /// How the vendor's other published test ad units begin (Yandex's `demo-` units, Google's test publisher), so
    /// that every known test unit is recognised (``isTestAdUnit(_:)``), not only the one per format above.
    public var testAdUnitPrefixes: [String] {
        get { storage.fields.testAdUnitPrefixes }
        set { update { $0.testAdUnitPrefixes = newValue } }
    }

    /// Creates a descriptor.
    public init(
        id: ProviderID,
        displayName: String,
        version: ProviderVersion,
        supportedFormats: Set<AdFormat>,
        impressionRule: ImpressionRule = .mrcDisplay,
        clickPolicy: ClickPolicy = .standard,
        selfReportsImpressions: Bool = false,
        selfReportsClicks: Bool = false,
        contractVersion: Int = AdBridgeContract.version,
        timeToLive: [AdFormat: Duration] = [:],
        providerCodes: [AdError.Code: Int] = [:],
        retryPolicy: LoadRetryPolicy = .standard,
        reportsPrice: Bool = false,
        requiredAssets: [AdFormat: Set<AssetKind>] = [:],
        startRequirements: ProviderStartRequirements = .none,
        honouredPrivacySignals: Set<PrivacySignal> = [],
        testAdUnits: [AdFormat: String] = [:],
        testAdUnitPrefixes: [String] = [],
        globalVendorListID: Int? = nil
    ) {
        storage = Storage(
            Fields(
                id: id,
                displayName: displayName,
                version: version,
                supportedFormats: supportedFormats,
                impressionRule: impressionRule,
                clickPolicy: clickPolicy,
                selfReportsImpressions: selfReportsImpressions,
                selfReportsClicks: selfReportsClicks,
                contractVersion: contractVersion,
                timeToLive: timeToLive,
                providerCodes: providerCodes,
                retryPolicy: retryPolicy,
                reportsPrice: reportsPrice,
                requiredAssets: requiredAssets,
                startRequirements: startRequirements,
                honouredPrivacySignals: honouredPrivacySignals,
                globalVendorListID: globalVendorListID,
                testAdUnits: testAdUnits,
                testAdUnitPrefixes: testAdUnitPrefixes
            ))
    }

    /// Changes the facts of this descriptor alone: descriptors are set up once, when a provider is made, so a
    /// change makes new storage rather than checking whether the old one is shared.
    private mutating func update(_ change: (inout Fields) -> Void) {
        var fields = storage.fields
        change(&fields)
        storage = Storage(fields)
    }

    /// Equal when every fact is.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    /// Hashes every fact.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.fields)
    }

    /// Whether `adUnitID` is one of the vendor's published test ad units (a unit of ``testAdUnits``, or one that
    /// begins with a prefix of ``testAdUnitPrefixes``): its ads are test ads (Y16), which a release build refuses
    /// (H10).
    ///
    /// ```swift
    /// YandexProvider().descriptor.isTestAdUnit("demo-native-slider-yandex")  // true
    /// ```
    public func isTestAdUnit(_ adUnitID: String) -> Bool {
        testAdUnits.values.contains(adUnitID) || testAdUnitPrefixes.contains { adUnitID.hasPrefix($0) }
    }

    /// Whether the provider may serve a request with these signals: not when the request is child-directed and the
    /// provider does not honour child-directed treatment (H5), nor when GDPR applies and the TC string gives its
    /// vendor no legal basis for basic ads (H15, ``PrivacySignals/consent(forVendor:)``).
    public func exclusion(for privacy: PrivacySignals) -> AdError? {
        if privacy.isChildDirected == true, !honouredPrivacySignals.contains(.childDirected) {
            return AdError(
                .excludedByPrivacy,
                "Provider '\(id)' cannot honour child-directed treatment, and this request is child-directed.",
                providerID: id,
                hint: "Nothing to fix for this user: child-directed requests go to providers that declare "
                    + "PrivacySignal.childDirected in honouredPrivacySignals.")
        }
        let consent = privacy.consent(forVendor: globalVendorListID)
        guard consent.outcome == .excluded, let vendor = globalVendorListID else { return nil }
        return AdError(
            .excludedByPrivacy,
            "Provider '\(id)' (IAB vendor \(vendor)) is not asked: " + consent.reasons.joined(separator: "; ") + ".",
            providerID: id,
            hint: "Nothing to fix for this user: their consent management platform (CMP) records no consent and no "
                + "legitimate interest for vendor \(vendor) for basic ads (TCF purpose 2). If the user did not refuse "
                + "it, check that the CMP's vendor list includes vendor \(vendor) (Docs/Privacy.md).")
    }

    /// A loaded ad's info with its expiry: the response's, or when it names none, ``timeToLive`` of its format after
    /// it loaded (G10). Every load's end passes through it, a unified ad's and one answered without it.
    package func expiring(_ info: consuming LoadedAdInfo) -> LoadedAdInfo {
        guard info.expiresAt == nil, let timeToLive = timeToLive[info.format] else { return info }
        info.expiresAt = info.loadedAt.advanced(by: timeToLive)
        return info
    }

    /// `id version (formats)`, for logs and `adsim`.
    public var summary: String {
        let formats = supportedFormats.map(\.rawValue).sorted().joined(separator: ", ")
        return "\(id) \(version) (\(formats)); impressions: \(impressionRule)"
    }
}

/// The version of the provider contract (the protocols of this module). A provider built against another
/// version is refused at registration with a clear error.
///
/// ```swift
/// precondition(AdBridgeContract.version == 2)
/// ```
public enum AdBridgeContract {
    /// The current contract version.
    public static let version = 2
}
