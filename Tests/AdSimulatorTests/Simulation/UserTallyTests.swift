import Testing

@testable import AdSimulator

/// A user counts into its own rows while it runs; what they hold must be what the run's tally would have held.
@Suite("A user's own counts")
struct UserTallyTests {
    @Test("Rows counted by a user and drained into a tally equal the same counts made in the tally directly")
    func drainedRowsEqualDirectCounts() {
        let counts: [(placement: String, provider: String, requests: UInt64, latency: Duration?)] = [
            ("feed", "", 1, .milliseconds(120)), ("feed", "ifly", 1, nil), ("feed", "yandex", 1, nil),
            ("rewarded", "", 1, .milliseconds(900)), ("feed", "", 1, .milliseconds(120)), ("feed", "ifly", 2, nil),
            ("rewarded", "google", 1, nil),
        ]
        var direct = SimulationTally()
        direct.update(SimulationTally.Key(variant: "v", placement: "feed", provider: "ifly")) { $0.clicks = 5 }
        var drained = direct
        var user = UserTally()
        for count in counts {
            let change = { (row: inout TallyRow) in
                row.requests += count.requests
                if let latency = count.latency { row.timeToAd.record(latency) }
            }
            let key = SimulationTally.Key(variant: "v", placement: count.placement, provider: count.provider)
            direct.update(key, change)
            user.update(placement: count.placement, provider: count.provider, change)
        }
        user.drain(into: &drained, variant: "v")
        #expect(drained == direct)
        #expect(drained.row(variant: "v", placement: "feed").requests == 2)
        #expect(drained.row(variant: "v", placement: "feed", provider: "ifly").requests == 3)
        #expect(drained.row(variant: "v", placement: "feed", provider: "ifly").clicks == 5)
        // Drained means emptied: a second drain adds nothing.
        user.drain(into: &drained, variant: "v")
        #expect(drained == direct)
    }

}
