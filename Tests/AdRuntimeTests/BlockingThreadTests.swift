import AdRuntime
import AdTestSupport
import Synchronization
import Testing

/// `BlockingThread` runs blocking work (a DNS lookup, a worker's pipes) on a thread of its own, and runs it anyway
/// when no thread can be made: whoever waits for it is answered either way. The tests wait through `HangGuard`, so
/// work that never runs fails them instead of stalling the suite.
@Suite("Blocking work runs on a thread of its own, or late but surely")
struct BlockingThreadTests {
    /// What the work of a test did, shared with the threads it runs on (named in `.ci/tsan.supp`: a `Mutex`).
    private final class SpawnedWorkLog: Sendable {
        private let numbers = Mutex<Set<Int>>([])

        func insert(_ number: Int) { numbers.withLock { _ = $0.insert(number) } }

        var all: Set<Int> { numbers.withLock { $0 } }
    }

    @Test("Work started on threads of their own runs, each of many started at once, each on a thread made for it")
    func workRuns() async {
        let ran = SpawnedWorkLog()
        var threads = 0
        for number in 0..<32 {
            BlockingThread.start(
                { ran.insert(number) },
                spawn: { job in
                    let made = BlockingThread.spawnThread(job)
                    if made { threads += 1 }
                    return made
                })
        }
        #expect(await HangGuard.waitUntil { ran.all.count == 32 }, "some work never ran")
        #expect(ran.all == Set(0..<32))
        #expect(threads == 32, "work went to the global pool instead of a thread of its own")
    }

    @Test("When no thread can be made, the work runs on the global dispatch pool instead of being dropped")
    func workRunsWhenNoThreadCanBeMade() async {
        let ran = SpawnedWorkLog()
        var attempts = 0
        BlockingThread.start(
            { ran.insert(7) },
            spawn: { _ in
                attempts += 1
                return false
            })
        #expect(await HangGuard.waitUntil { ran.all == [7] }, "the work was dropped")
        #expect(attempts == 1)
    }
}
