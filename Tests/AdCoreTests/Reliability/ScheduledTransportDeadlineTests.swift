import AdCore
import AdEmbedded
import Synchronization
import Testing

/// `TransportDeadline` races a `ScheduledResponseTransport`'s callback against the request's timeout directly (no
/// task): the same outcomes as for any transport, on virtual time.
@Suite("TransportDeadline over a transport that answers through a callback")
@MainActor
struct ScheduledTransportDeadlineTests {
    /// Answers every fetch after `delay` on the driver, through the callback; the async fetch is never used.
    @MainActor
    final class DelayedTransport: ScheduledResponseTransport {
        let driver: VirtualTimeDriver
        let delay: Duration
        private(set) var callbacks = 0

        init(driver: VirtualTimeDriver, delay: Duration) {
            self.driver = driver
            self.delay = delay
        }

        nonisolated func fetch(_ request: TransportRequest) async throws(AdError) -> TransportResponse {
            throw AdError(.internal, "The callback path was not taken.")
        }

        func fetch(
            _ request: TransportRequest, completion: @escaping @MainActor (Result<TransportResponse, AdError>) -> Void
        ) {
            callbacks += 1
            driver.schedule(after: delay) { completion(.success(TransportResponse(body: Array("body".utf8)))) }
        }
    }

    private func fetch(
        after delay: Duration, timeout: Duration, runFor: Duration, cancel: Bool = false
    ) async -> (result: Result<TransportResponse, AdError>?, driver: VirtualTimeDriver, transport: DelayedTransport) {
        let driver = VirtualTimeDriver()
        let transport = DelayedTransport(driver: driver, delay: delay)
        let result = Mutex<Result<TransportResponse, AdError>?>(nil)
        let task = driver.spawn {
            let request = TransportRequest(providerID: "p", adUnitID: "unit", timeout: timeout)
            do throws(AdError) {
                let response = try await TransportDeadline.fetch(request, from: transport, on: driver)
                result.withLock { $0 = .success(response) }
            } catch {
                result.withLock { $0 = .failure(error) }
            }
        }
        if cancel {
            await driver.settle()
            task.cancel()
        }
        await driver.run(for: runFor)
        return (result.withLock { $0 }, driver, transport)
    }

    @Test("An answer before the deadline wins, through the callback, and disarms the timer")
    func answerBeforeTheDeadline() async throws {
        let (result, driver, transport) = await fetch(
            after: .milliseconds(4_999), timeout: .seconds(5), runFor: .milliseconds(4_999))
        #expect(try result?.get().body == Array("body".utf8))
        #expect(transport.callbacks == 1)
        #expect(driver.pendingCount == 0, "the timer outlived the race")
    }

    @Test("Exactly at the deadline the timeout wins; the late answer is dropped")
    func deadlineWins() async {
        let (result, _, _) = await fetch(after: .seconds(6), timeout: .seconds(5), runFor: .seconds(5))
        #expect(result?.error?.code == .timeout)
        let (late, _, _) = await fetch(after: .seconds(6), timeout: .seconds(5), runFor: .seconds(10))
        #expect(late?.error?.code == .timeout)
    }

    @Test("A cancelled caller ends at once with cancelled, before the answer")
    func cancelledCaller() async {
        let (result, _, _) = await fetch(
            after: .seconds(1), timeout: .seconds(5), runFor: .milliseconds(10), cancel: true)
        #expect(result?.error?.code == .cancelled)
    }
}

extension Result {
    fileprivate var error: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
