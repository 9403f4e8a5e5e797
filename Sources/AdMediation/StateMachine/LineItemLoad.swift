public import AdCore

/// One line item to load.
///
/// ```swift
/// let request = AdRequest(adUnitID: load.adUnitID, format: load.format, placementID: load.placementID,
///                         timeout: load.timeout)
/// ```
public struct LineItemLoad: Sendable, Equatable {
    /// The line item's index in the placement's configuration (the key for `itemLoaded`/`itemFailed`).
    public let index: Int
    /// How long the provider may take (the state machine also starts a timer for it).
    public let timeout: Duration
    let plan: PlacementPlan

    /// The line item's ID.
    public var lineItemID: String { plan.placement.lineItems[index].id }
    /// The provider to ask.
    public var providerID: ProviderID { plan.placement.lineItems[index].providerID }
    /// The provider's ad unit.
    public var adUnitID: String { plan.placement.lineItems[index].adUnitID }
    /// The placement's format.
    public var format: AdFormat { plan.placement.format }
    /// The placement.
    public var placementID: String { plan.placement.id }
}
