import AdCore
import AdMediation
import Foundation
import Testing

/// A field the configuration JSON leaves out takes the default of its type's `init`, the one place a default is
/// declared (Docs/Architecture.md, decision 12), and every key present is read: decoding the smallest document
/// equals the `init` given only the required fields, and decoding a document that sets every optional field to
/// something else equals the `init` given those values.
@Suite("Configuration decoding: left-out fields take the init's defaults, given fields are read")
struct DecodedDefaultsTests {
    private func decode<Value: Decodable>(_ type: Value.Type, _ json: String) throws -> Value {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    private static let waterfallItem =
        #"{"id": "a", "provider": "google", "adUnit": "u", "mode": "waterfall", "priceMicros": 7}"#

    private static let bareItem = LineItemConfiguration(
        id: "a", providerID: "google", adUnitID: "u", mode: .waterfall(pricing: .fixed, priceMicros: 7, priority: 0))

    @Test("Left out: the app's currency, caps and expiry, and every optional field of a placement")
    func configurationAndPlacementDefaults() throws {
        #expect(
            try decode(MediationConfiguration.self, #"{"placements": []}"#) == MediationConfiguration(placements: []))
        let placement = try decode(
            PlacementConfiguration.self,
            #"{"id": "p", "format": "native", "strategy": "waterfall", "lineItems": [\#(Self.waterfallItem)]}"#)
        #expect(
            placement
                == PlacementConfiguration(id: "p", format: .native, strategy: .waterfall, lineItems: [Self.bareItem]))
    }

    @Test(
        "Left out: a line item's floor, timeout, pricing and priority; the auction, learning and retry objects' fields")
    func nestedDefaults() throws {
        #expect(try decode(LineItemConfiguration.self, Self.waterfallItem) == Self.bareItem)
        #expect(try decode(AuctionPolicy.self, "{}") == AuctionPolicy())
        #expect(try decode(LearningPolicy.self, "{}") == LearningPolicy())
        #expect(try decode(RetryPolicy.self, "{}") == RetryPolicy())
        #expect(
            try decode(FrequencyCap.self, #"{"maxImpressions": 3}"#) == FrequencyCap(maxImpressions: 3, window: nil))
        #expect(
            try decode(ExpiryRule.self, #"{"provider": "google", "ttlSeconds": 60}"#)
                == ExpiryRule(providerID: "google", timeToLive: .seconds(60)))
    }

    @Test("Given: every optional field set to a value other than its default is read")
    func everyGivenFieldIsRead() throws {
        let json = #"""
            {"currency": "EUR", "appCaps": [{"maxImpressions": 2, "windowSeconds": 60}],
             "expiry": [{"provider": "google", "formats": ["rewarded"], "ttlSeconds": 30}],
             "placements": [{"id": "p", "format": "native", "strategy": "bidding", "floorMicros": 9,
               "auction": {"deadlineSeconds": 3, "pricing": "secondPrice"}, "parallelTierSize": 2,
               "caps": [{"maxImpressions": 1}], "pacingSeconds": 4,
               "retry": {"maxAttempts": 2, "baseDelaySeconds": 3, "maxDelaySeconds": 5}, "preload": true,
               "learning": {"smoothing": 0.5, "explorationRate": 0.1},
               "lineItems": [{"id": "a", "provider": "google", "adUnit": "u", "mode": "waterfall", "priceMicros": 7,
                 "pricing": "learned", "priority": 3, "floorMicros": 2, "timeoutSeconds": 1}]}]}
            """#
        let item = LineItemConfiguration(
            id: "a", providerID: "google", adUnitID: "u",
            mode: .waterfall(pricing: .learned, priceMicros: 7, priority: 3),
            floorMicros: 2, timeout: .seconds(1))
        let placement = PlacementConfiguration(
            id: "p", format: .native, strategy: .bidding, lineItems: [item], floorMicros: 9,
            auction: AuctionPolicy(deadline: .seconds(3), pricing: .secondPrice), parallelTierSize: 2,
            caps: [FrequencyCap(maxImpressions: 1, window: nil)], pacing: .seconds(4),
            retry: RetryPolicy(maxAttempts: 2, baseDelay: .seconds(3), maximumDelay: .seconds(5)), preload: true,
            learning: LearningPolicy(smoothing: 0.5, explorationRate: 0.1))
        let expected = MediationConfiguration(
            currency: "EUR", appCaps: [FrequencyCap(maxImpressions: 2, window: .seconds(60))],
            expiry: [ExpiryRule(providerID: "google", formats: [.rewarded], timeToLive: .seconds(30))],
            placements: [placement])
        #expect(try decode(MediationConfiguration.self, json) == expected)
    }

    @Test("Out of range: the field keeps the init's default while the problem is recorded at its path")
    func outOfRangeKeepsTheDefault() throws {
        let collector = ConfigurationDecoding()
        let decoder = JSONDecoder()
        decoder.userInfo = collector.userInfo
        let json = #"{"maxAttempts": 2.5, "baseDelaySeconds": 1e300, "maxDelaySeconds": 5}"#
        let policy = try decoder.decode(RetryPolicy.self, from: Data(json.utf8))
        #expect(policy == RetryPolicy(maximumDelay: .seconds(5)))
        #expect(collector.problems.map(\.path) == ["$.maxAttempts", "$.baseDelaySeconds"])
    }
}
