import AdCore
import AdRuntime
import AdTestSupport
import Foundation
import Testing

@Suite("HTTP transport and beacons against a loopback server")
struct HTTPTransportTests {
    private func fetchError(_ transport: HTTPResponseTransport, _ request: TransportRequest) async -> AdError? {
        do {
            _ = try await transport.fetch(request)
            return nil
        } catch {
            return error
        }
    }

    @Test("An ad unit is fetched from its provider's endpoint, with the request parameters as query items (Y21)")
    func y21_fetchesEndpointWithParameters() async throws {
        let server = try LoopbackHTTPServer(routes: ["/yandex/R-M-1.xml": .init(body: Data("<VAST/>".utf8))])
        defer { server.shutdown() }
        let transport = HTTPResponseTransport(endpoints: [
            "yandex": "http://127.0.0.1:\(server.port)/yandex/{adUnit}.xml"
        ])
        let request = TransportRequest(
            providerID: "yandex", adUnitID: "R-M-1", parameters: ["adf_ownerid": "270901", "adf_p1": "x y"])
        let response = try await transport.fetch(request)
        #expect(String(decoding: response.body, as: UTF8.self) == "<VAST/>")
        #expect(server.requests == ["GET /yandex/R-M-1.xml?adf_ownerid=270901&adf_p1=x%20y"])
        #expect(response.sourceURL?.hasSuffix("/yandex/R-M-1.xml?adf_ownerid=270901&adf_p1=x%20y") == true)
    }

    @Test("Status errors, empty bodies, unknown providers and refused schemes are typed errors")
    func failuresAreTyped() async throws {
        let server = try LoopbackHTTPServer(routes: ["/empty": .init(status: 204)])
        defer { server.shutdown() }
        let transport = HTTPResponseTransport(endpoints: ["p": server.url("/{adUnit}").absoluteString])
        let missing = await fetchError(transport, TransportRequest(providerID: "p", adUnitID: "missing"))
        #expect(missing?.code == .network)
        #expect(missing?.providerCode == 404)
        #expect(missing?.providerID == "p")
        let empty = await fetchError(transport, TransportRequest(providerID: "p", adUnitID: "empty"))
        #expect(empty?.code == .noFill)
        let unknown = await fetchError(transport, TransportRequest(providerID: "other", adUnitID: "u"))
        #expect(unknown?.code == .invalidRequest)
        let file = await fetchError(
            transport, TransportRequest(providerID: "p", adUnitID: "u", url: "file:///etc/passwd"))
        #expect(file?.code == .refusedURL)
    }

    @Test("Beacons are pinged over HTTP; non-http URLs are refused and never requested")
    func beaconsPingAndRefuse() async throws {
        let server = try LoopbackHTTPServer(routes: ["/imp": .init(), "/click": .init()])
        defer { server.shutdown() }
        let beacons = HTTPBeaconSender(timeout: .seconds(5))
        beacons.send(Beacon(kind: .impression, url: server.url("/imp").absoluteString + "?c=1"))
        beacons.send(Beacon(kind: .click, url: server.url("/click").absoluteString))
        beacons.send(Beacon(kind: .click, url: server.url("/gone").absoluteString))
        beacons.send(Beacon(kind: .error, url: "javascript:alert(1)"))
        await beacons.flush()
        let statistics = beacons.statistics
        #expect(statistics.sent == 2)
        #expect(statistics.failed == 1)
        #expect(statistics.refused == 1)
        #expect(Set(server.requests) == ["GET /imp?c=1", "GET /click", "GET /gone"])
    }
}
