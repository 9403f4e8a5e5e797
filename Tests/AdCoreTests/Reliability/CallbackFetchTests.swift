import AdCore
import AdEmbedded
import Testing

/// `environment.fetch(_:completion:)`, the fetch of a provider that loads through a callback: the async fetch's
/// race (the one `DeadlineRace`) with the same outcomes, through a timer and the transport's callback when the
/// transport answers through one, in a task otherwise.
@Suite("The callback fetch: the async fetch's race, through callbacks")
@MainActor
struct CallbackFetchTests {
    /// Every result a completion was called with, in order.
    @MainActor
    final class Received {
        var results: [Result<TransportResponse, AdError>] = []
    }

    private static let body = Array("body".utf8)

    private func environment(_ transport: any ResponseTransport, on driver: VirtualTimeDriver) -> ProviderEnvironment {
        ProviderEnvironment(
            providerID: "p", transport: transport, beacons: RecordingBeaconSender(), scheduler: driver,
            ledger: PlacementLedger(), diagnostics: AdDiagnostics())
    }

    private func request(timeout: Duration) -> TransportRequest {
        TransportRequest(providerID: "p", adUnitID: "unit", timeout: timeout)
    }

    /// Fetches through the callback from a transport that answers after `delay` (through its callback, or on the
    /// driver's clock when `scheduled` is false), running `runFor` of virtual time.
    private func callbackFetch(
        answeringAfter delay: Duration, timeout: Duration, runFor: Duration, scheduled: Bool = true
    ) async -> (received: Received, driver: VirtualTimeDriver) {
        let driver = VirtualTimeDriver()
        let transport: any ResponseTransport
        if scheduled {
            transport = ScheduledTransportDeadlineTests.DelayedTransport(driver: driver, delay: delay)
        } else {
            let inMemory = InMemoryTransport(clock: driver.clock)
            inMemory.respond(to: "unit", with: .delayed(delay, .body(Self.body)))
            transport = inMemory
        }
        let received = Received()
        environment(transport, on: driver).fetch(request(timeout: timeout)) { received.results.append($0) }
        await driver.run(for: runFor)
        return (received, driver)
    }

    /// The async fetch of the same transport, for comparison.
    private func asyncFetch(
        answeringAfter delay: Duration, timeout: Duration, runFor: Duration
    ) async -> Result<TransportResponse, AdError>? {
        let driver = VirtualTimeDriver()
        let environment = environment(
            ScheduledTransportDeadlineTests.DelayedTransport(driver: driver, delay: delay), on: driver)
        let received = Received()
        let request = request(timeout: timeout)
        driver.spawn {
            do throws(AdError) {
                received.results.append(.success(try await environment.fetch(request)))
            } catch {
                received.results.append(.failure(error))
            }
        }
        await driver.run(for: runFor)
        return received.results.first
    }

    @Test("The answer first wins, once, and disarms the deadline's timer")
    func answerFirst() async throws {
        let (received, driver) = await callbackFetch(
            answeringAfter: .milliseconds(4_999), timeout: .seconds(5), runFor: .milliseconds(4_999))
        #expect(received.results.count == 1)
        #expect(try received.results.first?.get().body == Self.body)
        #expect(driver.pendingCount == 0, "the deadline's timer outlived the race")
        await driver.run(for: .seconds(10))
        #expect(received.results.count == 1)
    }

    @Test("The deadline first wins with the one fetch timeout error; the late answer is dropped")
    func deadlineFirst() async {
        let (received, driver) = await callbackFetch(
            answeringAfter: .seconds(6), timeout: .seconds(5), runFor: .milliseconds(4_999))
        #expect(received.results.isEmpty)
        await driver.run(for: .milliseconds(1))
        #expect(received.results.count == 1)
        let error = received.results.first?.error
        #expect(error?.code == .timeout)
        #expect(error?.vastCode == 301)
        #expect(error?.providerID == "p")
        await driver.run(for: .seconds(5))
        #expect(received.results.count == 1, "the late answer reached the completion")
    }

    @Test("An answer due exactly at the deadline loses to it, as in the async fetch")
    func exactTieGoesToTheDeadline() async throws {
        let (received, _) = await callbackFetch(answeringAfter: .seconds(5), timeout: .seconds(5), runFor: .seconds(6))
        #expect(received.results.count == 1)
        #expect(received.results.first?.error?.code == .timeout)
        let async = await asyncFetch(answeringAfter: .seconds(5), timeout: .seconds(5), runFor: .seconds(6))
        #expect(async?.error?.code == .timeout)
        let justBefore = await callbackFetch(
            answeringAfter: .milliseconds(4_999), timeout: .seconds(5), runFor: .seconds(6))
        #expect(try justBefore.received.results.first?.get().body == Self.body)
    }

    @Test("A transport without a callback falls back to the async fetch in a task, with the same race")
    func otherTransportFallsBack() async throws {
        let (answered, _) = await callbackFetch(
            answeringAfter: .seconds(1), timeout: .seconds(5), runFor: .seconds(2), scheduled: false)
        #expect(answered.results.count == 1)
        #expect(try answered.results.first?.get().body == Self.body)
        let (tie, _) = await callbackFetch(
            answeringAfter: .seconds(5), timeout: .seconds(5), runFor: .seconds(6), scheduled: false)
        #expect(tie.results.count == 1)
        #expect(tie.results.first?.error?.code == .timeout)
    }
}

extension Result {
    fileprivate var error: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
