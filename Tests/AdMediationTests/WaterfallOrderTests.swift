import AdCore
import AdMediation
import Foundation
import Testing

/// An explicit waterfall order (`waterfallOrder`): the waterfall asks its items as written, not by price; the
/// validator refuses an order that names an unknown item or a bidder, lists one twice, or leaves one out.
@Suite("Mediation: an explicit waterfall order")
struct WaterfallOrderTests {
    typealias H = MachineHarness

    @Test("The waterfall asks its items in the explicit order, a cheap one before a rich one")
    func explicitOrderIsAsked() throws {
        var harness = H(
            H.placement(.waterfall, [H.waterfall("rich", price: 5_000), H.waterfall("cheap", price: 1_000)]) {
                $0.waterfallOrder = ["cheap", "rich"]
            })
        harness.start()
        #expect(harness.loadedIDs() == ["cheap"])
        harness.fill("cheap")
        let report = try #require(harness.report)
        #expect(report.winner == "cheap")
        #expect(report.state(of: "rich") == .notAttempted)
        #expect(harness.machine.waterfallOrder == ["cheap", "rich"])
    }

    @Test("Without an order the same items are asked by price (the order only changes when it is given)")
    func withoutOrderByPrice() {
        var harness = H(
            H.placement(.waterfall, [H.waterfall("rich", price: 5_000), H.waterfall("cheap", price: 1_000)]))
        harness.start()
        #expect(harness.loadedIDs() == ["rich"])
    }

    @Test("Tiers follow the explicit order; learned items keep their place and exploration does not move them")
    func tiersAndLearnedItemsFollowTheOrder() {
        var harness = H(
            H.placement(
                .waterfall,
                [
                    H.waterfall("a", price: 5_000, learned: true), H.waterfall("b", price: 3_000),
                    H.waterfall("c", price: 1_000, learned: true),
                ]
            ) {
                $0.waterfallOrder = ["c", "b", "a"]
                $0.parallelTierSize = 2
                $0.learning = LearningPolicy(smoothing: 1, explorationRate: 1)
            })
        harness.context = MediationContext(explorationRoll: 0)
        harness.start()
        #expect(harness.loadedIDs() == ["c", "b"])
        harness.noFill("c")
        harness.noFill("b")
        #expect(harness.loadedIDs() == ["c", "b", "a"])
        harness.noFill("a")
        // c missed (its expected revenue fell to 0): a learned ranking would move it last; the order keeps it first.
        harness.start()
        #expect(harness.loadedIDs().suffix(2) == ["c", "b"])
    }

    @Test("Hybrid: the explicit order still skips items priced at or below the winning bid")
    func hybridSkipsItemsBelowTheBid() throws {
        var harness = H(
            H.placement(
                .hybrid,
                [H.bidder("bid"), H.waterfall("rich", price: 5_000), H.waterfall("cheap", price: 1_000)]
            ) { $0.waterfallOrder = ["cheap", "rich"] })
        harness.start()
        harness.fill("bid", micros: 2_000)
        harness.advance(by: .seconds(3))
        // cheap (1000) is below the bid: skipped; rich (5000) is asked.
        #expect(harness.loadedIDs() == ["bid", "rich"])
        harness.noFill("rich")
        #expect(try #require(harness.report).winner == "bid")
    }

    static let providers = [
        ProviderDescriptor(
            id: "google", displayName: "Google", version: ProviderVersion(11, 0, 0, 0),
            supportedFormats: [.interstitial, .rewarded])
    ]

    /// A hybrid placement with a bidder and two waterfall items, with `order` as its `waterfallOrder`.
    static func json(order: String) -> Data {
        Data(
            """
            { "placements": [{ "id": "p", "format": "rewarded", "strategy": "hybrid", "waterfallOrder": \(order),
              "lineItems": [
                { "id": "bid", "provider": "google", "adUnit": "u0", "mode": "bidder" },
                { "id": "rich", "provider": "google", "adUnit": "u1", "mode": "waterfall", "priceMicros": 5000 },
                { "id": "cheap", "provider": "google", "adUnit": "u2", "mode": "waterfall", "priceMicros": 1000 }] }] }
            """.utf8)
    }

    static func problems(order: String) -> [ConfigurationProblem] {
        do {
            _ = try MediationConfiguration.decode(json(order: order), providers: providers)
            return []
        } catch {
            return error.problems
        }
    }

    @Test("A valid order decodes, and encodes back; without one nothing is written")
    func decodesAndEncodes() throws {
        let configuration = try MediationConfiguration.decode(
            Self.json(order: #"["cheap", "rich"]"#), providers: Self.providers)
        #expect(configuration.placements[0].waterfallOrder == ["cheap", "rich"])
        let encoded = String(decoding: try JSONEncoder().encode(configuration), as: UTF8.self)
        #expect(encoded.contains(#""waterfallOrder":["cheap","rich"]"#))
        var plain = configuration
        plain.placements[0].waterfallOrder = nil
        #expect(!String(decoding: try JSONEncoder().encode(plain), as: UTF8.self).contains("waterfallOrder"))
    }

    @Test("An unknown line item in the order is refused at its index")
    func unknownItem() {
        let problems = Self.problems(order: #"["cheap", "rich", "nobody"]"#)
        #expect(problems.map(\.kind) == [.unknownReference])
        #expect(problems.map(\.path) == ["$.placements[0].waterfallOrder[2]"])
        #expect(problems.first?.message.contains("no line item 'nobody'") == true)
    }

    @Test("A bidder in the order is refused: it bids, it is not asked in the waterfall")
    func bidderInOrder() {
        let problems = Self.problems(order: #"["bid", "cheap", "rich"]"#)
        #expect(problems.map(\.kind) == [.modeNotAllowed])
        #expect(problems.map(\.path) == ["$.placements[0].waterfallOrder[0]"])
    }

    @Test("An item listed twice is refused at its second place")
    func duplicateItem() {
        let problems = Self.problems(order: #"["cheap", "rich", "cheap"]"#)
        #expect(problems.map(\.kind) == [.duplicateLineItemID])
        #expect(problems.map(\.path) == ["$.placements[0].waterfallOrder[2]"])
    }

    @Test("An order that leaves out a waterfall item is refused, naming it; an empty order leaves out both")
    func missingItems() {
        let problems = Self.problems(order: #"["rich"]"#)
        #expect(problems.map(\.kind) == [.emptyValue])
        #expect(problems.map(\.path) == ["$.placements[0].waterfallOrder"])
        #expect(problems.first?.message.contains("'cheap'") == true)
        #expect(Self.problems(order: "[]").first?.message.contains("'rich', 'cheap'") == true)
    }
}
