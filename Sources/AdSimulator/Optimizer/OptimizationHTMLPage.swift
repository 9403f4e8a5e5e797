/// One self-contained HTML page of an optimization (inline SVG, no script): every candidate searched as a point of
/// revenue against worst p95 time to ad, the frontier joined by a line, the budget as a vertical line, the answer
/// marked, and the report's text.
///
/// ```swift
/// try OptimizationHTMLPage(result: result).html.write(toFile: "optimize.html", atomically: true, encoding: .utf8)
/// ```
public struct OptimizationHTMLPage: Sendable {
    /// The result shown.
    public var result: OptimizationResult

    /// A page of `result`.
    public init(result: OptimizationResult) { self.result = result }

    /// The page.
    public var html: String {
        let escape = SimulationHTMLPage.escape
        var page = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
        page += "<title>Optimization</title>\n<style>\n\(SimulationHTMLPage.style)</style>\n</head>\n<body>\n"
        page += "<h1>Optimization within \(escape(result.budget.description))</h1>\n"
        page += "<p>\(result.searched.count) candidates searched on \(result.searchUsers) users; grey: every "
        page += "candidate, blue: the frontier, red: the answer, dashed: the budget.</p>\n"
        page += "<h2>Revenue against worst p95 time to ad</h2>\n" + chart
        page += "<h2>Report</h2>\n<pre>\(escape(result.table))</pre>\n</body>\n</html>\n"
        return page
    }

    /// The frontier chart.
    var chart: String {
        let number = SimulationHTMLPage.number
        let points = result.searched.compactMap { candidate in
            candidate.worstP95Milliseconds.map { (candidate, Double($0), Double(candidate.revenueMicros) / 1e6) }
        }
        let xMax = max(points.map(\.1).max() ?? 0, Double(result.budget.p95Milliseconds)) * 1.1
        let frame = SimulationChartFrame(
            id: "optimization-frontier", xMax: max(xMax, 1), yMax: max((points.map(\.2).max() ?? 0) * 1.1, 1e-6),
            xLabel: "worst p95 time to ad (ms)", yLabel: "revenue")
        var svg = frame.open(numericX: true)
        let budgetX = number(frame.x(Double(result.budget.p95Milliseconds)), 1)
        svg += "<line class=\"budget\" x1=\"\(budgetX)\" y1=\"\(number(frame.top, 1))\" x2=\"\(budgetX)\" "
        svg += "y2=\"\(number(frame.bottom, 1))\" stroke=\"#555\" stroke-dasharray=\"4 3\"/>\n"
        for (candidate, x, y) in points {
            svg += circle(frame, x, y, radius: 3, color: "#bbbbbb", label: candidate.name)
        }
        let frontier = result.frontier.compactMap { candidate in
            candidate.worstP95Milliseconds.map { (frame.x(Double($0)), frame.y(Double(candidate.revenueMicros) / 1e6)) }
        }
        if frontier.count > 1 {
            let path = frontier.map { "\(number($0.0, 1)),\(number($0.1, 1))" }.joined(separator: " ")
            svg += "<polyline class=\"frontier\" points=\"\(path)\" fill=\"none\" stroke=\"#1f77b4\"/>\n"
        }
        for candidate in result.frontier {
            guard let p95 = candidate.worstP95Milliseconds else { continue }
            svg += circle(
                frame, Double(p95), Double(candidate.revenueMicros) / 1e6, radius: 4, color: "#1f77b4",
                label: candidate.name)
        }
        if let best = result.searched.first(where: { $0.settings == result.best.settings }),
            let p95 = best.worstP95Milliseconds
        {
            svg += circle(
                frame, Double(p95), Double(best.revenueMicros) / 1e6, radius: 6, color: "#d62728",
                label: "answer: " + best.name)
        }
        return svg + "</svg>\n"
    }

    private func circle(
        _ frame: SimulationChartFrame, _ x: Double, _ y: Double, radius: Int, color: String,
        label: String
    ) -> String {
        let number = SimulationHTMLPage.number
        return "<circle cx=\"\(number(frame.x(x), 1))\" cy=\"\(number(frame.y(y), 1))\" r=\"\(radius)\" "
            + "fill=\"\(color)\"><title>\(SimulationHTMLPage.escape(label)): \(number(x, 0)) ms, "
            + "\(number(y, 6))</title></circle>\n"
    }
}
