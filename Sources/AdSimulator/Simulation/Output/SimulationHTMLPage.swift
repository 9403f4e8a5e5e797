import AdCore

/// One self-contained HTML page of a simulation (`adsim simulate --html <file>`): inline CSS and inline SVG only
/// (no script, no font or image from elsewhere, no external address), written as well-formed XHTML-compatible
/// markup so it also parses as XML. Every text is escaped, so a scenario or strategy name with `<&"` cannot break
/// the page. Deterministic: the same result gives the same bytes.
///
/// Charts, each an `<svg>` with an `id` and a `data-chart` attribute, its marks of class `mark`:
/// - `frontier`: revenue against p95 time to ad per strategy (a point each, labelled) and the oracle (its p95
///   over every strategy's requests, at the revenue the best strategy would earn at the oracle's prices: revenue
///   × oracle price ÷ winning price);
/// - `provider-fill` and `provider-revenue`: grouped bars of fill rate (line items that filled per line item asked)
///   and revenue by provider, one bar per strategy in each provider's group;
/// - `timeline-impressions` and `timeline-revenue`: a line per strategy of impressions and revenue per minute since
///   the session started (``SessionTimeline``; the last minute shown holds everything later when the sessions are
///   that long).
///
/// The report's table follows the charts.
///
/// ```swift
/// let page = SimulationHTMLPage(result: result)
/// try OutputPath(flag: "--html", path: "report.html").write(page.html)
/// ```
public struct SimulationHTMLPage: Sendable {
    /// The result shown.
    public var result: SimulationResult

    /// A page of `result`.
    public init(result: SimulationResult) { self.result = result }

    /// The chart IDs, in the page's order.
    public static let chartIDs = [
        "frontier", "provider-fill", "provider-revenue", "timeline-impressions", "timeline-revenue",
    ]

    /// The colours of the strategies, in order (cycled).
    static let palette = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"]

    /// The page.
    public var html: String {
        let title = "Simulation: " + (result.name ?? "scenario")
        var page = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
        page += "<title>\(Self.escape(title))</title>\n<style>\n\(Self.style)</style>\n</head>\n<body>\n"
        page += "<h1>\(Self.escape(title))</h1>\n"
        page += "<p>Seed \(result.seed), \(result.users) users per strategy, prices in "
        page += "\(Self.escape(result.currency)).</p>\n"
        page += legend
        page += "<h2>Revenue against time to ad (the frontier)</h2>\n" + frontier
        page += "<h2>Fill rate by provider</h2>\n" + providerChart(fill: true)
        page += "<h2>Revenue by provider</h2>\n" + providerChart(fill: false)
        page += "<h2>Impressions over the session</h2>\n" + timelineChart(revenue: false)
        page += "<h2>Revenue over the session</h2>\n" + timelineChart(revenue: true)
        page += "<h2>Report</h2>\n<pre>\(Self.escape(SimulationReport(result: result).table))</pre>\n"
        page += "</body>\n</html>\n"
        return page
    }

    /// The style of a simulator page (this one and the optimizer's).
    static let style = """
        body { font-family: sans-serif; margin: 24px; color: #222; }
        svg { display: block; margin: 8px 0 24px 0; }
        svg text { font-family: sans-serif; font-size: 11px; fill: #333; }
        .grid { stroke: #ddd; stroke-width: 1; }
        .axis { stroke: #333; stroke-width: 1; }
        .legend span { display: inline-block; width: 12px; height: 12px; margin: 0 4px 0 12px; }
        pre { font-size: 11px; overflow-x: auto; }

        """

    // MARK: Charts

    private var legend: String {
        var text = "<p class=\"legend\">"
        for (index, variant) in result.variants.enumerated() {
            text += "<span style=\"background: \(color(index))\"></span>\(Self.escape(variant))"
        }
        return text + "</p>\n"
    }

    private func color(_ index: Int) -> String { Self.palette[index % Self.palette.count] }

    private var frontier: String {
        var points: [(label: String, x: Double, y: Double, color: String)] = []
        var oracleLatency = LatencyHistogram()
        var oracleRevenue: Double?
        for (index, variant) in result.variants.enumerated() {
            let row = result.tally.row(variant: variant)
            oracleLatency.merge(row.oracleTimeToAd)
            let revenue = Double(row.revenueMicros) / 1_000_000
            if row.paidPriceMicros > 0 {
                let atOracle = revenue * Double(row.oraclePriceMicros) / Double(row.paidPriceMicros)
                oracleRevenue = max(oracleRevenue ?? atOracle, atOracle)
            }
            guard let p95 = row.timeToAd.percentile(0.95) else { continue }
            points.append((variant, Double(p95), revenue, color(index)))
        }
        if let p95 = oracleLatency.percentile(0.95), let oracleRevenue {
            points.append(("oracle", Double(p95), oracleRevenue, "#000000"))
        }
        let frame = SimulationChartFrame(
            // A tenth of headroom, so no point sits on the frame's edge.
            id: "frontier", xMax: (points.map(\.x).max() ?? 0) * 1.1, yMax: (points.map(\.y).max() ?? 0) * 1.1,
            xLabel: "time to ad p95 (ms)", yLabel: "revenue (\(result.currency))")
        var svg = frame.open(numericX: true)
        var labels: [(left: Double, right: Double, y: Double)] = []
        for point in points {
            let x = frame.x(point.x)
            let y = frame.y(point.y)
            svg += "<circle class=\"mark\" cx=\"\(Self.number(x))\" cy=\"\(Self.number(y))\" r=\"5\" "
            svg += "fill=\"\(point.color)\"><title>\(Self.escape(point.label)): "
            svg += "\(Self.number(point.x)) ms, \(Self.number(point.y, 4))</title></circle>\n"
            // A label goes right of its point, or left when it would run past the edge (about 6.5 points a
            // character); one that would cover an earlier label moves down a line.
            let width = 6.5 * Double(point.label.count)
            let fitsRight = x + 7 + width <= SimulationChartFrame.width
            let left = fitsRight ? x + 7 : x - 7 - width
            var labelY = y - 7
            while labels.contains(where: { $0.left < left + width && left < $0.right && abs($0.y - labelY) < 12 }) {
                labelY += 12
            }
            labels.append((left, left + width, labelY))
            let anchor = fitsRight ? "" : " text-anchor=\"end\""
            svg += "<text x=\"\(Self.number(fitsRight ? x + 7 : x - 7))\" y=\"\(Self.number(labelY))\"\(anchor)>"
            svg += "\(Self.escape(point.label))</text>\n"
        }
        return svg + "</svg>\n"
    }

