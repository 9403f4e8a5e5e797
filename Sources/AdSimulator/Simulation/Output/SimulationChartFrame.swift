/// The frame of one chart: its size, plot area, linear y scale (from 0) and, for a numeric x, linear x scale,
/// both with "nice" ticks (1, 2 or 5 times a power of ten); draws the axes, grid, ticks and axis labels of a
/// ``SimulationHTMLPage`` chart.
///
/// ```swift
/// let frame = SimulationChartFrame(id: "frontier", xMax: 730, yMax: 15, xLabel: "p95 (ms)", yLabel: "revenue")
/// let svg = frame.open(numericX: true) + "</svg>"
/// ```
struct SimulationChartFrame {
    static let width = 640.0
    static let height = 320.0

    var id: String
    var xLabel: String
    var yLabel: String
    let left = 72.0
    let top = 16.0
    let right = Self.width - 16
    let bottom = Self.height - 48
    var xAxis: (max: Double, step: Double)
    var yAxis: (max: Double, step: Double)

    init(id: String, xMax: Double, yMax: Double, xLabel: String, yLabel: String) {
        self.id = id
        self.xLabel = xLabel
        self.yLabel = yLabel
        xAxis = Self.nice(xMax)
        yAxis = Self.nice(yMax)
    }

    var width: Double { right - left }

    func x(_ value: Double) -> Double { left + width * value / xAxis.max }
    func y(_ value: Double) -> Double { bottom - (bottom - top) * max(value, 0) / yAxis.max }

    /// The opening tag, the grid, the axes, the y ticks (and x ticks for a numeric x) and the axis labels.
    func open(numericX: Bool) -> String {
        let number = SimulationHTMLPage.number
        var svg = "<svg id=\"\(id)\" data-chart=\"\(id)\" width=\"\(number(Self.width, 0))\" "
        svg +=
            "height=\"\(number(Self.height, 0))\" viewBox=\"0 0 \(number(Self.width, 0)) \(number(Self.height, 0))\" "
        svg +=
            "role=\"img\" aria-label=\"\(SimulationHTMLPage.escape(yLabel)) by \(SimulationHTMLPage.escape(xLabel))\">\n"
        let yDigits = Self.decimals(yAxis.step)
        for tick in Self.ticks(yAxis) {
            let position = number(y(tick), 1)
            svg += "<line class=\"grid\" x1=\"\(number(left, 1))\" y1=\"\(position)\" x2=\"\(number(right, 1))\" "
            svg += "y2=\"\(position)\"/>\n<text x=\"\(number(left - 6, 1))\" y=\"\(position)\" text-anchor=\"end\" "
            svg += "dominant-baseline=\"middle\">\(number(tick, yDigits))</text>\n"
        }
        if numericX {
            let xDigits = Self.decimals(xAxis.step)
            for tick in Self.ticks(xAxis) { svg += xTick(at: x(tick), label: number(tick, xDigits)) }
        }
        svg += "<line class=\"axis\" x1=\"\(number(left, 1))\" y1=\"\(number(bottom, 1))\" x2=\"\(number(right, 1))\" "
        svg += "y2=\"\(number(bottom, 1))\"/>\n"
        svg += "<line class=\"axis\" x1=\"\(number(left, 1))\" y1=\"\(number(top, 1))\" x2=\"\(number(left, 1))\" "
        svg += "y2=\"\(number(bottom, 1))\"/>\n"
        svg += "<text x=\"\(number((left + right) / 2, 1))\" y=\"\(number(Self.height - 8, 1))\" "
        svg += "text-anchor=\"middle\">\(SimulationHTMLPage.escape(xLabel))</text>\n"
        svg += "<text x=\"14\" y=\"\(number((top + bottom) / 2, 1))\" text-anchor=\"middle\" "
        svg +=
            "transform=\"rotate(-90 14 \(number((top + bottom) / 2, 1)))\">\(SimulationHTMLPage.escape(yLabel))</text>\n"
        return svg
    }

    /// A tick on the x axis at `position` with its label.
    func xTick(at position: Double, label: String) -> String {
        let number = SimulationHTMLPage.number
        var svg = "<line class=\"axis\" x1=\"\(number(position, 1))\" y1=\"\(number(bottom, 1))\" "
        svg += "x2=\"\(number(position, 1))\" y2=\"\(number(bottom + 5, 1))\"/>\n"
        svg += "<text x=\"\(number(position, 1))\" y=\"\(number(bottom + 18, 1))\" text-anchor=\"middle\">"
        return svg + SimulationHTMLPage.escape(label) + "</text>\n"
    }

    /// An axis from 0 to a multiple of a nice step at or above `value` (about 4 to 10 steps).
    static func nice(_ value: Double) -> (max: Double, step: Double) {
        let top = value.isFinite && value > 0 ? value : 1
        let raw = top / 5
        var magnitude = 1.0
        while magnitude * 10 <= raw { magnitude *= 10 }
        while magnitude > raw { magnitude /= 10 }
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? magnitude * 10
        return ((top / step).rounded(.up) * step, step)
    }

    static func ticks(_ axis: (max: Double, step: Double)) -> [Double] {
        var ticks: [Double] = []
        var tick = 0.0
        while tick <= axis.max + axis.step / 2, ticks.count <= 20 {
            ticks.append(tick)
            tick += axis.step
        }
        return ticks
    }

    /// The decimals a tick label of `step` needs.
    static func decimals(_ step: Double) -> Int {
        var digits = 0
        var scaled = step
        while scaled < 0.999, digits < 6 {
            scaled *= 10
            digits += 1
        }
        return digits
    }
}
