import AdCore
import AdEmbedded
import Testing

/// Rule R4: any deadline, however far, is safe on the virtual driver (the live one: `LiveDriverTests`).
@MainActor
@Suite("R4: far deadlines in virtual time")
struct FarDeadlineTests {
    @Test("R4: instants saturate at the horizon instead of overflowing")
    func r4_instantsSaturate() {
        let far = AdInstant.zero.advanced(by: .seconds(Int64.max))
        #expect(far == .distantFuture)
        #expect(far.advanced(by: .seconds(Int64.max)) == .distantFuture)
        var instant = AdInstant(sinceEpoch: .seconds(Int64.max))
        for _ in 0..<40 { instant = instant.advanced(by: .seconds(Int64.max)) }
        #expect(instant == .distantFuture)
        #expect(AdInstant.zero.advanced(by: .zero - .seconds(Int64.max)).sinceEpoch == .zero - AdInstant.horizon)
        #expect(AdInstant.zero.advanced(by: .seconds(1)) == AdInstant(sinceEpoch: .seconds(1)))
        let extreme = AdInstant(sinceEpoch: .seconds(Int64.max))
        #expect(AdInstant(sinceEpoch: .seconds(Int64.min)).duration(to: extreme) > .zero)
        #expect(extreme.description == "t=9223372036854775807.000s")
        #expect(AdInstant(sinceEpoch: .milliseconds(-1250)).description == "t=-1.250s")
    }

    @Test("R4: an action scheduled at the far future waits; advancing by the longest duration runs it, once")
    func r4_virtualDriverFarDeadline() {
        let driver = VirtualTimeDriver()
        var ran = 0
        driver.schedule(at: AdInstant.zero.advanced(by: .seconds(Int64.max))) { ran += 1 }
        driver.schedule(after: .seconds(Int64.max)) { ran += 1 }
        driver.advance(by: .seconds(86_400 * 365 * 1000))
        #expect(ran == 0)
        #expect(driver.pendingCount == 2)
        driver.advance(by: .seconds(Int64.max))
        driver.advance(by: .seconds(Int64.max))
        #expect(ran == 2)
        #expect(driver.now == .distantFuture)
        #expect(driver.runUntilIdle(limit: .seconds(Int64.max)))
    }
}
