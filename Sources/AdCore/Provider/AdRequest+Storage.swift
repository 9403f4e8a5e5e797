/// The stored fields of an ``AdRequest`` and the one reference that shares them between its copies.
extension AdRequest {
    /// The fields, as the request's properties document them (coded under their names).
    struct Fields: Sendable, Hashable, Codable {
        var adUnitID: String
        var format: AdFormat
        var placementID: String?
        var parameters: [String: String]
        var timeout: Duration
        var privacy: PrivacySignals
        var isTest: Bool
    }

    /// The fields behind one reference.
    ///
    /// Sendable unchecked, and why that is safe: the fields change only through ``AdRequest``'s setters, and only
    /// while that request holds the one reference to this storage (`isKnownUniquelyReferenced`, else it copies the
    /// storage first). A storage that another copy, on any thread, can reach is never changed again, so every
    /// shared storage is immutable in effect. Its accesses are unchecked for exclusivity for the same reason: a
    /// getter reads and returns, a setter changes a storage no one else holds.
    final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) var fields: Fields

        init(_ fields: Fields) { self.fields = fields }
    }
}
