public import AdCore

/// The ad a request chose: which line item, at what price, until when it may be shown, and the request's report.
/// Immutable; a reference type so handing it through actions, the ready slot and the driver copies nothing.
///
/// ```swift
/// if case .deliver(let delivery) = action { print(delivery.lineItemID, delivery.price.micros) }
/// ```
public final class MediationDelivery: Sendable, Equatable {
    /// The winning line item's index.
    public let index: Int
    /// What an impression of this ad earns.
    public let price: Revenue
    /// The creatives of the ad (for the placement ledger, rule Y18).
    public let creativeIDs: [String]
    /// When the ad may no longer be shown, if it expires.
    public let expiresAt: AdInstant?
    /// The request number.
    public let request: Int
    /// The request's report.
    public let report: MediationReport

    init(
        index: Int, price: Revenue, creativeIDs: [String], expiresAt: AdInstant?, request: Int,
        report: MediationReport
    ) {
        self.index = index
        self.price = price
        self.creativeIDs = creativeIDs
        self.expiresAt = expiresAt
        self.request = request
        self.report = report
    }

    /// Two deliveries are equal when every field is.
    public static func == (lhs: MediationDelivery, rhs: MediationDelivery) -> Bool {
        lhs === rhs
            || (lhs.index == rhs.index && lhs.price == rhs.price && lhs.creativeIDs == rhs.creativeIDs
                && lhs.expiresAt == rhs.expiresAt && lhs.request == rhs.request && lhs.report == rhs.report)
    }

    /// The placement.
    public var placementID: String { report.plan.placement.id }
    /// The winning line item's ID.
    public var lineItemID: String { report.plan.placement.lineItems[index].id }
    /// Its provider.
    public var providerID: ProviderID { report.plan.placement.lineItems[index].providerID }
    /// Its ad unit.
    public var adUnitID: String { report.plan.placement.lineItems[index].adUnitID }

    /// Whether the ad may no longer be shown at `now`.
    func isExpired(at now: AdInstant) -> Bool {
        guard let expiresAt else { return false }
        return now >= expiresAt
    }
}
