public import AdCore

/// Impression-level revenue: sent when a revenue-bearing impression of a mediated ad counts: the ad's own, or,
/// for an ad made of components (a slider), each component's (each card is an ad with its own creative).
///
/// ```swift
/// mediator.onEvent { event in
///     if case .revenue(let paid) = event { analytics.log(paid.revenue.micros, paid.revenue.currency) }
/// }
/// ```
public struct RevenueEvent: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The provider that served the ad.
    public var providerID: ProviderID
    /// The placement.
    public var placementID: String
    /// The line item that won.
    public var lineItemID: String
    /// The provider's ad unit.
    public var adUnitID: String
    /// The component whose impression it was (a slider's card), or `nil` for the ad's own.
    public var component: String?
    /// What the impression earned (micros, currency, precision).
    public var revenue: Revenue
    /// When the impression counted.
    public var at: AdInstant
    /// Whether the ad's request was test traffic (test mode or a test ad unit, H9, Y16): test revenue, never to be
    /// booked.
    public var isTest = false

    /// Creates a revenue event.
    public init(
        providerID: ProviderID, placementID: String, lineItemID: String, adUnitID: String, component: String? = nil,
        revenue: Revenue, at: AdInstant
    ) {
        self.providerID = providerID
        self.placementID = placementID
        self.lineItemID = lineItemID
        self.adUnitID = adUnitID
        self.component = component
        self.revenue = revenue
        self.at = at
    }

    /// `revenue level-end/google-bid google 4200 USD exact at t=3.000s`.
    public var description: String {
        (isTest ? "[test] " : "")
            + "revenue \(placementID)/\(lineItemID)\(component.map { " (\($0))" } ?? "") \(providerID) \(revenue.micros) \(revenue.currency) "
            + "\(revenue.precision.rawValue) at \(at)"
    }
}
