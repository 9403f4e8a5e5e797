import AdSimulator
import Foundation
import FoundationXML
import Testing

@testable import adsim

/// `--html`: one self-contained page that parses as XML, has no script and no external address, draws the
/// expected marks in every chart and escapes every text.
@Suite struct SimulationHTMLPageTests {
    /// The page parsed as XML (the page is written XHTML-compatible).
    static func document(_ html: String) throws -> XMLDocument {
        try XMLDocument(xmlString: html, options: [])
    }

    static func marks(_ document: XMLDocument, chart: String) throws -> Int {
        try document.nodes(forXPath: "//svg[@data-chart='\(chart)']//*[@class='mark']").count
    }

    @Test("The page is well-formed, self-contained, and every chart has an id, a data-chart and its marks")
    @MainActor func chartsAndMarks() async throws {
        let result = try await SimulationRuns.run()
        let html = SimulationHTMLPage(result: result).html
        #expect(html == SimulationHTMLPage(result: result).html)
        for forbidden in ["http://", "https://", "<script", "@import", "url(", "<link", "<img"] {
            #expect(!html.lowercased().contains(forbidden), "the page contains \(forbidden)")
        }
        let document = try Self.document(html)
        for chart in SimulationHTMLPage.chartIDs {
            let svgs = try document.nodes(forXPath: "//svg[@id='\(chart)'][@data-chart='\(chart)']")
            #expect(svgs.count == 1, "chart \(chart)")
            let ticks = try document.nodes(forXPath: "//svg[@data-chart='\(chart)']/text")
            #expect(ticks.count >= 4, "chart \(chart) has axis labels and ticks")
        }
        // Tiny: two strategies that both fill, and the oracle.
        #expect(try Self.marks(document, chart: "frontier") == 3)
        // Two providers (google, ifly) times two strategies.
        #expect(try Self.marks(document, chart: "provider-fill") == 4)
        #expect(try Self.marks(document, chart: "provider-revenue") == 4)
        // A line per strategy.
        #expect(try Self.marks(document, chart: "timeline-impressions") == 2)
        #expect(try Self.marks(document, chart: "timeline-revenue") == 2)
        let labels = try document.nodes(forXPath: "//svg[@data-chart='frontier']/text").compactMap(\.stringValue)
        #expect(labels.contains("oracle") && labels.contains("configured") && labels.contains("learned"))
        let fill = try document.nodes(forXPath: "//svg[@data-chart='provider-fill']//rect[@class='mark']")
        #expect(fill.allSatisfy { ($0 as? XMLElement)?.attribute(forName: "height")?.stringValue != "nan" })
    }

    @Test("Names with <&\"' are escaped everywhere; the page still parses and shows them as text")
    func escaping() throws {
        let name = "<b>bold</b> & \"quoted\" 'x'"
        let variant = "a<&\"'>z"
        var tally = SimulationTally()
        let key = SimulationTally.Key(variant: variant, placement: "p<", provider: "")
        tally.update(key) { row in
            row.requests = 3
            row.fills = 2
            row.impressions = 1
            row.revenueMicros = 2_500
            row.bidPriceMicros = 4_000
            row.paidPriceMicros = 4_000
            row.used = 2
            row.oraclePriceMicros = 5_000
            row.timeToAd.record(.milliseconds(120))
            row.oracleTimeToAd.record(.milliseconds(90))
        }
        tally.update(SimulationTally.Key(variant: variant, placement: "p<", provider: "pr&v")) { $0.requests = 3 }
        tally.updateTimeline(variant) { $0.recordImpression(at: .seconds(75)) }
        let result = SimulationResult(
            name: name, seed: 1, users: 1, variants: [variant], placements: ["p<"], currency: "U&D", tally: tally)
        let html = SimulationHTMLPage(result: result).html
        #expect(!html.contains("<b>"))
        #expect(html.contains("&lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot; &#39;x&#39;"))
        let document = try Self.document(html)
        let title = try document.nodes(forXPath: "//h1").first?.stringValue
        #expect(title == "Simulation: " + name)
        let labels = try document.nodes(forXPath: "//svg[@data-chart='frontier']/text").compactMap(\.stringValue)
        #expect(labels.contains(variant))
        #expect(try Self.marks(document, chart: "frontier") == 2)
        #expect(try Self.marks(document, chart: "provider-fill") == 1)
        // Minute 1 holds the impression: the line has two points, minutes 0 and 1.
        let points = try document.nodes(forXPath: "//svg[@data-chart='timeline-impressions']//*[@class='point']")
        #expect(points.count == 2)
    }

    @Test("An empty result still gives a well-formed page with finite coordinates")
    func emptyResult() throws {
        let result = SimulationResult(
            name: nil, seed: 1, users: 0, variants: ["v"], placements: [], currency: "USD", tally: SimulationTally())
        let html = SimulationHTMLPage(result: result).html
        let document = try Self.document(html)
        #expect(try document.nodes(forXPath: "//svg[@data-chart]").count == SimulationHTMLPage.chartIDs.count)
        let coordinates = try document.nodes(forXPath: "//svg//@x | //svg//@y | //svg//@cy | //svg//@height")
        #expect(!coordinates.isEmpty)
        #expect(coordinates.allSatisfy { Double($0.stringValue ?? "")?.isFinite == true })
        #expect(try Self.marks(document, chart: "frontier") == 0)
    }
}
