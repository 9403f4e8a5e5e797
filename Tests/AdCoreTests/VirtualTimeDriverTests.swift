import AdCore
import Testing

@testable import AdEmbedded

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

    @Test("A handle of a timer that ran or was cancelled cancels nothing, even once its slot holds another timer")
    func staleHandleCancelsNothing() {
        let driver = VirtualTimeDriver()
        var log: [String] = []
        let ran = driver.schedule(after: .seconds(1)) { log.append("a") }
        driver.advance(by: .seconds(1))
        let cancelled = driver.schedule(after: .seconds(1)) { log.append("never") }
        driver.cancel(cancelled)
        driver.advance(by: .seconds(1))  // the cancelled entry leaves the heap: its slot is free again
        // Both later timers take the freed slots; the old handles must not reach them.
        driver.schedule(after: .seconds(1)) { log.append("b") }
        driver.schedule(after: .seconds(1)) { log.append("c") }
        driver.cancel(ran)
        driver.cancel(cancelled)
        driver.cancel(cancelled)
        #expect(driver.pendingCount == 2)
        driver.advance(by: .seconds(1))
        #expect(log == ["a", "b", "c"])
        #expect(driver.pendingCount == 0)
        #expect(driver.nextDeadline == nil)
    }

    @Test("Cancelling most of many timers rebuilds the heap: the rest still run in order, each once")
    func manyCancelledTimers() {
        let driver = VirtualTimeDriver()
        var log: [Int] = []
        let ids = (0..<500).map { index in
            driver.schedule(after: .milliseconds(500 - index)) { log.append(index) }
        }
        for (index, id) in ids.enumerated() where index % 10 != 0 { driver.cancel(id) }
        #expect(driver.pendingCount == 50)
        // A timer scheduled after the rebuild reuses a freed slot and still runs at its deadline.
        driver.schedule(after: .milliseconds(250)) { log.append(-1) }
        driver.advance(by: .seconds(1))
        let kept = stride(from: 490, through: 0, by: -10).map { $0 }
        #expect(log == kept.filter { $0 >= 250 } + [-1] + kept.filter { $0 < 250 })  // a tie: scheduling order
        #expect(driver.pendingCount == 0)
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

    @Test("C7: settle returns once every spawned task has finished or waits on virtual time, without a turn count")
    func c7_settleIsExact() async {
        let driver = VirtualTimeDriver()
        var log: [String] = []
        let transport = InMemoryTransport(clock: driver.clock)
        transport.respond(to: "now", with: .body([1]))
        transport.respond(to: "later", with: .delayed(.seconds(2), .body([2])))
        for unit in ["now", "later"] {
            driver.spawn {
                // A chain of hops between the main actor and the transport: no fixed number of turns.
                for _ in 0..<5 { _ = try? await transport.fetch(TransportRequest(providerID: "p", adUnitID: "now")) }
                let reply = try? await transport.fetch(TransportRequest(providerID: "p", adUnitID: unit))
                log.append("\(unit)=\(reply?.body ?? [])@\(driver.now)")
            }
        }
        await driver.settle()
        #expect(log == ["now=[1]@t=0.000s"])
        #expect(driver.runnableTaskCount == 0)  // the delayed fetch waits on the clock: it does not count
        await driver.run(for: .seconds(1.999))
        #expect(log.count == 1)
        await driver.run(for: .milliseconds(1))
        #expect(log == ["now=[1]@t=0.000s", "later=[2]@t=2.000s"])
    }

    @Test("runWithoutWaiting(until:) runs timers to the end while no task can run and stops where one can")
    func runWithoutWaitingStopsWhereATaskCanRun() async {
        let driver = VirtualTimeDriver()
        var log: [String] = []
        driver.schedule(after: .seconds(1)) { log.append("a@\(driver.now)") }
        #expect(driver.runWithoutWaiting(until: AdInstant(sinceEpoch: .seconds(2))))
        #expect(log == ["a@t=1.000s"])
        #expect(driver.now == AdInstant(sinceEpoch: .seconds(2)))
        #expect(driver.runWithoutWaiting(until: AdInstant(sinceEpoch: .seconds(1))), "an end in the past")
        #expect(driver.now == AdInstant(sinceEpoch: .seconds(2)), "time never goes backwards")
        // A timer at 3 s starts a task: the run stops at 3 s, the task not run yet, the later timer not either.
        driver.schedule(after: .seconds(1)) { driver.spawn { log.append("task@\(driver.now)") } }
        driver.schedule(after: .seconds(2)) { log.append("b@\(driver.now)") }
        let end = AdInstant(sinceEpoch: .seconds(5))
        #expect(!driver.runWithoutWaiting(until: end))
        #expect(driver.now == AdInstant(sinceEpoch: .seconds(3)))
        #expect(log == ["a@t=1.000s"])
        // run(until:) goes on from there: the task at 3 s, then the timer at 4 s, then the end.
        await driver.run(until: end)
        #expect(log == ["a@t=1.000s", "task@t=3.000s", "b@t=4.000s"])
        #expect(driver.now == end)
        #expect(driver.runnableTaskCount == 0)
    }

    @Test(
        "C7: a task stuck on something the driver does not see cannot hold virtual time still",
        .timeLimit(.minutes(2))  // before the fix, run(until:) settled again for ever
    )
    func c7_stuckTaskDoesNotHoldTimeStill() async {
        // The default mode (every settle waits for a stuck task, then gives up: it still counts as runnable), with
        // 5 turns instead of settleTurnLimit's 100,000 (with other tests in parallel, each turn waits for the main
        // queue).
        let driver = VirtualTimeDriver(turnLimit: 5, waitsOnceForStuckTasks: false)
        let gate = Gate()
        var ended: AdInstant?
        driver.spawn {
            await gate.wait()
            ended = driver.now
        }
        // Only virtual time frees the task: a timer at 1 s opens its gate. Time must move on to get there.
        driver.schedule(after: .seconds(1)) { gate.open() }
        let end = AdInstant(sinceEpoch: .seconds(2))
        #expect(!driver.runWithoutWaiting(until: end), "a runnable task: it stops at once")
        #expect(driver.now == .zero)
        await driver.run(until: end)
        #expect(ended == AdInstant(sinceEpoch: .seconds(1)), "the settle gave up on the task; time moved on")
        #expect(driver.now == end)
        #expect(driver.runnableTaskCount == 0)
    }

    @Test("C7: a task suspended on a timer waits in virtual time; run(for:) resumes it at its deadline")
    func c7_suspendedTaskWaitsOnTimers() async {
        let driver = VirtualTimeDriver()
        var resumedAt: AdInstant?
        driver.spawn {
            let value: Int = await driver.suspend { resumer in
                driver.schedule(after: .seconds(3)) { resumer.resume(returning: 7) }
            }
            if value == 7 { resumedAt = driver.now }
        }
        await driver.settle()
        #expect(driver.runnableTaskCount == 0)
        #expect(resumedAt == nil)
        await driver.run(for: .seconds(3))
        #expect(resumedAt == AdInstant(sinceEpoch: .seconds(3)))
    }

    @Test("C7: with stuckTaskTurns a task stuck on a continuation of its own is waited for once; new work still is")
    @MainActor
    func c7_stuckTaskWaitedForOnce() async {
        let driver = VirtualTimeDriver(stuckTaskTurns: 50)
        let gate = Gate()
        driver.spawn { await gate.wait() }
        await driver.settle()
        #expect(driver.runnableTaskCount == 1, "the stuck task still counts as runnable")
        var done = false
        driver.spawn {
            for _ in 0..<10 { await Task.yield() }
            done = true
        }
        await driver.settle()
        #expect(done, "a settle after giving up on the stuck task still waits for a new one")
        // Resumed, the task it gave up on is not waited for again; it runs on its own turns and ends.
        gate.open()
        for _ in 0..<10 { await Task.yield() }
        await driver.settle()
        #expect(driver.runnableTaskCount == 0, "the stuck task, resumed, ended and is no longer counted")
    }
}

/// A wait that ends only when opened: a task stuck on a continuation the driver does not see.
@MainActor
private final class Gate {
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func wait() async { await withCheckedContinuation { waiting.append($0) } }

    func open() {
        for continuation in waiting { continuation.resume() }
        waiting.removeAll()
    }
}
