/// An inline ad reached through zero or more wrappers, with the chain's tracking merged in the way players do.
///
/// ```swift
/// for resolved in resolution.ads {
///     print(resolved.chain, resolved.ad.impressions.count)  // impressions of every level
/// }
/// ```
public struct VASTResolvedAd: Sendable, Equatable, Encodable {
    /// The inline ad, carrying the impressions, error URLs, tracking, click trackings, verifications, extensions
    /// and viewable-impression URLs of every wrapper above it (outermost first), wrapper companions prepended.
    public var ad: VASTAd
    /// The URLs of the chain's documents, outermost first (the first document's URL when it is known).
    public var chain: [String]
    /// The wrappers passed through, outermost first.
    public var wrappers: [VASTWrapper]
    /// `<BlockedAdCategories>` of every wrapper.
    public var blockedAdCategories: [VASTCategory]

    /// Creates a resolved ad.
    public init(ad: VASTAd, chain: [String] = [], wrappers: [VASTWrapper] = [], blockedAdCategories: [VASTCategory] = []) {
        self.ad = ad
        self.chain = chain
        self.wrappers = wrappers
        self.blockedAdCategories = blockedAdCategories
    }
}
