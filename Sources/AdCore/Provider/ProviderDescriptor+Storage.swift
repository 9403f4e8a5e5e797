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

    /// The facts behind one reference, never changed once made: a change makes new storage (``update(_:)``),
    /// so copies that share one never see each other's changes.
    final class Storage: Sendable {
        let fields: Fields

        init(_ fields: Fields) { self.fields = fields }
    }

    /// Changes the facts of this descriptor alone: descriptors are set up once, when a provider is made, so a
    /// change makes new storage rather than checking whether the old one is shared.
    mutating func update(_ change: (inout Fields) -> Void) {
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
}
