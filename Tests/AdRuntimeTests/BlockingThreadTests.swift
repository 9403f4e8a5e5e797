import AdRuntime
import AdTestSupport
import Foundation
import Testing

/// `BlockingThread` runs blocking work (a DNS lookup, a worker's pipes) on a thread of its own, and runs it anyway
/// when no thread can be made: whoever waits for it is answered either way. The tests wait through `HangGuard`, so
/// work that never runs fails them instead of stalling the suite.
@Suite("Blocking work runs on a thread of its own, or late but surely")
struct BlockingThreadTests {
    /// What the work of a test did, shared with the threads it runs on.
    ///
    /// `@unchecked Sendable` with an `NSLock`, not a `Mutex`: every access to `numbers` holds `lock`, so it is
    /// safe; but ThreadSanitizer (CI runs the suite under it) sees only pthread mutexes, not the futex under
    /// `Synchronization.Mutex`, and reports two threads taking a `Mutex` in turn as a race. A 32-thread program
    /// inserting into a `Mutex<Set<Int>>` reproduces that report.
    private final class Ran: @unchecked Sendable {
        private let lock = NSLock()
        private var numbers: Set<Int> = []

        func insert(_ number: Int) { lock.withLock { _ = numbers.insert(number) } }

        var all: Set<Int> { lock.withLock { numbers } }
    }

    @Test("Work started on threads of their own runs, each of many started at once, each on a thread made for it")
    func workRuns() async {
        let ran = Ran()
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
        let ran = Ran()
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
