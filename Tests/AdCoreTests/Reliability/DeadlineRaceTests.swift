import AdCore
import AdEmbedded
import Synchronization
import Testing

/// The one race of an operation against its deadline, driven by a scheduler (virtual time) and by a clock: the
/// first to end decides, exactly at the deadline the deadline does, and the loser is cancelled.
@Suite("DeadlineRace: an operation against its deadline, on a scheduler and on a clock")
struct DeadlineRaceTests {
    /// The timeout error every race below reports when the deadline wins.
    static let timedOut = AdError.fetchTimedOut("https://ads.example/vast.xml", after: .seconds(5))

    @Test("On a scheduler, an answer before the deadline wins and disarms the timer")
    @MainActor
    func schedulerAnswerBeforeDeadlineWins() async {
        let driver = VirtualTimeDriver()
        let result = Mutex<Result<String, AdError>?>(nil)
        driver.spawn {
            let answer = await DeadlineRace.run(timeout: .seconds(5), on: driver, timedOut: Self.timedOut) {
                () async -> Result<String, AdError> in
                try? await driver.clock.sleep(for: .milliseconds(4_999))
                return .success("body")
            }
            result.withLock { $0 = answer }
        }
        await driver.run(for: .milliseconds(4_999))
        #expect(result.withLock { $0 } == .success("body"))
        #expect(driver.pendingCount == 0, "the timer outlived the race")
    }

    @Test("On a scheduler, exactly at the deadline the timeout wins and the operation is cancelled")
    @MainActor
    func schedulerDeadlineCancelsOperation() async {
        let driver = VirtualTimeDriver()
        let sawCancellation = Mutex(false)
        let result = Mutex<Result<String, AdError>?>(nil)
        driver.spawn {
            let answer = await DeadlineRace.run(timeout: .seconds(5), on: driver, timedOut: Self.timedOut) {
                () async -> Result<String, AdError> in
                do {
                    try await driver.clock.sleep(for: .seconds(60))
                } catch {
                    sawCancellation.withLock { $0 = true }
                }
                return .success("late body")
            }
            result.withLock { $0 = answer }
        }
        await driver.run(for: .milliseconds(4_999))
        #expect(result.withLock { $0 } == nil, "the race ended before its deadline")
        await driver.run(for: .milliseconds(1))
        let answer = result.withLock { $0 }
        #expect(answer?.error?.code == .timeout)
        #expect(answer?.error?.vastCode == 301)
        #expect(sawCancellation.withLock { $0 })
    }

    @Test("On a clock, the deadline wins and the race returns only after the cancelled operation has ended")
    func clockDeadlineWaitsForTheCancelledOperation() async {
        let clock = ManualClock()
        let ended = Mutex(false)
        let race = Task {
            await DeadlineRace.run(timeout: .seconds(5), on: clock, timedOut: Self.timedOut) {
                () async -> Result<String, AdError> in
                try? await clock.sleep(for: .seconds(60))
                await Task.yield()
                ended.withLock { $0 = true }
                return .success("late body")
            }
        }
        while clock.sleeperCount < 2 { await Task.yield() }
        clock.advance(by: .seconds(5))
        let result = await race.value
        #expect(result.error?.code == .timeout)
        #expect(ended.withLock { $0 }, "the race returned while its operation was still running")
    }

    @Test("On a clock, an answer before the deadline wins and the timer stops sleeping")
    func clockAnswerBeforeDeadlineWins() async {
        let clock = ManualClock()
        let race = Task {
            await DeadlineRace.run(timeout: .seconds(5), on: clock, timedOut: Self.timedOut) {
                () async -> Result<String, AdError> in
                try? await clock.sleep(for: .seconds(1))
                return .success("body")
            }
        }
        while clock.sleeperCount < 2 { await Task.yield() }
        clock.advance(by: .seconds(1))
        #expect(await race.value == .success("body"))
        while clock.sleeperCount > 0 { await Task.yield() }
        #expect(clock.sleeperCount == 0)
    }

    @Test("On a clock, cancelling the caller cancels the operation, whose own answer is returned")
    func clockCallerCancellationReachesTheOperation() async {
        let clock = ManualClock()
        let race = Task {
            await DeadlineRace.run(timeout: .seconds(5), on: clock, timedOut: Self.timedOut) {
                () async -> Result<String, AdError> in
                do {
                    try await clock.sleep(for: .seconds(60))
                    return .success("late body")
                } catch {
                    return .failure(AdError(.cancelled, "The fetch was cancelled."))
                }
            }
        }
        while clock.sleeperCount < 2 { await Task.yield() }
        race.cancel()
        #expect(await race.value.error?.code == .cancelled)
    }
}

extension Result where Failure == AdError {
    /// The failure, if the race ended with one.
    fileprivate var error: AdError? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
