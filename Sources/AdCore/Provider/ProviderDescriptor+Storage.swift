/// The stored facts of a ``ProviderDescriptor`` and the one reference that shares them between its copies.
extension ProviderDescriptor {
    /// The facts, as the descriptor's properties document them.
    struct Fields: Sendable, Hashable {
        var id: ProviderID
        var displayName: String
        var version: ProviderVersion
        var supportedFormats: Set<AdFormat>
        var impressionRule: ImpressionRule
        var clickPolicy: ClickPolicy
        var selfReportsImpressions: Bool
        var selfReportsClicks: Bool
        var contractVersion: Int
        var timeToLive: [AdFormat: Duration]
        var providerCodes: [AdError.Code: Int]
        var retryPolicy: LoadRetryPolicy
        var reportsPrice: Bool
        var requiredAssets: [AdFormat: Set<AssetKind>]
        var startRequirements: ProviderStartRequirements
        var honouredPrivacySignals: Set<PrivacySignal>
        var globalVendorListID: Int?
        var testAdUnits: [AdFormat: String]
        var testAdUnitPrefixes: [String]
    }

    /// The facts behind one reference, never changed once made: a change makes new storage (the descriptor's setters),
    /// so copies that share one never see each other's changes.
    final class Storage: Sendable {
        let fields: Fields

        init(_ fields: Fields) { self.fields = fields }
    }
}
