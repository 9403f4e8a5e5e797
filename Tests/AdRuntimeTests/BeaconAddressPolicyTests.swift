import AdCore
import AdRuntime
import Foundation
import Testing

/// R9 for trackers: a tracking URL comes from an ad response, so by default a beacon to the device or its network is
/// refused when sent (counted, reported, never delivered), as wrapper hops are.
@Suite("R9: the address policy for beacons")
struct BeaconAddressPolicyTests {
    static let privateTrackers = [
        "http://127.0.0.1:8080/imp", "http://169.254.169.254/latest/meta-data", "http://[::1]/imp",
        "http://10.0.0.7/click", "http://localhost/imp", "http://2130706433/imp",
    ]

    @Test("R9: beacons to loopback, link-local and private hosts are refused by default, public ones delivered")
    func r9_privateTrackersRefusedByDefault() async throws {
        let log = DiagnosticLog()
        let transport = ScriptedBeaconTransport()
        let queue = BeaconQueue(store: nil, transport: transport, diagnostics: log.handler)
        for url in Self.privateTrackers { queue.send(Beacon(kind: .impression, url: url, providerID: "p")) }
        queue.send(Beacon(kind: .impression, url: "https://t.example/imp", providerID: "p"))
        await queue.flush()
        #expect(queue.statistics.refused == Self.privateTrackers.count)
        #expect(queue.statistics.delivered == 1)
        #expect(transport.calls.map(\.absoluteString) == ["https://t.example/imp"])
        #expect(queue.statistics.lastError?.code == .refusedURL)
        #expect(queue.statistics.lastError?.providerID == "p")
        #expect(log.all.contains { $0.kind == .refused })
        await queue.close()
    }

    @Test("R9: with .allowingPrivate (tests, intranet trackers) the same beacons are delivered")
    func r9_privateTrackersAllowedByOption() async throws {
        let transport = ScriptedBeaconTransport()
        let queue = BeaconQueue(store: nil, configuration: .loopback, transport: transport)
        for url in Self.privateTrackers { queue.send(Beacon(kind: .impression, url: url)) }
        await queue.flush()
        #expect(queue.statistics.refused == 0)
        #expect(queue.statistics.delivered == Self.privateTrackers.count)
        await queue.close()
    }
}
