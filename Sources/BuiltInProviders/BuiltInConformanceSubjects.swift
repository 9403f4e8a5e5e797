public import AdConformance
public import AdCore
public import Foundation
import GoogleProvider
import IFLYProvider
import YandexProvider

/// The conformance subjects of the providers `adsim` ships with: each provider with the fixture responses the kit
/// serves it per format (a fill, a no-fill, a malformed answer) and, for Google, how a user closes its player.
///
/// ```swift
/// let subjects = try BuiltInConformanceSubjects.all(fixtures: fixturesFolder)
/// for (id, subject) in subjects { print(id, await ConformanceVerifier.run(subject).passed) }
/// ```
public enum BuiltInConformanceSubjects {
    /// Every built-in provider's subject, by provider ID, in ID order.
    ///
    /// - Throws: `invalidRequest` naming a fixture file that cannot be read.
    public static func all(fixtures: URL) throws(AdError) -> [(ProviderID, ConformanceSubject)] {
        func read(_ path: String) throws(AdError) -> [UInt8] {
            do {
                return Array(try Data(contentsOf: fixtures.appendingPathComponent(path)))
            } catch {
                throw AdError(
                    .invalidRequest, "Cannot read the fixture \(path) in \(fixtures.path).",
                    hint: "Run from an AdBridge checkout, or pass --fixtures with its Fixtures/ folder.")
            }
        }
        let yandexNoFill = try read("yandex/no-fill.xml")
        let yandexMalformed = try read("yandex/malformed.xml")
        let yandex = ConformanceSubject(
            provider: { YandexProvider(imageLoader: ScheduledImageLoader(delay: .milliseconds(100))) },
            responses: [
                .native: ConformanceResponses(
                    fill: try read("yandex/native-all-assets.xml"), noFill: yandexNoFill, malformed: yandexMalformed),
                .nativeSlider: ConformanceResponses(
                    fill: try read("yandex/slider-three-cards-sponsored.xml"), noFill: yandexNoFill,
                    malformed: yandexMalformed),
            ])
        let ifly = ConformanceSubject(
            provider: { IFLYProvider() },
            responses: [
                .native: ConformanceResponses(
                    fill: try read("ifly/single-image-redirect.xml"), noFill: try read("ifly/no-fill.xml"),
                    malformed: try read("ifly/malformed.xml"))
            ])
        let googleNoFill = try read("google/no-fill.xml")
        let googleMalformed = try read("google/malformed.xml")
        let google = ConformanceSubject(
            provider: { GoogleProvider() },
            responses: [
                .interstitial: ConformanceResponses(
                    fill: try read("google/video-interstitial.xml"), noFill: googleNoFill, malformed: googleMalformed),
                .rewarded: ConformanceResponses(
                    fill: try read("google/rewarded.xml"), noFill: googleNoFill, malformed: googleMalformed),
                .rewardedInterstitial: ConformanceResponses(
                    fill: try read("google/rewarded-interstitial.xml"), noFill: googleNoFill,
                    malformed: googleMalformed),
            ],
            dismiss: { ad in (ad as? GoogleFullScreenAd)?.userDidClose() })
        return [("google", google), ("ifly", ifly), ("yandex", yandex)]
    }
}
