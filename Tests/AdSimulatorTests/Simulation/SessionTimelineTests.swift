import AdSimulator
import Foundation
import Testing

@testable import adsim

/// The session timeline: fixed minute buckets with an open-ended last one, merged by addition, Codable, and in the
/// engine the same impressions and revenue as the tally's rows.
@Suite struct SessionTimelineTests {
    @Test("Times fall into minute buckets; the last bucket takes everything later, negative times the first")
    func buckets() {
        #expect(SessionTimeline.bucket(at: .zero) == 0)
        #expect(SessionTimeline.bucket(at: .milliseconds(59_999)) == 0)
        #expect(SessionTimeline.bucket(at: .seconds(60)) == 1)
        #expect(SessionTimeline.bucket(at: .seconds(58 * 60 + 59)) == 58)
        #expect(SessionTimeline.bucket(at: .seconds(59 * 60)) == SessionTimeline.bucketCount - 1)
        #expect(SessionTimeline.bucket(at: .seconds(3 * 3_600)) == SessionTimeline.bucketCount - 1)
        #expect(SessionTimeline.bucket(at: .seconds(-5)) == 0)
    }

    @Test("Timelines merge by adding, inside a tally too, and survive a JSON round trip")
    func merging() throws {
        var first = SessionTimeline()
        var second = SessionTimeline()
        first.recordImpression(at: .seconds(10))
        first.recordRevenue(2_000, at: .seconds(10))
        second.recordImpression(at: .seconds(70))
        second.recordImpression(at: .seconds(15))
        second.recordRevenue(500, at: .seconds(70))
        var merged = first
        merged.merge(second)
        #expect(merged.impressions[0] == 2 && merged.impressions[1] == 1)
        #expect(merged.revenueMicros[0] == 2_000 && merged.revenueMicros[1] == 500)
        #expect(merged.usedBuckets == 2)
        #expect(SessionTimeline().usedBuckets == 0)

        var tally = SimulationTally()
        tally.updateTimeline("v") { $0 = first }
        var other = SimulationTally()
        other.updateTimeline("v") { $0 = second }
        other.updateTimeline("w") { $0.recordImpression(at: .zero) }
        tally.merge(other)
        #expect(tally.timeline(variant: "v") == merged)
        #expect(tally.timeline(variant: "w").impressions[0] == 1)

        let decoded = try JSONDecoder().decode(SessionTimeline.self, from: JSONEncoder().encode(merged))
        #expect(decoded == merged)
    }

    @Test("The engine's timeline adds up to each strategy's impressions and revenue")
    @MainActor func engineTimelineMatchesRows() async throws {
        let result = try await SimulationRuns.run()
        for variant in result.variants {
            let row = result.tally.row(variant: variant)
            let timeline = result.tally.timeline(variant: variant)
            #expect(row.impressions > 0)
            #expect(timeline.impressions.reduce(0, +) == row.impressions)
            #expect(timeline.revenueMicros.reduce(0, +) == row.revenueMicros)
        }
    }
}
