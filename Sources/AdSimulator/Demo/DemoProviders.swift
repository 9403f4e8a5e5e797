import AdCore
import GoogleProvider
import IFLYProvider
import YandexProvider

/// The providers `adsim` ships with: one registry, built in one place, used by the demo and listed by the usage
/// text (`adsim help`).
enum DemoProviders {
    /// The seed of every generator in the demo (the driver, the mediator, Google's cache-busting).
    static let seed: UInt64 = 7

    /// Yandex (slider and native), Google (full-screen formats) and IFLY (native feed). Yandex loads card images
    /// on the scheduler (150 ms each, in virtual time) instead of fetching them.
    static func registry() throws(AdError) -> ProviderRegistry {
        try ProviderRegistry([
            YandexProvider(imageLoader: ScheduledImageLoader(delay: .milliseconds(150))),
            GoogleProvider(seed: seed),
            IFLYProvider(),
        ])
    }

    /// One line per registered provider: `ProviderDescriptor.summary`.
    static var summaryLines: [String] {
        do {
            return try registry().descriptors.map(\.summary)
        } catch {
            return ["(the built-in providers could not be registered: \(error.message))"]
        }
    }
}
