public import AdCore

/// What a ``Mediator`` tells the app, on the main actor, in order.
///
/// ```swift
/// mediator.onEvent { event in
///     switch event {
///     case .requestFinished(let report): print(report)
///     case .revenue(let paid): analytics.log(paid)
///     default: break
///     }
/// }
/// ```
public enum MediationEvent: Sendable, Equatable, CustomStringConvertible {
    /// A request started for a placement.
    case requestStarted(placementID: String, request: Int, at: AdInstant)
    /// A request ended, with or without an ad (the report says which, and when a retry runs).
    case requestFinished(MediationReport)
    /// A ready ad expired before it was taken and was destroyed (rule G10).
    case expired(placementID: String, lineItemID: String, at: AdInstant)
    /// A mediated ad's impression counted: impression-level revenue.
    case revenue(RevenueEvent)

    /// One short line.
    public var description: String {
        switch self {
        case .requestStarted(let placementID, let request, let at): "\(at) \(placementID) #\(request) started"
        case .requestFinished(let report):
            "\(report.finishedAt) \(report.placementID) #\(report.requestNumber) "
                + (report.winner.map { "filled by \($0)" } ?? "failed (\(report.error?.code.rawValue ?? "?"))")
        case .expired(let placementID, let lineItemID, let at): "\(at) \(placementID) ad of \(lineItemID) expired"
        case .revenue(let event): "\(event.at) \(event)"
        }
    }
}
