import AdCore
import AdCreative
import AdVAST
import BuiltInProviders
import Foundation
import Testing

@testable import AdSimulator

/// The memo of issue 35: each served file is parsed once and each fill's price is put into that parse as data,
/// transparently (Docs/Simulation.md, "The memo"): the same documents, the same reports, byte for byte.
@MainActor
@Suite struct LoadMemoTests {
    private static let fixtures = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appending(path: "Fixtures")

    private static func bytes(_ path: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: fixtures.appending(path: path)))
    }

    /// The whole run of the default scenario (every strategy, every provider) with and without the memo: the
    /// table, the JSON lines and every request's record are the same.
    @Test func theDefaultScenarioReportsTheSameBytesWithAndWithoutTheMemo() async throws {
        let validated = try Scenario.loadBuiltIn()
        func run(memoised: Bool) async throws -> (report: SimulationReport, records: [SimulatedRequestRecord]) {
            var records: [SimulatedRequestRecord] = []
            var runner = SimulationRunner(validated: validated, providers: .builtIn, users: 12) { records.append($0) }
            runner.memoisesLoads = memoised
            return (SimulationReport(result: try await runner.run()), records)
        }
        let memoised = try await run(memoised: true)
        let parsed = try await run(memoised: false)
        #expect(memoised.records.count > 100)
        #expect(memoised.records == parsed.records)
        #expect(memoised.report.jsonLines == parsed.report.jsonLines)
        #expect(memoised.report.table == parsed.report.table)
    }

    /// A priced creative read from the memo is the document its body parses to, whatever the price, and the file
    /// is parsed for its first response only.
    @Test func aServedFileIsParsedOnceAndEachPriceIsPutIntoTheParse() throws {
        let file = ServedFile(bytes: try Self.bytes("google/rewarded.xml"), memoised: true)
        let memo = try #require(file.memo)
        for micros: Int64 in [2_600, 0, 1, 123_456_789, 1_000] {
            let response = file.response(priceMicros: micros, currency: "USD")
            let template = try #require(response.template)
            let document = try memo.document(
                of: response.body, pricing: template.pricing, parser: VASTParser(), allowNoAd: true)
            #expect(document == (try VASTParser().parse(Data(response.body), allowNoAd: true)))
            let value = try #require(document.ads.first?.inLine?.pricing?.value)
            #expect(abs(value - Double(micros) / 1_000) < 1e-9)
        }
        #expect(memo.documentsKept == 1)
    }

    /// Each parser configuration is checked and kept on its own: other limits, or `allowNoAd`, parse once more.
    @Test func eachParserConfigurationIsKeptApart() throws {
        let file = ServedFile(bytes: try Self.bytes("google/rewarded.xml"), memoised: true)
        let memo = try #require(file.memo)
        let response = file.response(priceMicros: 2_500, currency: "EUR")
        var small = VASTParserLimits()
        small.maxInputBytes = 100
        let strict = VASTParser(limits: small)
        for _ in 0..<2 {
            #expect(throws: VASTError.self) {
                try memo.document(
                    of: response.body, pricing: response.template?.pricing, parser: strict, allowNoAd: true)
            }
            _ = try memo.document(
                of: response.body, pricing: response.template?.pricing, parser: VASTParser(), allowNoAd: false)
        }
        #expect(memo.documentsKept == 1)
    }

    /// A file whose parse cannot take the price as data is parsed every time, with the same result as without the
    /// memo: a `<Pricing>` of its own after the `<InLine>` (the parser keeps the last), or an `<InLine>` in a
    /// comment before the real one (the price lands in the comment).
    @Test(arguments: [
        "<VAST version=\"4.2\"><Ad><InLine><Pricing model=\"CPM\" currency=\"USD\">9.99</Pricing>",
        "<VAST version=\"4.2\"><!-- <InLine> --><Ad><InLine>",
    ])
    func aFileWhosePriceCannotBePutInIsParsedEveryTime(head: String) throws {
        let tail =
            "<AdSystem>s</AdSystem><AdTitle>t</AdTitle><Impression>https://i.example/i</Impression><Creatives>"
            + "<Creative id=\"c\"><Linear><Duration>00:00:10</Duration><MediaFiles><MediaFile delivery=\"progressive\" "
            + "type=\"video/mp4\" width=\"640\" height=\"360\">https://m.example/v.mp4</MediaFile></MediaFiles>"
            + "</Linear></Creative></Creatives></InLine></Ad></VAST>"
        let file = ServedFile(bytes: Array((head + tail).utf8), memoised: true)
        let memo = try #require(file.memo)
        for micros: Int64 in [2_600, 4_100] {
            let response = file.response(priceMicros: micros, currency: "USD")
            let document = try memo.document(
                of: response.body, pricing: response.template?.pricing, parser: VASTParser(), allowNoAd: true)
            #expect(document == (try VASTParser().parse(Data(response.body), allowNoAd: true)))
        }
        #expect(memo.documentsKept == 0)
    }

    /// A file the parser refuses, served as is (a no-fill answer a provider parses without `allowNoAd`), throws
    /// the parser's own error every time.
    @Test func aRefusedFileThrowsTheParsersErrorEveryTime() throws {
        let file = ServedFile(bytes: try Self.bytes("google/no-fill.xml"), memoised: true)
        let memo = try #require(file.memo)
        let expected = #expect(throws: VASTError.self) {
            try VASTParser().parse(Data(file.bytes), allowNoAd: false)
        }
        for _ in 0..<2 {
            let response = file.response()
            let error = #expect(throws: VASTError.self) {
                try memo.document(of: response.body, pricing: nil, parser: VASTParser(), allowNoAd: false)
            }
            #expect(error == expected)
        }
        #expect(memo.documentsKept == 0)
    }

    /// Without the memo, responses name no template: providers parse every body.
    @Test func withoutTheMemoAResponseNamesNoTemplate() throws {
        let file = ServedFile(bytes: try Self.bytes("google/rewarded.xml"), memoised: false)
        #expect(file.response(priceMicros: 1_000, currency: "USD").template == nil)
        #expect(file.response().template == nil)
        let text = String(decoding: file.response(priceMicros: 1_000, currency: "USD").body, as: UTF8.self)
        #expect(text.contains("<InLine><Pricing model=\"CPM\" currency=\"USD\">1.000</Pricing>"))
    }
}

extension LoadMemoTests {
    /// On the default scenario every creative a provider loads is read from its memo: each served file that was
    /// loaded keeps its parse (none falls back to parsing every response), and the no-fill files too.
    @Test func everyFileTheDefaultScenarioServesKeepsItsParse() async throws {
        let validated = try Scenario.loadBuiltIn()
        let market = try SimulatedMarket(validated)
        let oracle = SimulationOracle(validated)
        for variant in validated.variants {
            let configuration = variant.configuration(
                from: validated.configuration, market: validated.market, bidders: validated.pricedProviders)
            for user: UInt64 in 0..<3 {
                let simulation = try UserSimulation(
                    validated: validated, providers: .builtIn, market: market, oracle: oracle, variant: variant.name,
                    configuration: configuration, user: user)
                await simulation.run()
            }
        }
        var kept: [String: Int] = [:]
        for placement in validated.configuration.placements {
            for item in placement.lineItems {
                let entry = try #require(market.entry(placement: placement.id, lineItem: item.id))
                for (index, file) in entry.creativeFiles.enumerated() {
                    kept["\(item.id) creative \(index)"] = file.memo?.documentsKept
                }
            }
        }
        #expect(kept.values.allSatisfy { $0 >= 1 }, "\(kept)")
    }
}
