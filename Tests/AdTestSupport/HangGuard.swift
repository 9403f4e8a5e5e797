/// The one place a test waits on a real clock (Docs/Testing.md, "No wall-clock assertions"). A test that waits for
/// something another thread or process does (a request reaching the loopback server, a child process printing a
/// line) polls it here, and a minute of real time ends the wait, so that a hang fails the test instead of stalling
/// the suite. Nothing here measures how long anything took: the caller asserts the condition (`waitUntil` says
/// whether it came to hold), never a duration. `Scripts/check-tests.sh` allows a real clock in this file and refuses
/// it in every other test file but the loopback server's.
///
/// ```swift
/// let task = Task { await resolver.resolve(url: url) }
/// #expect(await HangGuard.waitUntil { transport.requests.count == 2 }, "the resolver never reached the hop")
/// driver.advance(by: .seconds(5))  // the hop's timeout, in virtual time
/// ```
public enum HangGuard {
    /// How long a wait lasts before it is called a hang: far beyond what any step of a test takes on a loaded
    /// machine, so that reaching it means the awaited thing never happens.
    public static let limit: Duration = .seconds(60)

    /// Polls `condition` (every `interval` of real time; a zero interval yields instead) until it holds or `limit`
    /// passes; whether it held. A cancelled task stops waiting (`false`, unless the condition holds).
    @discardableResult
    public static func waitUntil(
        within limit: Duration = limit, polling interval: Duration = .milliseconds(2),
        isolation: isolated (any Actor)? = #isolation, _ condition: () async throws -> Bool
    ) async rethrows -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: limit)
        while try await !condition() {
            guard clock.now < deadline, !Task.isCancelled else { return false }
            if interval > .zero {
                try? await Task.sleep(for: interval)
            } else {
                await Task.yield()
            }
        }
        return true
    }
}
