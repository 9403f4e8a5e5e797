import AdCore

/// The report of a ``SimulationResult``: a table (one row per strategy variant, then per placement and per provider
/// within it), JSON lines (one object per row, keys in a fixed order) or CSV (the same rows and columns, declared
/// once in `SimulationReportColumn`). Deterministic: numbers are formatted
/// from integers with fixed decimals, rows in the scenario's order (providers sorted), so the same result always
/// prints the same bytes.
///
/// Columns (each defined in Docs/Simulation.md, "Figures"): requests, fills, fill rate, ads used, refills unused,
/// impressions, show rate (impressions per ad used), clicks, CTR, revenue, eCPM, ARPDAU (revenue per simulated
/// user: each is one user of one day), the winners' bid prices, the prices they paid, the oracle's revenue, yield
/// (prices paid as a share of the oracle's revenue on the same requests; "n/a" when the oracle earns nothing),
/// time to ad p50, p95 and p99 of filled requests and the oracle's p95, line items below the floor, timed out,
/// errors, creative exclusions.
///
/// ```swift
/// let report = SimulationReport(result: result)
/// print(report.table)
/// print(report.jsonLines)
/// print(report.csv)
/// ```
public struct SimulationReport: Sendable {
    /// The result reported.
    public var result: SimulationResult

    /// A report of `result`.
    public init(result: SimulationResult) { self.result = result }

    /// The rows, in the reports' order: each variant's total, then each placement with requests or impressions
    /// and the providers within it (sorted).
    var lines: [SimulationReportLine] {
        var lines: [SimulationReportLine] = []
        let users = result.users
        for variant in result.variants {
            lines.append(
                SimulationReportLine(
                    variant: variant, placement: nil, provider: nil, row: result.tally.row(variant: variant),
                    users: users))
            for placement in result.placements {
                let row = result.tally.row(variant: variant, placement: placement)
                guard row.requests > 0 || row.impressions > 0 else { continue }
                lines.append(
                    SimulationReportLine(variant: variant, placement: placement, provider: nil, row: row, users: users))
                for provider in result.tally.providers(variant: variant, placement: placement) {
                    let providerRow = result.tally.row(variant: variant, placement: placement, provider: provider)
                    lines.append(
                        SimulationReportLine(
                            variant: variant, placement: placement, provider: provider, row: providerRow, users: users))
                }
            }
        }
        return lines
    }

