public import AdCore
import GoogleProvider
import IFLYProvider
import YandexProvider

/// The providers AdBridge ships with: one registry, built in one place, used by `adsim` (the demo, the simulator's
/// default, the conformance command, the usage text). The only module that names the vendors is this one.
///
/// ```swift
/// let registry = try BuiltInRegistry.registry()   // yandex, google, ifly
/// print(BuiltInRegistry.summaryLines.joined(separator: "\n"))
/// ```
public enum BuiltInRegistry {
    /// The seed of every generator in the demo and the simulator's hosts (the driver, the mediator, the host's beacon stamps).
    public static let seed: UInt64 = 7
    /// The demo's wall clock: virtual time zero is 2026-12-01T00:00:00Z, so beacons carry a fixed `[TIMESTAMP]`.
    public static let wallClock = AdWallClock(unixMillisecondsAtZero: 1_796_083_200_000)

    /// Yandex (slider and native), Google (full-screen formats) and IFLY (native feed). Yandex loads card images
    /// on the scheduler (150 ms each, in virtual time) instead of fetching them.
    public static func registry() throws(AdError) -> ProviderRegistry {
        try ProviderRegistry([
            YandexProvider(imageLoader: ScheduledImageLoader(delay: .milliseconds(150))),
            GoogleProvider(),
            IFLYProvider(),
        ])
    }

    /// One line per registered provider: `ProviderDescriptor.summary`.
    public static var summaryLines: [String] {
        do {
            return try registry().descriptors.map(\.summary)
        } catch {
            return ["(the built-in providers could not be registered: \(error.message))"]
        }
    }
}
