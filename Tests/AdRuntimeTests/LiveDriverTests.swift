import AdCore
import AdRuntime
import Testing

@MainActor
@Suite("LiveDriver")
struct LiveDriverTests {
    @Test("A scheduled action runs on the main actor after its delay; a cancelled one never runs")
    func scheduledActionRunsCancelledDoesNot() async throws {
        let driver = LiveDriver()
        var ran: [String] = []
        driver.schedule(after: .milliseconds(5)) { ran.append("kept") }
        let cancelled = driver.schedule(after: .milliseconds(5)) { ran.append("cancelled") }
        driver.cancel(cancelled)
        let start = driver.now
        for _ in 0..<400 where ran.isEmpty { try await Task.sleep(for: .milliseconds(5)) }
        #expect(ran == ["kept"])
        #expect(start.duration(to: driver.now) >= .milliseconds(5))
        #expect(driver.pendingCount == 0)
    }

    @Test("Time moves forward from the driver's creation")
    func timeMovesForward() async throws {
        let driver = LiveDriver()
        let first = driver.now
        try await Task.sleep(for: .milliseconds(2))
        #expect(driver.now > first)
    }

    @Test("R4: a deadline centuries away (or at Int64.max seconds) waits without trapping and can be cancelled")
    func r4_farDeadlineIsSafe() async throws {
        let driver = LiveDriver()
        var ran = false
        let far = driver.schedule(at: AdInstant(sinceEpoch: .seconds(Int64.max))) { ran = true }
        let distant = driver.schedule(at: .distantFuture) { ran = true }
        let later = driver.schedule(after: .seconds(400 * 365 * 86_400)) { ran = true }
        try await Task.sleep(for: .milliseconds(50))
        #expect(!ran)
        #expect(driver.pendingCount == 3)
        for id in [far, distant, later] { driver.cancel(id) }
        #expect(driver.pendingCount == 0)
    }

    @Test("R4: a wait longer than the longest single sleep is slept in steps and still fires at its deadline")
    func r4_longWaitSleepsInSteps() async throws {
        let driver = LiveDriver(longestSleep: .milliseconds(3))
        var firedAt: AdInstant?
        driver.schedule(after: .milliseconds(30)) { firedAt = driver.now }
        for _ in 0..<400 where firedAt == nil { try await Task.sleep(for: .milliseconds(5)) }
        let fired = try #require(firedAt)
        #expect(fired.sinceEpoch >= .milliseconds(30))
        #expect(driver.pendingCount == 0)
    }
}
