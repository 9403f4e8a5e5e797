import AdCore
import Testing

@MainActor
@Suite("VirtualTimeDriver")
struct VirtualTimeDriverTests {
    @Test("Actions run in deadline order, ties in scheduling order, and time stands still otherwise")
    func deadlineOrder() {
        let driver = VirtualTimeDriver(seed: 3)
        var log: [String] = []
        driver.schedule(after: .seconds(2)) { log.append("b@\(driver.now)") }
        driver.schedule(after: .seconds(1)) { log.append("a@\(driver.now)") }
        driver.schedule(after: .seconds(2)) { log.append("c@\(driver.now)") }
        let cancelled = driver.schedule(after: .seconds(1)) { log.append("never") }
        driver.cancel(cancelled)
        #expect(log.isEmpty)
        driver.advance(by: .seconds(5))
        #expect(log == ["a@t=1.000s", "b@t=2.000s", "c@t=2.000s"])
        #expect(driver.now == AdInstant(sinceEpoch: .seconds(5)))
        #expect(driver.clock.now == driver.now)
    }

    @Test("Actions scheduled while advancing run in the same call when they fall due")
    func nestedScheduling() {
        let driver = VirtualTimeDriver()
        var log: [String] = []
        driver.schedule(after: .seconds(1)) {
            log.append("first")
            driver.schedule(after: .milliseconds(500)) { log.append("nested@\(driver.now)") }
        }
        driver.advance(by: .seconds(2))
        #expect(log == ["first", "nested@t=1.500s"])
        #expect(driver.runUntilIdle())
    }
}
