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
}
