/// Which requests go to a test ad unit, and to which (H9): test mode per provider, switched for every placement
/// or for one placement, with the test units each uses. A value the host keeps (``AdHost``), so the decision for a
/// request is one look-up: a placement's own setting wins over the provider's.
///
/// ```swift
/// var table = TestModeTable()
/// table.set(.on([.native: "ifly-test-top"]), for: "ifly", placement: "feed-top")
/// table.units(of: "ifly", placement: "feed-top")     // [.native: "ifly-test-top"]
/// table.units(of: "ifly", placement: "feed-bottom")  // nil: live
/// ```
struct TestModeTable: Sendable, Hashable {
    /// One setting: test mode on with its test units by format, or off.
    enum Setting: Sendable, Hashable {
        /// Requests go to these test units.
        case on([AdFormat: String])
        /// Requests go to their own ad unit (a placement kept live while its provider is in test mode).
        case off
    }

    /// The provider-wide settings: every placement without its own.
    private var everyPlacement: [ProviderID: [AdFormat: String]] = [:]
    /// The placements' own settings, by provider and placement key.
    private var placements: [ProviderID: [String: Setting]] = [:]

    /// The providers with test mode on, for every placement or for one.
    var providers: Set<ProviderID> {
        var ids = Set(everyPlacement.keys)
        for (id, settings) in placements where settings.values.contains(where: { $0 != .off }) { ids.insert(id) }
        return ids
    }

    /// Switches a provider's test mode for every placement (`placement` nil) or for one. Off for every placement
    /// forgets the provider's placements' settings too.
    mutating func set(_ setting: Setting, for id: ProviderID, placement: String?) {
        switch (setting, placement) {
        case (.on(let units), nil): everyPlacement[id] = units
        case (.off, nil):
            everyPlacement[id] = nil
            placements[id] = nil
        case (_, let placement?): placements[id, default: [:]][placement] = setting
        }
    }

    /// The test units a request of `placement` goes to, by format; nil when its requests are live.
    func units(of id: ProviderID, placement: String?) -> [AdFormat: String]? {
        if let placement, let setting = placements[id]?[placement] {
            guard case .on(let units) = setting else { return nil }
            return units
        }
        return everyPlacement[id]
    }

    /// Whether `placement` has a setting of its own for the provider (so a hint names the placement).
    func hasOwnSetting(_ id: ProviderID, placement: String) -> Bool { placements[id]?[placement] != nil }
}
