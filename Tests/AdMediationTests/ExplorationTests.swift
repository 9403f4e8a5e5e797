import AdCore
import AdMediation
import Testing

/// Exploration of learned prices at its edges: the draw exactly at the rate, ties among items never observed or
/// observed at the same time, and which item is the stalest.
@Suite("Learned prices: exploration's edges and ties")
struct ExplorationTests {
    typealias H = MachineHarness

    static func harness(rate: Double = 0.1) -> H {
        H(
            H.placement(
                .waterfall,
                [
                    H.waterfall("a", price: 3_000, learned: true), H.waterfall("b", price: 2_000, learned: true),
                    H.waterfall("c", price: 1_000, learned: true),
                ]
            ) { $0.learning = LearningPolicy(smoothing: 0.5, explorationRate: rate) })
    }

    @Test("A draw exactly at the exploration rate does not explore; just below it does", arguments: [0.1, 0.5, 1.0])
    func drawAtTheRate(rate: Double) {
        var exactly = Self.harness(rate: rate)
        exactly.context = MediationContext(explorationRoll: rate)
        exactly.start()
        #expect(exactly.loadedIDs() == ["a"])
        var below = Self.harness(rate: rate)
        below.context = MediationContext(explorationRoll: rate.nextDown)
        below.start()
        // Nothing is observed yet: the first listed learned item is the stalest, which is "a" itself.
        #expect(below.loadedIDs() == ["a"])
    }

    @Test("Among items never observed, exploration tries the first listed of them")
    func neverObservedTieGoesToTheFirstListed() {
        var harness = Self.harness()
        harness.start()
        harness.fill("a", micros: 3_000)
        _ = harness.take()
        harness.context = MediationContext(explorationRoll: 0)
        harness.start()
        #expect(harness.loadedIDs() == ["a", "b"])
    }

    @Test("Exploration tries the item observed longest ago; of two observed at the same time, the first listed")
    func stalestObservedFirst() {
        var harness = Self.harness()
        /// Starts a request and returns the first item it loads; `fill` fills it.
        func request(explore: Bool, fill: Bool) -> String? {
            harness.context = MediationContext(explorationRoll: explore ? 0 : 1)
            let before = harness.loads.count
            harness.start()
            guard harness.loads.count > before else { return nil }
            let first = harness.loadedIDs()[before]
            if fill {
                harness.fill(first, micros: 1_000)
                _ = harness.take()
            } else {
                for id in ["a", "b", "c"] where harness.machine.isLoading { harness.noFill(id) }
            }
            return first
        }
        #expect(request(explore: false, fill: true) == "a")  // a observed at 0
        harness.advance(to: .seconds(10))
        #expect(request(explore: true, fill: true) == "b")  // never observed, listed before c
        #expect(request(explore: true, fill: true) == "c")  // never observed
        #expect(request(explore: true, fill: true) == "a")  // observed at 0: the stalest
        harness.advance(to: .seconds(20))
        // a, b and c were all last observed at 10 s: the tie goes to a, listed first (a price order would too, so
        // the request after makes a the freshest and asks again).
        #expect(request(explore: true, fill: true) == "a")
        // Now b and c tie at 10 s, a is at 20 s: b, listed before c, though it is not first by price.
        #expect(request(explore: true, fill: false) == "b")
    }
}
