import AdCore
import AdRuntime
import Foundation
import Testing

@Suite("FixtureDirectoryTransport")
struct FixtureDirectoryTransportTests {
    private func folder(_ files: [String: String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("adbridge-fixtures-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: url.appendingPathComponent(name)) }
        return url
    }

    private func error(_ body: () async throws -> Void) async -> AdError? {
        do {
            try await body()
            return nil
        } catch {
            return error as? AdError
        }
    }

    @Test("An ad unit is served from <unit>.xml, or from the mapped file, with its parameters ignored")
    func servesByAdUnitAndMapping() async throws {
        let url = try folder(["unit-1.xml": "<VAST/>", "slider.xml": "<VAST version=\"4.2\"/>"])
        defer { try? FileManager.default.removeItem(at: url) }
        let transport = FixtureDirectoryTransport(directory: url, mapping: ["demo-unit": "slider.xml"])
        let plain = try await transport.fetch(TransportRequest(providerID: "p", adUnitID: "unit-1"))
        #expect(String(decoding: plain.body, as: UTF8.self) == "<VAST/>")
        let mapped = try await transport.fetch(
            TransportRequest(providerID: "p", adUnitID: "demo-unit", parameters: ["adf_ownerid": "1"]))
        #expect(String(decoding: mapped.body, as: UTF8.self) == "<VAST version=\"4.2\"/>")
        let byURL = try await transport.fetch(
            TransportRequest(providerID: "p", adUnitID: "x", url: "https://ads.example/path/unit-1.xml"))
        #expect(byURL.body == plain.body)
    }

    @Test("Missing files are noFill; escaping the folder is refused; oversized files hit the limit")
    func badRequestsAreTypedErrors() async throws {
        let url = try folder(["big.xml": String(repeating: "x", count: 2048)])
        defer { try? FileManager.default.removeItem(at: url) }
        let transport = FixtureDirectoryTransport(
            directory: url, mapping: ["escape": "../etc/passwd"], maximumBytes: 1024)
        let missing = await error { _ = try await transport.fetch(TransportRequest(providerID: "p", adUnitID: "nope")) }
        #expect(missing?.code == .noFill)
        #expect(missing?.message.contains("nope") == true)
        let escape = await error {
            _ = try await transport.fetch(TransportRequest(providerID: "p", adUnitID: "escape"))
        }
        #expect(escape?.code == .invalidRequest)
        let big = await error { _ = try await transport.fetch(TransportRequest(providerID: "p", adUnitID: "big")) }
        #expect(big?.code == .limitExceeded)
    }
}
