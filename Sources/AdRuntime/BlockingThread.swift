import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs blocking work (a DNS lookup, a worker process's pipes) on a thread of its own, never on the global
/// dispatch pool: that pool is as wide as the machine has processors, and on Linux tasks of the same priority run
/// on its threads too, so work blocked there holds up other work and those tasks until libdispatch adds a thread, a
/// second later (measured in Docs/Performance.md, "Worker processes off the global dispatch pool").
///
/// When no thread can be made (the process is at its thread or memory limit), the work runs on the global dispatch
/// pool after all: late, but it runs. Foundation's `Thread.start()` drops the work silently then, which leaves
/// whoever waits for it waiting for ever.
///
/// ```swift
/// BlockingThread.start { waiter.answer(lookUp(host)) }
/// ```
package enum BlockingThread {
    /// The work, kept alive across the thread's start by a retained reference.
    private final class Job: Sendable {
        let work: @Sendable () -> Void

        init(_ work: @escaping @Sendable () -> Void) { self.work = work }
    }

    /// Starts `work` on a new detached thread, or on the global dispatch pool when none can be made.
    package static func start(_ work: @escaping @Sendable () -> Void) {
        start(work, spawn: spawnThread)
    }

    /// ``start(_:)`` with the thread's maker given (tests count or refuse threads). `spawn` gets the work as a
    /// retained reference: when it returns `true` it has made a thread that runs the work and releases it
    /// (``spawnThread(_:)`` does both); when it returns `false` it made none, and the work goes to the pool.
    package static func start(_ work: @escaping @Sendable () -> Void, spawn: (UnsafeMutableRawPointer) -> Bool) {
        let job = Unmanaged.passRetained(Job(work)).toOpaque()
        guard !spawn(job) else { return }
        Unmanaged<Job>.fromOpaque(job).release()
        DispatchQueue.global().async(execute: work)
    }

    /// Makes a detached thread that runs the retained work at `job` and releases it; `false` when
    /// `pthread_create` fails.
    package static func spawnThread(_ job: UnsafeMutableRawPointer) -> Bool {
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return false }
        defer { pthread_attr_destroy(&attributes) }
        guard pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED)) == 0 else { return false }
        #if canImport(Darwin)
            var thread: pthread_t?
            return pthread_create(
                &thread, &attributes,
                { raw in
                    Unmanaged<Job>.fromOpaque(raw).takeRetainedValue().work()
                    return nil
                }, job) == 0
        #else
            var thread = pthread_t()
            return pthread_create(
                &thread, &attributes,
                { raw in
                    guard let raw else { return nil }
                    Unmanaged<Job>.fromOpaque(raw).takeRetainedValue().work()
                    return nil
                }, job) == 0
        #endif
    }
}
