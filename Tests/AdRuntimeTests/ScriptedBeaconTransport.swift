import AdCore
import AdRuntime
import Foundation
import Synchronization

/// A ``BeaconTransport`` for tests: answers each URL path from a script of outcomes (one per call, the last one
/// repeated; `nil` hangs until the call is cancelled), confirms unscripted paths with 204, and records every call.
final class ScriptedBeaconTransport: BeaconTransport {
    private struct State {
        var scripts: [String: [BeaconDeliveryOutcome?]] = [:]
        var calls: [URL] = []
    }

    private let state = Mutex(State())

    init(_ scripts: [String: [BeaconDeliveryOutcome?]] = [:]) {
        state.withLock { $0.scripts = scripts }
    }

    /// Every URL delivered so far, in call order.
    var calls: [URL] { state.withLock { $0.calls } }

    /// The calls for `path`.
    func calls(to path: String) -> Int { calls.filter { $0.path == path }.count }

    func deliver(_ url: URL) async -> BeaconDeliveryOutcome {
        let step = state.withLock { state -> BeaconDeliveryOutcome?? in
            state.calls.append(url)
            guard var script = state.scripts[url.path], !script.isEmpty else { return .none }
            let first = script[0]
            if script.count > 1 { script.removeFirst() }
            state.scripts[url.path] = script
            return .some(first)
        }
        guard let step else { return .delivered(status: 204) }
        guard let outcome = step else {
            // Hang until the queue cancels the call (its timeout, close, or release); a minute at most.
            try? await Task.sleep(for: .seconds(60))
            return .retry(AdError(.cancelled, "The scripted delivery of \(url.absoluteString) was cancelled."))
        }
        return outcome
    }
}
