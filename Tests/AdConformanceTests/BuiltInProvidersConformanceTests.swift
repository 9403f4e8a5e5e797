import AdConformance
import AdCore
import AdTestSupport
import ExampleProvider
import Foundation
import GoogleProvider
import IFLYProvider
import Testing
import YandexProvider

/// The project's three providers and the example provider pass the whole kit.
@MainActor
@Suite("The built-in providers pass the conformance kit")
struct BuiltInProvidersConformanceTests {
    static func fixture(_ path: String) -> [UInt8] {
        (try? Array(Data(contentsOf: FixturePaths.fixtures.appendingPathComponent(path)))) ?? []
    }

    static var yandex: ConformanceSubject {
        ConformanceSubject(
            provider: { YandexProvider(imageLoader: ScheduledImageLoader(delay: .milliseconds(100))) },
            responses: [
                .native: ConformanceResponses(
                    fill: fixture("yandex/native-all-assets.xml"), noFill: fixture("yandex/no-fill.xml"),
                    malformed: fixture("yandex/malformed.xml")),
                .nativeSlider: ConformanceResponses(
                    fill: fixture("yandex/slider-three-cards-sponsored.xml"), noFill: fixture("yandex/no-fill.xml"),
                    malformed: fixture("yandex/malformed.xml")),
            ])
    }

    static var ifly: ConformanceSubject {
        ConformanceSubject(
            provider: { IFLYProvider() },
            responses: [
                .native: ConformanceResponses(
                    fill: fixture("ifly/single-image-redirect.xml"), noFill: fixture("ifly/no-fill.xml"),
                    malformed: fixture("ifly/malformed.xml"))
            ])
    }

    static var google: ConformanceSubject {
        let noFill = fixture("google/no-fill.xml")
        let malformed = fixture("google/malformed.xml")
        return ConformanceSubject(
            provider: { GoogleProvider() },
            responses: [
                .interstitial: ConformanceResponses(
                    fill: fixture("google/video-interstitial.xml"), noFill: noFill, malformed: malformed),
                .rewarded: ConformanceResponses(
                    fill: fixture("google/rewarded.xml"), noFill: noFill, malformed: malformed),
                .rewardedInterstitial: ConformanceResponses(
                    fill: fixture("google/rewarded-interstitial.xml"), noFill: noFill, malformed: malformed),
            ],
            dismiss: { ad in (ad as? GoogleFullScreenAd)?.userDidClose() })
    }

    @Test("K1-K20: YandexProvider passes the kit for native and nativeSlider")
    func yandexPasses() async throws {
        let report = await ConformanceVerifier.run(Self.yandex)
        let failures = report.failures.map(\.name)
        #expect(failures.isEmpty, "\(report.text)")
    }

    @Test("K1-K20: IFLYProvider passes the kit for native")
    func iflyPasses() async throws {
        let report = await ConformanceVerifier.run(Self.ifly)
        let failures = report.failures.map(\.name)
        #expect(failures.isEmpty, "\(report.text)")
    }

    @Test("K1-K20: GoogleProvider passes the kit for its three full-screen formats")
    func googlePasses() async throws {
        let report = await ConformanceVerifier.run(Self.google)
        let failures = report.failures.map(\.name)
        #expect(failures.isEmpty, "\(report.text)")
    }
}
