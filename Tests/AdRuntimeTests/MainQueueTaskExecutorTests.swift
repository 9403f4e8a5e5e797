import AdCore
import AdEmbedded
import AdRuntime
import Synchronization
import Testing

/// A task executor that counts the jobs it is given and forwards them to a `MainQueueTaskExecutor`.
private final class CountingExecutor: TaskExecutor {
    let jobs = Mutex(0)
    private let target = MainQueueTaskExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        jobs.withLock { $0 += 1 }
        target.enqueue(job)
    }
}

/// Work that is not isolated to any actor, like a provider's load and parse.
private nonisolated func parseOffMain(_ value: Int) async -> Int {
    await Task.yield()
    return value * 2
}

@MainActor
@Suite("MainQueueTaskExecutor: a virtual-time run on one queue")
struct MainQueueTaskExecutorTests {
    @Test("A driver's spawned task runs its nonisolated parts on the driver's task executor, and settles")
    func spawnedTasksUseTheExecutor() async {
        let executor = CountingExecutor()
        let driver = VirtualTimeDriver(seed: 1, taskExecutor: executor)
        var results: [Int] = []
        for value in 1...3 {
            driver.spawn { results.append(await parseOffMain(value)) }
        }
        await driver.settle()
        #expect(results == [2, 4, 6])
        #expect(executor.jobs.withLock { $0 } >= 3)
    }
}
