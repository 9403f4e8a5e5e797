import AdCore
import AdMediation
import AdSimulator

/// The lines the timeline prints for a finished request: one per line item (from the `MediationReport`), then the
/// chosen ad.
enum DemoReportLines {
    /// `ifly-feed-premium  ifly    waterfall  $4.000  noFill  150 ms`, aligned within the report.
    static func outcomes(of report: MediationReport) -> [String] {
        let items = report.items
        let idWidth = items.map(\.lineItemID.count).max() ?? 0
        let providerWidth = items.map(\.providerID.rawValue.count).max() ?? 0
        let stateWidth = items.map(\.state.rawValue.count).max() ?? 0
        return items.map { item in
            var columns = [
                DemoEvent.pad(item.lineItemID, idWidth), DemoEvent.pad(item.providerID.rawValue, providerWidth),
                DemoEvent.pad(item.isBidder ? "bidder" : "waterfall", 9),
                DemoEvent.pad(price(of: item, in: report.placementID).map(DemoConfiguration.eCPM) ?? "-", 7),
                DemoEvent.pad(item.state.rawValue, stateWidth),
            ]
            if let latency = item.latency {
                let components = latency.components
                columns.append("\(components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000) ms")
            }
            if let note = note(for: item.state) { columns.append("(\(note))") }
            var line = columns.joined(separator: "  ")
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// The item's price: its bid or observed price, else its configured waterfall price.
    static func price(of item: LineItemReport, in placementID: String) -> Int64? {
        if let price = item.price { return price.micros }
        let configured = DemoConfiguration.configuration.placement(placementID)?.lineItems.first {
            $0.id == item.lineItemID
        }
        if case .waterfall(_, let price, _) = configured?.mode { return price }
        return nil
    }

    /// What a state means, in a few words.
    static func note(for state: LineItemState) -> String? {
        switch state {
        case .notAttempted: "not asked: the request ended first"
        case .noFill: "no ad"
        case .filled: "chosen"
        case .outbid: "filled, but a better-placed item won"
        case .belowFloor: "priced below the floor: skipped"
        case .timeout: "no answer in time"
        case .error: "failed"
        case .capped: "capped"
        case .excludedCreative: "creative shown elsewhere"
        case .notReady: "provider not started: skipped"
        case .excludedByPrivacy: "excluded by the user's privacy signals"
        case .loading: nil
        }
    }

    /// `yandex-slider (yandex) at $1.800 eCPM (publisherDefined)`, or why there is no ad.
    static func chosen(_ report: MediationReport) -> String {
        let took = "after \(millis(report.startedAt.duration(to: report.finishedAt))) ms"
        guard let winner = report.winner else {
            var text = "no ad (\(report.error?.code.rawValue ?? "unknown")) \(took)"
            if let next = report.nextRetryAt { text += "; retry #\(report.retryAttempt + 1) at \(next)" }
            return text
        }
        let provider = report.item(winner).map { " (\($0.providerID))" } ?? ""
        let price = report.price.map { " at \(DemoConfiguration.eCPM($0.micros)) eCPM (\($0.precision.rawValue))" }
        return "\(winner)\(provider)\(price ?? "") \(took)"
    }

    private static func millis(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    }
}
