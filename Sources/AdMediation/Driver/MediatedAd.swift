public import AdCore

/// An ad a ``Mediator`` chose for a placement: the unified ad to bind or present, and where it came from.
///
/// ```swift
/// let mediated = try mediator.takeAd(for: "level-end")
/// try mediated.ad.present(from: context)
/// print(mediated.lineItemID, mediated.price.micros)
/// ```
@MainActor
public struct MediatedAd {
    /// The ad: bind it (native) or present it (full screen) as any unified ad.
    public let ad: UnifiedAd
    /// The placement.
    public let placementID: String
    /// The winning line item.
    public let lineItemID: String
    /// What an impression earns.
    public let price: Revenue
    /// The report of the request that chose it.
    public let report: MediationReport
}
