/// Everything a ``Mediator`` did, in order, as printable lines: request starts, full reports (one table per
/// request), expiries and revenue. What `adsim demo` prints after driving requests in virtual time.
///
/// ```swift
/// let timeline = MediationTimeline(recording: mediator)
/// try mediator.load("level-end")
/// driver.runUntilIdle()
/// print(timeline.text)
/// // t=0.000s level-end #1 started
/// // level-end #1 (hybrid) t=0.000s → t=0.300s: filled by google-bid at $2.400 eCPM (exact)
/// //   google-bid   google  bidder     filled  bid  $2.400 eCPM (exact)  300 ms
/// ```
@MainActor
public final class MediationTimeline {
    /// Every event recorded, in order.
    public private(set) var events: [MediationEvent] = []

    /// Starts recording a mediator's events.
    public init(recording mediator: Mediator) {
        mediator.onEvent { [weak self] event in self?.events.append(event) }
    }

    /// The reports of every finished request, in order.
    public var reports: [MediationReport] {
        events.compactMap {
            if case .requestFinished(let report) = $0 { return report }
            return nil
        }
    }

    /// The revenue events, in order.
    public var revenue: [RevenueEvent] {
        events.compactMap {
            if case .revenue(let event) = $0 { return event }
            return nil
        }
    }

    /// One line per event; a finished request prints its full report.
    public var text: String {
        events.map { event in
            if case .requestFinished(let report) = event { return report.description }
            return event.description
        }.joined(separator: "\n")
    }
}
