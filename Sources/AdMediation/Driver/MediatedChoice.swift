package import AdCore

/// An ad a ``Mediator`` chose for a placement, taken with ``Mediator/take(for:)``: where it came from and what it
/// earns, and its unified ad when it was loaded through one (`nil` when ``LineItemAnswering`` answered its load:
/// the simulator's fast tier binds and presents nothing). Released with `mediator.release(choice)`.
///
/// ```swift
/// let choice = try mediator.take(for: "feed")
/// print(choice.providerID, choice.price.micros)
/// mediator.release(choice)
/// ```
@MainActor
package struct MediatedChoice {
    /// Its identity in the host (its unified ad's, when it has one).
    package let id: AdID
    /// Its unified ad, when it was loaded through one.
    package let ad: UnifiedAd?
    /// The request as it went out (test traffic or not, H9).
    package let request: AdRequest
    /// The placement.
    package let placementID: String
    /// The winning line item.
    package let lineItemID: String
    /// The winning line item's provider.
    package let providerID: ProviderID
    /// What an impression earns.
    package let price: Revenue
    /// The report of the request that chose it.
    package let report: MediationReport
}
