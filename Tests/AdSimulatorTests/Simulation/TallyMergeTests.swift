import Testing

@testable import AdSimulator
@testable import adsim

/// Merging shards must add every figure a row holds. Each test fills every stored property with its own non-zero
/// value (Mirror checks that none is left at zero, so a field added later must be filled here) and checks that a row
/// merged with itself holds every property doubled (so a field added and not merged fails).
@Suite("Merging tallies adds every field")
struct TallyMergeTests {
    /// A row whose every count, amount and histogram differs from the others'.
    static func filledRow() -> TallyRow {
        var row = TallyRow()
        row.requests = 1
        row.fills = 2
        row.used = 3
        row.impressions = 4
        row.clicks = 5
        row.revenueMicros = 6
        row.timeouts = 7
        row.errors = 8
        row.exclusions = 9
        row.bidPriceMicros = 10
        row.oraclePriceMicros = 11
        row.timeToAd.record(.milliseconds(12))
        row.oracleTimeToAd.record(.milliseconds(13))
        row.oracleTimeToAd.record(.milliseconds(14))
        row.paidPriceMicros = 15
        row.belowFloor = 16
        return row
    }

    /// Every stored property of `value` by label.
    static func fields(of value: Any) -> [(String, Any)] {
        Mirror(reflecting: value).children.map { ($0.label ?? "?", $0.value) }
    }

    /// The size of a property: a number, or a histogram's count.
    static func size(_ value: Any) -> Double? {
        switch value {
        case let number as UInt64: Double(number)
        case let number as Int64: Double(number)
        case let histogram as LatencyHistogram: Double(histogram.count)
        default: nil
        }
    }

    @Test("Every field of a row is filled by the test and doubled by a merge with itself")
    func rowMergeAddsEveryField() throws {
        let row = Self.filledRow()
        var merged = row
        merged.merge(row)
        let before = Self.fields(of: row)
        let after = Dictionary(uniqueKeysWithValues: Self.fields(of: merged))
        #expect(before.count >= 15, "\(before.map(\.0))")
        for (label, value) in before {
            let size = try #require(Self.size(value), "\(label): a field of an unknown type; size it here")
            #expect(size != 0, "\(label) is left at zero: fill it in filledRow()")
            #expect(after[label].flatMap(Self.size) == 2 * size, "\(label) is not added by merge")
        }
        // Histograms add bucket by bucket, not only in count.
        #expect(merged.oracleTimeToAd.percentile(0.5) == row.oracleTimeToAd.percentile(0.5))
        #expect(merged.timeToAd.buckets == row.timeToAd.buckets.mapValues { $0 * 2 })
    }

    @Test("A session timeline merges every bucket of impressions and revenue")
    func timelineMergeAddsEveryBucket() {
        var timeline = SessionTimeline()
        for minute in 0..<SessionTimeline.bucketCount {
            timeline.recordImpression(at: .seconds(60 * minute))
            timeline.recordRevenue(Int64(minute + 1), at: .seconds(60 * minute))
        }
        var merged = timeline
        merged.merge(timeline)
        #expect(merged.impressions == timeline.impressions.map { $0 * 2 })
        #expect(merged.revenueMicros == timeline.revenueMicros.map { $0 * 2 })
        #expect(Self.fields(of: timeline).map(\.0).sorted() == ["impressions", "revenueMicros"])
    }

    @Test("A tally merges rows of every key and every variant's timeline, keys it did not have included")
    func tallyMergeAddsEveryKey() {
        var first = SimulationTally()
        first.update(.init(variant: "a", placement: "p", provider: "")) { $0 = Self.filledRow() }
        var second = SimulationTally()
        second.update(.init(variant: "a", placement: "p", provider: "")) { $0 = Self.filledRow() }
        second.update(.init(variant: "b", placement: "q", provider: "x")) { $0.requests = 3 }
        second.updateTimeline("b") { $0.recordImpression(at: .seconds(61)) }
        first.merge(second)
        var doubled = Self.filledRow()
        doubled.merge(Self.filledRow())
        #expect(first.row(variant: "a", placement: "p") == doubled)
        #expect(first.row(variant: "b", placement: "q", provider: "x").requests == 3)
        #expect(first.timeline(variant: "b").impressions[1] == 1)
    }
}

/// What a merge refuses in a partial's row: counts no run can give, each named.
@Suite("A row's counts that no run can give")
struct TallyRowInconsistencyTests {
    @Test(
        "More fills than requests, used than fills, impressions than used, clicks than impressions, a negative amount")
    func inconsistent() {
        var consistent = TallyRow()
        consistent.requests = 4
        consistent.fills = 3
        consistent.used = 2
        consistent.impressions = 1
        consistent.clicks = 1
        // Each bound exactly at its limit is consistent.
        #expect(consistent.inconsistency == nil)
        let cases: [(WritableKeyPath<TallyRow, UInt64>, UInt64, String)] = [
            (\.fills, 5, "5 fills of 4 requests"),
            (\.used, 4, "4 ads used of 3 fills"),
            (\.impressions, 3, "3 impressions of 2 ads used"),
            (\.clicks, 2, "2 clicks of 1 impressions"),
        ]
        for (field, value, message) in cases {
            var row = consistent
            row[keyPath: field] = value
            #expect(row.inconsistency == message)
        }
        var negative = consistent
        negative.paidPriceMicros = -1
        #expect(negative.inconsistency == "a negative amount (-1 micros)")
    }
}
