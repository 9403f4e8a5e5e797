import AdCore
import AdEmbedded
import AdRuntime
import Foundation
import Testing

@testable import AdSimulator
@testable import adsim

/// `adsim parse --resolve` on virtual time (Docs/Creative.md, "adsim parse"): a hop read from the document's folder
/// takes none, so no load can time out a chain of local files; a network hop's real time is added to the clock, so
/// the total timeout still counts it.
@Suite("adsim parse --resolve: local hops take no time, network hops their real time")
@MainActor
struct ResolveTimeTests {
    static func request(_ url: String) -> TransportRequest {
        TransportRequest(providerID: "adsim", adUnitID: "u", url: url, timeout: .seconds(5))
    }

    @Test("adsim parse --resolve: reading a hop from the folder leaves the resolution's clock where it was")
    func localHopTakesNoTime() async throws {
        let driver = VirtualTimeDriver()
        let base = try #require(ResolveSupport.localBase)
        let folder = URL(fileURLWithPath: ParseCommandPaths.fixtures).appendingPathComponent("chain")
        let transport = ResolveSupport.LocalOrNetworkTransport(
            files: FolderTransport(baseURL: base, directory: folder), driver: driver)
        for hop in ["hop1.xml", "hop2.xml", "hop3.xml"] {
            let response = try await transport.fetch(Self.request(base.appendingPathComponent(hop).absoluteString))
            #expect(!response.body.isEmpty, "\(hop)")
        }
        #expect(driver.now == .zero)
    }

    @Test("adsim parse --resolve: a network hop, even one refused at once, moves the clock by the time it took")
    func networkHopCountsItsTime() async throws {
        let driver = VirtualTimeDriver()
        let transport = ResolveSupport.LocalOrNetworkTransport(files: nil, driver: driver)
        // R9 refuses a loopback hop from a document before any connection: no network is needed to see the time.
        await #expect(throws: AdError.self) { try await transport.fetch(Self.request("http://127.0.0.1:9/x.xml")) }
        #expect(driver.now > .zero)
    }
}
