import AdCore
import AdEmbedded
import AdRuntime
import AdSimulator
import Foundation

/// The demo's transport: serves fixture files through `FixtureDirectoryTransport`, answering each ad unit after
/// its scripted latency in virtual time, and tells the timeline when a line item is asked.
///
/// An ad unit may list several fixture files: the first request gets the first file, the next request the next
/// one, the last file repeats (a feed's second ad is another creative). Fetches run in the provider's load task,
/// which the virtual-time driver accounts for: it waits for the file read, and counts the scripted latency as a
/// wait on virtual time.
@MainActor
final class DemoTransport: ResponseTransport {
    /// What one ad unit answers: fixture files (relative to the fixture folder), in request order, and a latency.
    struct Script {
        /// The files served, one per request; the last repeats.
        var files: [String]
        /// How long the answer takes, in virtual time.
        var latency: Duration
    }

    /// The fixture folder.
    let directory: URL
    private let scripts: [String: Script]
    private let driver: VirtualTimeDriver
    private var served: [String: Int] = [:]
    /// Called when a request reaches the transport (provider, ad unit).
    var onFetch: ((ProviderID, String) -> Void)?

    /// Creates the transport over `directory` with a script per ad unit.
    init(directory: URL, scripts: [String: Script], driver: VirtualTimeDriver) {
        self.directory = directory
        self.scripts = scripts
        self.driver = driver
    }

    /// Serves the next scripted file of the request's ad unit after its latency; unknown ad units are `noFill`.
    func fetch(_ request: TransportRequest) async throws(AdError) -> TransportResponse {
        onFetch?(request.providerID, request.adUnitID)
        let script = scripts[request.adUnitID]
        let count = served[request.adUnitID, default: 0]
        served[request.adUnitID] = count + 1
        // The scripted latency, in virtual time. The timer is set before the file is read, so answers due at the
        // same instant arrive in the order they were asked, whatever order the real reads finish in.
        let driver = self.driver
        let latency = LatencyGate()
        driver.schedule(at: driver.now.advanced(by: script?.latency ?? .zero)) { latency.open() }
        let file = script.flatMap { $0.files.isEmpty ? nil : $0.files[min(count, $0.files.count - 1)] }
        let fixtures = FixtureDirectoryTransport(
            directory: directory, mapping: file.map { [request.adUnitID: $0] } ?? [:])
        let result: Result<TransportResponse, AdError>
        do throws(AdError) {
            result = .success(try await fixtures.fetch(request))
        } catch {
            result = .failure(error)
        }
        // The driver counts the fetch as waiting until the timer fires.
        if !latency.isOpen { await driver.suspend { (resumer: AdResumer<Void>) in latency.waiter = resumer } }
        return try result.get()
    }

    /// The end of one answer's latency: open once the timer fired; the fetch waits on it when its read finished
    /// first.
    @MainActor
    private final class LatencyGate {
        private(set) var isOpen = false
        var waiter: AdResumer<Void>?

        func open() {
            isOpen = true
            waiter?.resume(returning: ())
            waiter = nil
        }
    }
}