    /// The table: a header naming the scenario, then the rows, then a note when a yield is "n/a".
    public var table: String {
        let header = [
            "strategy", "placement", "provider", "requests", "fills", "fill%", "used", "unused", "impr", "show%",
            "clicks", "ctr%", "revenue", "ecpm", "arpdau", "bid", "paid", "oracle", "yield%", "p50ms", "p95ms",
            "p99ms", "oracle95", "belowFloor", "timeouts", "errors", "excl",
        ]
        var rows: [[String]] = [header]
        var hasNoYield = false
        for line in lines {
            let row = line.row
            let isPlacement = line.provider == nil
            if isPlacement && row.yield == nil { hasNoYield = true }
            rows.append([
                line.placement == nil ? line.variant : "", line.placement ?? "total", line.provider ?? "",
                // A rate of nothing (no request, no ad used, no impression) is "n/a", not 0.
                String(row.requests), String(row.fills), row.definedFillRate.map(Self.percent) ?? "n/a",
                String(row.used), isPlacement ? String(row.unused) : "", String(row.impressions),
                row.definedShowRate.map(Self.percent) ?? "n/a", String(row.clicks),
                row.definedClickThroughRate.map(Self.percent) ?? "n/a", Self.money(row.revenueMicros, 4),
                row.definedECPMMicros.map { Self.money(Self.rounded($0), 2) } ?? "n/a",
                Self.money(line.arpdauMicros, 6),
                isPlacement ? Self.money(row.bidPriceMicros, 4) : "",
                isPlacement ? Self.money(row.paidPriceMicros, 4) : "",
                isPlacement ? Self.money(row.oraclePriceMicros, 4) : "",
                isPlacement ? row.yield.map(Self.percent) ?? "n/a" : "",
                isPlacement ? Self.milliseconds(row.timeToAd.percentile(0.5)) : "",
                isPlacement ? Self.milliseconds(row.timeToAd.percentile(0.95)) : "",
                isPlacement ? Self.milliseconds(row.timeToAd.percentile(0.99)) : "",
                isPlacement ? Self.milliseconds(row.oracleTimeToAd.percentile(0.95)) : "",
                String(row.belowFloor), String(row.timeouts), String(row.errors), String(row.exclusions),
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
        if hasNoYield { text += Self.noYieldNote + "\n" }
        if let calibration = result.calibration { text += Self.calibrationNote(calibration) }
        return text
    }

    /// The fast tier's statement under the table: what it did not run, and the rates it drew from, per strategy
    /// and placement, with the pilot's counts.
    static func calibrationNote(_ calibration: FastTierCalibration) -> String {
        var text = "FAST TIER: no parse, bind or geometry; impressions, clicks and their revenue drawn from the "
        text += "rates of a full-tier pilot of the first \(calibration.pilotUsers) users per strategy:\n"
        for rate in calibration.rates where rate.used > 0 {
            text += "  \(rate.variant) \(rate.placement) \(rate.provider): "
            text += "show \(percent(rate.showRate)) % of \(rate.used) ads used, "
            text += "click \(percent(rate.clickRate)) % of \(rate.shown) shown, "
            text += "revenue \(fixed(rate.revenuePerPrice, 3))x the price of a shown ad\n"
        }
        return text
    }

    /// One JSON object per row, keys in the order of `SimulationReportColumn/all`: variant, placement (null for
    /// the strategy's total), provider (null for a placement's own row), requests, fills, fillRate, used, unused,
    /// impressions, showRate, clicks, ctr, revenueMicros, ecpmMicros, arpdauMicros, bidPriceMicros,
    /// paidPriceMicros, oracleRevenueMicros, yield, timeToAdMs {p50, p95, p99}, oracleTimeToAdMs {p50, p95, p99},
    /// belowFloor, timeouts, errors, exclusions; in the fast tier one more, `"tier":"fast"` (impressions, clicks
    /// and revenue drawn from calibrated rates, ``tierNote``). Rates are fractions with 6 decimals; a percentile
    /// without data is null, as are a yield whose oracle earns nothing and, on provider rows, unused and the
    /// placement's prices.
    public var jsonLines: String {
        let columns = SimulationReportColumn.all
        var text = ""
        for line in lines {
            var fields: [String] = []
            var index = 0
            while index < columns.count {
                let column = columns[index]
                guard let group = column.group else {
                    fields.append("\(JSONText.string(column.key)):\(column.value(line).json)")
                    index += 1
                    continue
                }
                var members: [String] = []
                while index < columns.count, columns[index].group == group {
                    members.append("\(JSONText.string(columns[index].key)):\(columns[index].value(line).json)")
                    index += 1
                }
                fields.append("\(JSONText.string(group)):{" + members.joined(separator: ",") + "}")
            }
            if result.calibration != nil { fields.append(#""tier":"fast""#) }
            text += "{" + fields.joined(separator: ",") + "}\n"
        }
        return text
    }

    /// The fast tier's statement (what the table prints under its rows) for a reader of ``jsonLines`` or ``csv``,
    /// whose rows carry only `tier` `fast`: the command line writes it on standard error, so standard output stays
    /// the rows; `nil` for the full tier.
    public var tierNote: String? { result.calibration.map(Self.calibrationNote) }

    /// The rows of ``jsonLines`` as CSV (RFC 4180): a header line of the columns' flat names (`timeToAdMs_p95` for
    /// the JSON's `timeToAdMs.p95`), then one record per row in the same order; lines end with CRLF, text with a
    /// comma, quote or line break is quoted (quotes doubled), a null is an empty field; in the fast tier a last
    /// column `tier` reads `fast`.
    public var csv: String {
        let columns = SimulationReportColumn.all
        let fast = result.calibration != nil
        var text = columns.map(\.name).joined(separator: ",") + (fast ? ",tier" : "") + "\r\n"
        for line in lines {
            text += columns.map { $0.value(line).csv }.joined(separator: ",") + (fast ? ",fast" : "") + "\r\n"
        }
        return text
    }

    /// The note under a table with a yield of "n/a".
    static let noYieldNote =
        "yield% n/a: the oracle earns nothing on those requests (no line item would have filled), so there is no yield."

    // MARK: Formatting

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