    /// Every provider's row within a variant, placements merged.
    private func providerRows(_ variant: String) -> [String: TallyRow] {
        var rows: [String: TallyRow] = [:]
        for placement in result.placements {
            for provider in result.tally.providers(variant: variant, placement: placement) {
                rows[provider, default: TallyRow()].merge(
                    result.tally.row(variant: variant, placement: placement, provider: provider))
            }
        }
        return rows
    }

    private func providerChart(fill: Bool) -> String {
        let rows = result.variants.map(providerRows)
        let providers = Set(rows.flatMap(\.keys)).sorted()
        let value: (TallyRow) -> Double = { row in fill ? row.fillRate * 100 : Double(row.revenueMicros) / 1_000_000 }
        let values = rows.map { byProvider in providers.map { byProvider[$0].map(value) ?? 0 } }
        let frame = SimulationChartFrame(
            id: fill ? "provider-fill" : "provider-revenue", xMax: Double(max(providers.count, 1)),
            yMax: fill ? 100 : values.flatMap { $0 }.max() ?? 0, xLabel: "provider",
            yLabel: fill ? "fill rate (%)" : "revenue (\(result.currency))")
        var svg = frame.open(numericX: false)
        let groupWidth = frame.width / Double(max(providers.count, 1))
        let barWidth = groupWidth * 0.8 / Double(max(result.variants.count, 1))
        for (group, provider) in providers.enumerated() {
            let left = frame.left + groupWidth * Double(group) + groupWidth * 0.1
            svg += frame.xTick(at: left - groupWidth * 0.1 + groupWidth / 2, label: provider)
            for (index, variant) in result.variants.enumerated() {
                let amount = values[index][group]
                let top = frame.y(amount)
                svg += "<rect class=\"mark\" x=\"\(Self.number(left + barWidth * Double(index)))\" "
                svg += "y=\"\(Self.number(top))\" width=\"\(Self.number(barWidth))\" "
                svg += "height=\"\(Self.number(frame.bottom - top))\" fill=\"\(color(index))\">"
                svg += "<title>\(Self.escape(variant)), \(Self.escape(provider)): "
                svg += "\(Self.number(amount, fill ? 1 : 4))</title></rect>\n"
            }
        }
        return svg + "</svg>\n"
    }

    private func timelineChart(revenue: Bool) -> String {
        let timelines = result.variants.map { result.tally.timeline(variant: $0) }
        let minutes = max(timelines.map(\.usedBuckets).max() ?? 0, 1)
        let series = timelines.map { timeline in
            (0..<minutes).map { minute in
                revenue ? Double(timeline.revenueMicros[minute]) / 1_000_000 : Double(timeline.impressions[minute])
            }
        }
        let frame = SimulationChartFrame(
            id: revenue ? "timeline-revenue" : "timeline-impressions", xMax: Double(minutes),
            yMax: series.flatMap { $0 }.max() ?? 0, xLabel: "minute of the session",
            yLabel: revenue ? "revenue (\(result.currency))" : "impressions")
        var svg = frame.open(numericX: false)
        let slot = frame.width / Double(minutes)
        let every = max(1, (minutes + 11) / 12)
        for minute in stride(from: 0, to: minutes, by: every) {
            let last = minute == SessionTimeline.bucketCount - 1
            svg += frame.xTick(at: frame.left + slot * (Double(minute) + 0.5), label: "\(minute)\(last ? "+" : "")")
        }
        for (index, values) in series.enumerated() {
            let points = values.enumerated().map { minute, value in
                (frame.left + slot * (Double(minute) + 0.5), frame.y(value))
            }
            let list = points.map { "\(Self.number($0.0)),\(Self.number($0.1))" }.joined(separator: " ")
            svg += "<polyline class=\"mark\" points=\"\(list)\" fill=\"none\" stroke=\"\(color(index))\" "
            svg += "stroke-width=\"2\"><title>\(Self.escape(result.variants[index]))</title></polyline>\n"
            for (minute, point) in points.enumerated() {
                svg += "<circle class=\"point\" cx=\"\(Self.number(point.0))\" cy=\"\(Self.number(point.1))\" r=\"3\" "
                svg += "fill=\"\(color(index))\"><title>\(Self.escape(result.variants[index])), minute \(minute): "
                svg += "\(Self.number(values[minute], revenue ? 4 : 0))</title></circle>\n"
            }
        }
        return svg + "</svg>\n"
    }

    // MARK: Text

    /// `text` escaped for element text and attribute values (``XMLText``).
    static func escape(_ text: String) -> String { XMLText.escape(text) }

    /// A coordinate or value with `digits` decimals (1 by default), locale-free.
    static func number(_ value: Double, _ digits: Int = 1) -> String {
        SimulationReport.fixed(value.isFinite ? value : 0, digits)
    }
}
