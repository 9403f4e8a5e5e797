import AdCore
import AdRuntime
import AdTestSupport
import Foundation
import Testing

@Suite("HTTP transport against a loopback server")
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
}
