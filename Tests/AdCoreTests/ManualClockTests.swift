import AdCore
import AdEmbedded
import Testing

@Suite("ManualClock and SeededRandom")
struct ManualClockTests {
    @Test("Sleepers resume only when virtual time reaches their deadline")
    func sleepersResumeAtDeadline() async throws {
        let clock = ManualClock()
        let task = Task { try await clock.sleep(for: .seconds(5)) }
        while clock.sleeperCount == 0 { await Task.yield() }
        #expect(clock.nextDeadline == AdInstant(sinceEpoch: .seconds(5)))
        clock.advance(by: .seconds(4))
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .seconds(1))
        try await task.value
        #expect(clock.now == AdInstant(sinceEpoch: .seconds(5)))
    }

    @Test("A cancelled sleeper throws CancellationError without waiting for time")
    func cancelledSleeperThrows() async {
        let clock = ManualClock()
        let task = Task { try await clock.sleep(for: .seconds(60)) }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test("Time never runs backwards")
    func timeNeverRunsBackwards() {
        let clock = ManualClock(start: AdInstant(sinceEpoch: .seconds(10)))
        clock.advance(to: .zero)
        #expect(clock.now == AdInstant(sinceEpoch: .seconds(10)))
        #expect(clock.now.description == "t=10.000s")
    }

    @Test("The same seed replays the same sequence")
    func seededRandomReplays() {
        var first = SeededRandom(seed: 7)
        var second = SeededRandom(seed: 7)
        var other = SeededRandom(seed: 8)
        let a = (0..<5).map { _ in first.next() }
        #expect(a == (0..<5).map { _ in second.next() })
        #expect(a != (0..<5).map { _ in other.next() })
    }
}
