import AdCore
import AdEmbedded
import AdTestSupport
import Testing

/// `AdTaskScope`: the tasks a provider spawns for one ad are the ad's, bounded, and cancelled with it (C5).
@MainActor
@Suite("A provider's tasks, owned by its ad and bounded (C5)")
struct AdTaskScopeTests {
    private let driver = VirtualTimeDriver(seed: 1)
    private let diagnostics = AdDiagnostics(isEnabled: true, minimumLevel: .debug)

    private func scope(limit: Int = AdTaskScope.defaultLimit) -> AdTaskScope {
        AdTaskScope(base: driver, owner: AdID(rawValue: 7), providerID: "p", diagnostics: diagnostics, limit: limit)
    }

    /// A task that waits on a resumer nobody calls until it is cancelled, and records how it ended.
    @MainActor
    private final class Waiter {
        var resumer: AdResumer<Bool>?
        /// `true` for each end through cancellation, `false` for each end by ``finish()``.
        var ended: [Bool] = []

        func finish() { _ = resumer?.resume(returning: false) }
    }

    private func spawnWaiter(in scope: AdTaskScope, _ waiter: Waiter) {
        scope.spawn { [scope] in
            guard !Task.isCancelled else {
                waiter.ended.append(true)
                return
            }
            let cancelled = await withTaskCancellationHandler {
                await scope.suspend { (resumer: AdResumer<Bool>) in waiter.resumer = resumer }
            } onCancel: {
                // Runs at once in the canceller: `AdTaskScope.close()`, on the main actor.
                MainActor.assumeIsolated { _ = waiter.resumer?.resume(returning: true) }
            }
            waiter.ended.append(cancelled)
        }
    }

    @Test("C5: closing the scope cancels the running tasks; a task spawned afterwards starts cancelled")
    func c5_closeCancelsTheTasks() async {
        let scope = scope()
        let running = Waiter()
        spawnWaiter(in: scope, running)
        await driver.settle()
        #expect(scope.runningTasks == 1)
        scope.close()
        await driver.settle()
        #expect(running.ended == [true])
        #expect(scope.runningTasks == 0)
        let late = Waiter()
        spawnWaiter(in: scope, late)
        await driver.settle()
        #expect(late.ended == [true])
        #expect(scope.isClosed)
    }

    @Test("C5: tasks that end leave the scope; time, timers and cancelling a timer are the base scheduler's")
    func c5_finishedTasksLeaveTheScope() async {
        let scope = scope()
        var fired: [AdInstant] = []
        scope.schedule(after: .seconds(1)) { fired.append(scope.now) }
        let cancelled = scope.schedule(after: .seconds(2)) { fired.append(scope.now) }
        scope.cancel(cancelled)
        let waiter = Waiter()
        spawnWaiter(in: scope, waiter)
        await driver.settle()
        waiter.finish()
        await driver.settle()
        driver.advance(by: .seconds(3))
        #expect(fired == [AdInstant(sinceEpoch: .seconds(1))])
        #expect(waiter.ended == [false])
        #expect(scope.runningTasks == 0)
    }

    @Test("C5: at most `limit` tasks run uncancelled; one beyond starts cancelled and says so; an end frees a place")
    func c5_spawningIsBounded() async {
        let scope = scope(limit: 3)
        let waiters = (0..<3).map { _ in Waiter() }
        for waiter in waiters { spawnWaiter(in: scope, waiter) }
        let extra = Waiter()
        spawnWaiter(in: scope, extra)
        await driver.settle()
        #expect(scope.runningTasks == 3)
        #expect(extra.ended == [true])
        let refusal = diagnostics.entries.last { $0.level == .error }
        #expect(refusal?.message.contains("\(AdID(rawValue: 7))'s provider has 3 tasks running") == true)
        #expect(refusal?.recommendation?.contains("task group") == true)
        waiters[0].finish()
        await driver.settle()
        #expect(scope.runningTasks == 2)
        let next = Waiter()
        spawnWaiter(in: scope, next)
        await driver.settle()
        #expect(next.ended.isEmpty)
        #expect(scope.runningTasks == 3)
        scope.close()
        await driver.settle()
        #expect(waiters.map(\.ended) == [[false], [true], [true]])
        #expect(next.ended == [true])
    }

    @Test("C5: the provider of a destroyed ad sees its tasks cancelled, through the scheduler its context gave it")
    func c5_destroyedAdsProviderTasksAreCancelled() async throws {
        let recorder = ScriptedAdRecorder()
        let world = try TestHost(providers: [ScriptedProvider(recorder: recorder)])
        let card = try world.addCard(y: 0)
        let ad = try await world.loadedAd()
        try ad.bind(AdBinding(container: card.container, assets: [.title: card.title]))
        let scheduler = try #require(recorder.lastAd?.scheduler as? AdTaskScope)
        let waiter = Waiter()
        spawnWaiter(in: scheduler, waiter)
        await world.driver.settle()
        #expect(waiter.ended.isEmpty)
        ad.destroy()
        await world.driver.settle()
        #expect(waiter.ended == [true])
    }
}
