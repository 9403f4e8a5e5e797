import AdCore
import AdMediation
import AdSimulator

/// The closing table: per placement, the provider(s) chosen, requests, impressions, clicks and revenue; then the
/// totals. Printed as an aligned table, and as `summary` entries in the JSON lines.
struct DemoSummary: Sendable, Equatable {
    /// One placement's counts.
    struct Row: Sendable, Equatable {
        var placement: String
        var format: String
        var strategy: String
        var providers: [String] = []
        var requests = 0
        var impressions = 0
        var clicks = 0
        var revenueMicros: Int64 = 0
    }

    /// One row per placement, in configuration order.
    private(set) var rows: [Row]
    /// When the script ended.
    private(set) var endedAt: AdInstant = .zero
    /// The coins the user earned from rewarded ads.
    private(set) var coins = 0

    /// Empty counts for the configured placements.
    init(placements: [PlacementConfiguration]) {
        rows = placements.map { Row(placement: $0.id, format: $0.format.rawValue, strategy: $0.strategy.rawValue) }
    }

    private mutating func update(_ placement: String, _ change: (inout Row) -> Void) {
        guard let index = rows.firstIndex(where: { $0.placement == placement }) else { return }
        change(&rows[index])
    }

    mutating func requestStarted(_ placement: String) { update(placement) { $0.requests += 1 } }

    mutating func chose(_ provider: ProviderID, in placement: String) {
        update(placement) { row in
            if !row.providers.contains(provider.rawValue) { row.providers.append(provider.rawValue) }
        }
    }

    mutating func impression(in placement: String) { update(placement) { $0.impressions += 1 } }

    mutating func click(in placement: String) { update(placement) { $0.clicks += 1 } }

    mutating func earned(_ micros: Int64, in placement: String) { update(placement) { $0.revenueMicros += micros } }

    mutating func finish(at instant: AdInstant, coins: Int) {
        endedAt = instant
        self.coins = coins
    }

    /// The totals over every placement.
    var total: Row {
        var total = Row(placement: "total", format: "", strategy: "")
        for row in rows {
            for provider in row.providers where !total.providers.contains(provider) { total.providers.append(provider) }
            total.requests += row.requests
            total.impressions += row.impressions
            total.clicks += row.clicks
            total.revenueMicros += row.revenueMicros
        }
        return total
    }

    /// The aligned table, with a title line.
    var table: String {
        let header = ["placement", "format", "strategy", "provider", "requests", "impressions", "clicks", "revenue"]
        let cells = (rows + [total]).map { row in
            [
                row.placement, row.format, row.strategy, row.providers.joined(separator: ", "), String(row.requests),
                String(row.impressions), String(row.clicks), DemoConfiguration.dollars(row.revenueMicros),
            ]
        }
        let widths = header.indices.map { column in
            ([header] + cells).map { $0[column].count }.max() ?? 0
        }
        func line(_ values: [String]) -> String {
            var text = zip(values, widths).map { DemoEvent.pad($0, $1) }.joined(separator: "  ")
            while text.last == " " { text.removeLast() }
            return text + "\n"
        }
        var text = "SUMMARY (virtual time \(endedAt), user earned \(coins) coins)\n"
        text += line(header)
        text += line(widths.map { String(repeating: "-", count: $0) })
        for row in cells.dropLast() { text += line(row) }
        text += line(widths.map { String(repeating: "-", count: $0) })
        if let last = cells.last { text += line(last) }
        return text
    }

    /// One `summary` timeline entry per placement and one for the totals.
    var events: [DemoEvent] {
        (rows + [total]).map { row in
            let providers = row.providers.isEmpty ? "none" : row.providers.joined(separator: ", ")
            return DemoEvent(
                time: endedAt, placement: row.placement, kind: .summary,
                text: "provider \(providers); requests \(row.requests); impressions \(row.impressions); "
                    + "clicks \(row.clicks); revenue \(DemoConfiguration.dollars(row.revenueMicros))")
        }
    }
}
