import AdSimulator
import Testing

@testable import adsim

/// The tally's pieces: fixed-bucket histograms read whole milliseconds and merge exactly; rows and tallies merge
/// by adding, so partial counts combine into the whole.
@Suite struct SimulationTallyTests {
    @Test func percentilesReadWholeMillisecondsAndTheOverflowBucket() {
        var histogram = LatencyHistogram()
        #expect(histogram.percentile(0.5) == nil)
        for milliseconds in 1...100 { histogram.record(.milliseconds(milliseconds)) }
        histogram.record(.seconds(30))
        #expect(histogram.percentile(0.5) == 51)
        #expect(histogram.percentile(0.99) == 100)
        #expect(histogram.percentile(1) == LatencyHistogram.bucketCount)
        histogram.record(.microseconds(240_900))
        #expect(histogram.buckets[240] == 1)
    }

    @Test func mergingPartsGivesTheWhole() {
        var whole = SimulationTally()
        var parts = [SimulationTally(), SimulationTally()]
        let key = SimulationTally.Key(variant: "v", placement: "p", provider: "")
        for index in 0..<10 {
            let change: (inout TallyRow) -> Void = { row in
                row.requests += 1
                row.revenueMicros += 1_000
                row.timeToAd.record(.milliseconds(index * 10))
            }
            whole.update(key, change)
            parts[index % 2].update(key, change)
        }
        var merged = parts[0]
        merged.merge(parts[1])
        #expect(merged == whole)
        #expect(merged.row(variant: "v").requests == 10)
        #expect(merged.row(variant: "v", placement: "p").timeToAd.percentile(0.5) == 40)
    }
}
