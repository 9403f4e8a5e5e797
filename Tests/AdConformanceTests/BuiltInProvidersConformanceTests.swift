import AdConformance
import AdCore
import AdSimulator
import AdTestSupport
import BuiltInProviders
import ExampleProvider
import Foundation
import Testing

/// The project's three providers and the example provider pass the whole kit.
@MainActor
@Suite("The built-in providers pass the conformance kit")
struct BuiltInProvidersConformanceTests {
    /// The subjects `adsim conformance` runs: the fixtures each provider is served.
    static func subject(_ id: ProviderID) throws -> ConformanceSubject {
        let subjects = try BuiltInConformanceSubjects.all(fixtures: FixturePaths.fixtures)
        return try #require(subjects.first { $0.0 == id }?.1)
    }

    @Test("K1-K30: YandexProvider passes the kit for native and nativeSlider")
    func yandexPasses() async throws {
        let report = await ConformanceVerifier.run(try Self.subject("yandex"))
        let failures = report.failures.map(\.name)
        #expect(failures.isEmpty, "\(report.text)")
    }

    @Test("K1-K30: IFLYProvider passes the kit for native")
    func iflyPasses() async throws {
        let report = await ConformanceVerifier.run(try Self.subject("ifly"))
        let failures = report.failures.map(\.name)
        #expect(failures.isEmpty, "\(report.text)")
    }

    @Test("K1-K30: GoogleProvider passes the kit for its three full-screen formats")
    func googlePasses() async throws {
        let report = await ConformanceVerifier.run(try Self.subject("google"))
        let failures = report.failures.map(\.name)
        #expect(failures.isEmpty, "\(report.text)")
    }
}

/// The example provider, the shape a vendor copies, passes the kit too.
@MainActor
@Suite("The example provider passes the conformance kit")
struct ExampleProviderConformanceTests {
    /// The example's house ad as the fill, an empty VAST as the no-fill, a truncated document as the malformed one.
    private static func responses() throws -> ConformanceResponses {
        let fill = Array(try Data(contentsOf: FixturePaths.fixtures.appendingPathComponent("example/house-ad.xml")))
        return ConformanceResponses(
            fill: fill, noFill: Array(#"<VAST version="4.2"/>"#.utf8), malformed: Array("<VAST version=".utf8))
    }

    @Test("K1-K30: ExampleProvider passes the kit for native and interstitial")
    func examplePasses() async throws {
        let responses = try Self.responses()
        let report = await ConformanceVerifier.run(
            ConformanceSubject(
                provider: { ExampleProvider() }, responses: [.native: responses, .interstitial: responses],
                dismiss: { ad in (ad as? ExampleAd)?.userDismissed() }))
        let failures = report.failures.map(\.name)
        #expect(failures.isEmpty, "\(report.text)")
    }

    @Test("K18: without a close button of its own, a full-screen subject is closed with UnifiedAd.close() and judged")
    func k18_closedThroughTheUnifiedAdWithoutADismiss() async throws {
        let responses = try Self.responses()
        let report = await ConformanceVerifier.run(
            ConformanceSubject(
                provider: { ExampleProvider() }, responses: [.native: responses, .interstitial: responses]))
        #expect(report.failures.isEmpty, "\(report.text)")
        let closing = report.results.filter { ["K18", "K22"].contains($0.check.id) }
        #expect(closing.map(\.status) == [.passed, .passed], "\(report.text)")
    }
}
