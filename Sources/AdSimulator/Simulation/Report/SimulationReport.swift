/// The report of a ``SimulationResult``: a table (one row per strategy variant, then per placement and per provider
/// within it) or JSON lines (one object per row, keys in a fixed order). Deterministic: numbers are formatted
/// from integers with fixed decimals, rows in the scenario's order (providers sorted), so the same result always
/// prints the same bytes.
///
/// Columns: requests, fills, fill rate, impressions, show rate (impressions per fill), clicks, CTR, revenue,
/// eCPM, ARPDAU (revenue per simulated user: each is one user of one day), yield (the winners' prices as a share of the oracle's best prices on the same requests), time to ad p50,
/// p95 and p99 of filled requests and the oracle's p95, line items timed out, errors, creative exclusions.
///
/// ```swift
/// let report = SimulationReport(result: result)
/// print(report.table)
/// print(report.jsonLines)
/// ```
public struct SimulationReport: Sendable {
    /// The result reported.
    public var result: SimulationResult

    /// A report of `result`.
    public init(result: SimulationResult) { self.result = result }

    private struct Line {
        var variant: String
        var placement: String?
        var provider: String?
        var row: TallyRow
    }

    private var lines: [Line] {
        var lines: [Line] = []
        for variant in result.variants {
            lines.append(Line(variant: variant, placement: nil, provider: nil, row: result.tally.row(variant: variant)))
            for placement in result.placements {
                let row = result.tally.row(variant: variant, placement: placement)
                guard row.requests > 0 || row.impressions > 0 else { continue }
                lines.append(Line(variant: variant, placement: placement, provider: nil, row: row))
                for provider in result.tally.providers(variant: variant, placement: placement) {
                    let providerRow = result.tally.row(variant: variant, placement: placement, provider: provider)
                    lines.append(Line(variant: variant, placement: placement, provider: provider, row: providerRow))
                }
            }
        }
        return lines
    }

