import AdCore
import AdMediation
import AdSimulator
import Foundation
import Testing

@testable import adsim

@Suite("Simulation strategies: sweeps and what each kind does to the placements")
struct StrategySweepTests {
    @Test("A sweep expands floors outer, timeouts inner, in the listed order, with deterministic names")
    func expansion() {
        let strategy = ScenarioStrategy(
            name: "second-price", kind: .secondPriceBidding,
            sweep: StrategySweep(floorsMicros: [0, 500], timeoutsSeconds: [1, 2.5]))
        #expect(
            strategy.variants.map(\.name) == [
                "second-price/floor=0/timeout=1s", "second-price/floor=0/timeout=2.5s",
                "second-price/floor=500/timeout=1s", "second-price/floor=500/timeout=2.5s",
            ])
        #expect(strategy.variants.map(\.floorMicros) == [0, 0, 500, 500])
        #expect(
            strategy.variants.map(\.timeout) == [.seconds(1), .milliseconds(2_500), .seconds(1), .milliseconds(2_500)])
        #expect(strategy.variants.allSatisfy { $0.strategy == "second-price" && $0.kind == .secondPriceBidding })
        #expect(
            ScenarioStrategy(name: "f", kind: .hybrid, timeoutSeconds: 3, sweep: StrategySweep(floorsMicros: [10]))
                .variants == [
                    StrategyVariant(
                        name: "f/floor=10", strategy: "f", kind: .hybrid, floorMicros: 10, timeout: .seconds(3))
                ])
        #expect(
            ScenarioStrategy(name: "plain", kind: .configured, floorMicros: 100).variants == [
                StrategyVariant(name: "plain", strategy: "plain", kind: .configured, floorMicros: 100)
            ])
    }

    static let base = MediationConfiguration(placements: [
        PlacementConfiguration(
            id: "rewarded", format: .rewarded, strategy: .hybrid,
            lineItems: [
                LineItemConfiguration(id: "bid", providerID: "google", adUnitID: "u1", mode: .bidder),
                LineItemConfiguration(
                    id: "high", providerID: "google", adUnitID: "u2",
                    mode: .waterfall(pricing: .fixed, priceMicros: 8_000, priority: 1)),
            ]),
        PlacementConfiguration(
            id: "feed", format: .native, strategy: .waterfall,
            lineItems: [
                LineItemConfiguration(
                    id: "a", providerID: "ifly", adUnitID: "u3",
                    mode: .waterfall(pricing: .fixed, priceMicros: 1_000, priority: 0))
            ]),
    ])

    static let market = [
        LineItemMarket(
            placement: "rewarded", lineItem: "bid", provider: "google", format: .rewarded, fillRate: 1, errorRate: 0,
            neverAnswersRate: 0, priceMicros: .logNormal(median: 6_000, sigma: 0.5), latencyMs: .fixed(1),
            creatives: [],
            noFill: nil),
        LineItemMarket(
            placement: "rewarded", lineItem: "high", provider: "google", format: .rewarded, fillRate: 1, errorRate: 0,
            neverAnswersRate: 0, priceMicros: .uniform(min: 1_000, max: 3_000), latencyMs: .fixed(1), creatives: [],
            noFill: nil),
    ]

    static func apply(
        _ kind: StrategyKind, placements: [String]? = nil, floor: Int64? = nil, timeout: Duration? = nil,
        to configuration: MediationConfiguration = base, bidders: Set<ProviderID> = ["google"]
    ) -> MediationConfiguration {
        StrategyVariant(
            name: "v", strategy: "v", kind: kind, placements: placements, floorMicros: floor, timeout: timeout
        )
        .configuration(from: configuration, market: market, bidders: bidders)
    }

    @Test("configured and hybrid keep the line items; learned prices makes waterfall items learned")
    func keepingKinds() {
        #expect(Self.apply(.configured) == Self.base)
        #expect(Self.apply(.hybrid).placements.map(\.strategy) == [.hybrid, .hybrid])
        #expect(Self.apply(.hybrid).placements.map(\.lineItems) == Self.base.placements.map(\.lineItems))
        let learned = Self.apply(.learnedPrices)
        #expect(learned.placements[0].lineItems[0].mode == .bidder)
        #expect(
            learned.placements[0].lineItems[1].mode == .waterfall(pricing: .learned, priceMicros: 8_000, priority: 1))
        #expect(learned.placements.map(\.strategy) == [.hybrid, .waterfall])
    }

    @Test("Bidding kinds make the items of providers whose ads carry a price bidders, with the kind's pricing")
    func biddingKinds() {
        for (kind, pricing) in [
            (StrategyKind.firstPriceBidding, AuctionPolicy.Pricing.firstPrice), (.secondPriceBidding, .secondPrice),
        ] {
            let configuration = Self.apply(kind)
            #expect(configuration.placements.allSatisfy { $0.auction.pricing == pricing })
            // Google's ads carry their price: every rewarded item bids.
            #expect(configuration.placements[0].strategy == .bidding)
            #expect(configuration.placements[0].lineItems.allSatisfy { $0.isBidder })
            // IFLY's carry none: the feed stays the configured waterfall.
            #expect(configuration.placements[1].strategy == .waterfall)
            #expect(configuration.placements[1].lineItems == Self.base.placements[1].lineItems)
        }
    }

    @Test("A bidding kind runs hybrid when some items cannot bid; a configured bidder that cannot waits at its price")
    func biddingKindsWithProvidersThatCannotBid() {
        var mixed = Self.base
        mixed.placements[0].lineItems.append(
            LineItemConfiguration(id: "ifly-bid", providerID: "ifly", adUnitID: "u4", mode: .bidder))
        let configuration = Self.apply(.secondPriceBidding, to: mixed)
        #expect(configuration.placements[0].strategy == .hybrid)
        #expect(configuration.placements[0].lineItems.map(\.isBidder) == [true, true, false])
        // No market for ifly-bid and no configured price: it waits at 0, after every priced item.
        #expect(
            configuration.placements[0].lineItems[2].mode == .waterfall(pricing: .fixed, priceMicros: 0, priority: 0))
        #expect(Self.apply(.firstPriceBidding, bidders: []).placements[0].lineItems.map(\.isBidder) == [false, false])
    }

    @Test("The price-sorted waterfall prices each item at its market median (else its configured price)")
    func priceSorted() {
        let configuration = Self.apply(.priceSortedWaterfall)
        #expect(configuration.placements.map(\.strategy) == [.waterfall, .waterfall])
        #expect(
            configuration.placements[0].lineItems.map(\.mode) == [
                .waterfall(pricing: .fixed, priceMicros: 6_000, priority: 0),
                .waterfall(pricing: .fixed, priceMicros: 2_000, priority: 0),
            ])
        #expect(
            configuration.placements[1].lineItems[0].mode
                == .waterfall(pricing: .fixed, priceMicros: 1_000, priority: 0))
    }

    @Test("Floor and timeout apply to the named placements only")
    func floorAndTimeout() {
        let configuration = Self.apply(.configured, placements: ["feed"], floor: 700, timeout: .seconds(2))
        #expect(configuration.placements[0] == Self.base.placements[0])
        #expect(configuration.placements[1].floorMicros == 700)
        #expect(configuration.placements[1].auction.deadline == .seconds(2))
        #expect(configuration.placements[1].lineItems.allSatisfy { $0.timeout == .seconds(2) })
    }
}
