import AdConformance
import AdCore
import AdTestKit
import ExampleProvider
import Testing

/// The conformance kit under Swift Testing, from a package outside AdBridge: what a vendor's test target runs.
@MainActor
@Suite("ExampleProvider under the conformance kit, from a vendor's package (Swift Testing)")
struct ExampleProviderConformanceTests {
    @Test("K1-K30: ExampleProvider passes the kit for native and interstitial")
    func passesTheKit() async throws {
        try await ConformanceVerifier.verify(try VendorSubject.example())
    }

    @Test("K1: a build for another contract version fails, and the failure names the check, its rule and the fix")
    func k1_aFailureIsDescriptive() async throws {
        var subject = try VendorSubject.example()
        subject.makeProvider = { ExampleProvider(contractVersion: AdBridgeContract.version + 1) }
        let failure = await #expect(throws: ConformanceFailure.self) {
            try await ConformanceVerifier.verify(subject)
        }
        let k1 = try #require(failure?.failures.first { $0.check.id == "K1" })
        let description = try #require(failure?.description)
        #expect(description.contains("[\(k1.check.rules.joined(separator: ", "))]: \(k1.reason)"))
        #expect(k1.hint.map { description.contains("Fix: \($0)") } == true)
    }

    @Test("A vendor's own tests run on AdTestKit's host: the fill loads and its title is shared native content")
    func loadsOnTheTestHost() async throws {
        let world = try TestHost(providers: [ExampleProvider()])
        world.transport.respond(to: "unit-1", with: .body(try VendorSubject.fixture("fill")))
        let ad = try world.makeAd(AdRequest(adUnitID: "unit-1", format: .native), provider: "example")
        await ad.load().value
        #expect(ad.content?[.title]?.text == "Winter sale")
    }
}