    /// The table: a header naming the scenario, then the rows.
    public var table: String {
        let header = [
            "strategy", "placement", "provider", "requests", "fills", "fill%", "impr", "show%", "clicks", "ctr%",
            "revenue", "ecpm", "arpdau", "yield%", "p50ms", "p95ms", "p99ms", "oracle95", "timeouts", "errors", "excl",
        ]
        var rows: [[String]] = [header]
        for line in lines {
            let row = line.row
            let isPlacement = line.provider == nil
            rows.append([
                line.placement == nil ? line.variant : "", line.placement ?? "total", line.provider ?? "",
                String(row.requests), String(row.fills), Self.percent(row.fillRate), String(row.impressions),
                Self.percent(row.showRate), String(row.clicks), Self.percent(row.clickThroughRate),
                Self.money(row.revenueMicros, 4), Self.money(Self.rounded(row.eCPMMicros), 2),
                Self.money(arpdauMicros(row), 6),
                isPlacement ? Self.percent(row.yield) : "",
                isPlacement ? Self.milliseconds(row.timeToAd.percentile(0.5)) : "",
                isPlacement ? Self.milliseconds(row.timeToAd.percentile(0.95)) : "",
                isPlacement ? Self.milliseconds(row.timeToAd.percentile(0.99)) : "",
                isPlacement ? Self.milliseconds(row.oracleTimeToAd.percentile(0.95)) : "",
                String(row.timeouts), String(row.errors), String(row.exclusions),
            ])
        }
        var widths = Array(repeating: 0, count: header.count)
        for row in rows { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
        var text = "SIMULATION \(result.name ?? "scenario") (seed \(result.seed), \(result.users) users per strategy, "
        text += "prices in \(result.currency))\n"
        for (number, row) in rows.enumerated() {
            let cells = row.enumerated().map { index, cell in
                let pad = String(repeating: " ", count: widths[index] - cell.count)
                return index < 3 ? cell + pad : pad + cell
            }
            text += cells.joined(separator: "  ").trimmingTrailingSpaces() + "\n"
            if number == 0 { text += widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n" }
        }
        return text
    }

    /// One JSON object per row, keys in this order: variant, placement (null for the strategy's total), provider
    /// (null for a placement's own row), requests, fills, fillRate, impressions, showRate, clicks, ctr,
    /// revenueMicros, ecpmMicros, arpdauMicros, yield, timeToAdMs {p50, p95, p99}, oracleTimeToAdMs {p50, p95, p99}, timeouts,
    /// errors, exclusions. Rates are fractions with 6 decimals; a percentile without data is null.
    public var jsonLines: String {
        var text = ""
        for line in lines {
            let row = line.row
            var fields: [String] = []
            fields.append("\"variant\":\(JSONText.string(line.variant))")
            fields.append("\"placement\":\(line.placement.map(JSONText.string) ?? "null")")
            fields.append("\"provider\":\(line.provider.map(JSONText.string) ?? "null")")
            fields.append("\"requests\":\(row.requests)")
            fields.append("\"fills\":\(row.fills)")
            fields.append("\"fillRate\":\(Self.fixed(row.fillRate, 6))")
            fields.append("\"impressions\":\(row.impressions)")
            fields.append("\"showRate\":\(Self.fixed(row.showRate, 6))")
            fields.append("\"clicks\":\(row.clicks)")
            fields.append("\"ctr\":\(Self.fixed(row.clickThroughRate, 6))")
            fields.append("\"revenueMicros\":\(row.revenueMicros)")
            fields.append("\"ecpmMicros\":\(Self.rounded(row.eCPMMicros))")
            fields.append("\"arpdauMicros\":\(arpdauMicros(row))")
            fields.append("\"yield\":\(Self.fixed(row.yield, 6))")
            fields.append("\"timeToAdMs\":\(Self.percentiles(row.timeToAd))")
            fields.append("\"oracleTimeToAdMs\":\(Self.percentiles(row.oracleTimeToAd))")
            fields.append("\"timeouts\":\(row.timeouts)")
            fields.append("\"errors\":\(row.errors)")
            fields.append("\"exclusions\":\(row.exclusions)")
            text += "{" + fields.joined(separator: ",") + "}\n"
        }
        return text
    }

    // MARK: Formatting

    /// Revenue per daily active user, in micros, rounded: every simulated user is one user of one day.
    private func arpdauMicros(_ row: TallyRow) -> Int64 {
        result.users > 0 ? Self.rounded(Double(row.revenueMicros) / Double(result.users)) : 0
    }

    private static func percentiles(_ histogram: LatencyHistogram) -> String {
        let values = [0.5, 0.95, 0.99].map { histogram.percentile($0).map(String.init) ?? "null" }
        return "{\"p50\":\(values[0]),\"p95\":\(values[1]),\"p99\":\(values[2])}"
    }

    static func rounded(_ value: Double) -> Int64 { Int64(exactly: value.rounded()) ?? 0 }

    /// `value` with `digits` decimals, from an integer (no locale, no platform formatting).
    static func fixed(_ value: Double, _ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = rounded(value * scale)
        let sign = scaled < 0 ? "-" : ""
        let magnitude = scaled.magnitude
        guard digits > 0, let divisor = UInt64(exactly: scale) else { return sign + String(magnitude) }
        let fraction = String(magnitude % divisor)
        return sign + String(magnitude / divisor) + "." + String(repeating: "0", count: digits - fraction.count)
            + fraction
    }

    private static func percent(_ fraction: Double) -> String { fixed(fraction * 100, 1) }

    /// Micros as currency units with `digits` decimals: `$1234.57`.
    private static func money(_ micros: Int64, _ digits: Int) -> String {
        "$" + fixed(Double(micros) / 1_000_000, digits)
    }

    private static func milliseconds(_ value: Int?) -> String { value.map(String.init) ?? "-" }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
