import AdCore
import AdMediation
import AdSimulator
import BuiltInProviders

/// The demo app's mediation set-up: three placements, their line items, and what each line item's ad unit
/// answers (a fixture file and a latency).
///
/// A placement can list only providers that serve its format (the configuration validator refuses others):
/// Google serves full-screen formats only, so the rewarded placement lists Google line items alone; the slider is
/// Yandex's format; the feed's native ads are mediated between IFLY and Yandex. Prices are micros per impression
/// (`3_000` is a $3.00 eCPM). The slider's chosen line item asks Yandex's demo unit, so its ads are test ads (Y16):
/// the demo's host is a debug build, its revenue lines read `[test]`; a release build would refuse the unit (H10).
enum DemoConfiguration {
    /// The slider in the feed.
    static let slider = "feed-slider"
    /// The native ads in the feed.
    static let feed = "feed-native"
    /// The rewarded video behind the app's button.
    static let rewarded = "rewarded"

    /// The lines printed before the timeline: what the demo is and why each placement lists what it lists.
    static let notes = [
        "adsim demo: a small host app running ads from Yandex, IFLY and Google through AdBridge, mediated by",
        "AdMediation, served from the built-in fixtures, in virtual time (seed \(BuiltInRegistry.seed)).",
        "A placement lists only providers that serve its format. Google serves full-screen formats only, so the",
        "rewarded placement lists Google line items alone; the slider is Yandex's format (nativeSlider); the feed's",
        "native ads are mediated between IFLY and Yandex. Prices are eCPMs; revenue is per impression.",
    ]

    /// The configuration (validated by the `Mediator` against the registry).
    static var configuration: MediationConfiguration {
        MediationConfiguration(placements: [
            PlacementConfiguration(
                id: slider, format: .nativeSlider, strategy: .waterfall,
                lineItems: [
                    waterfall("yandex-slider-premium", "yandex", "R-M-SLIDER-PREMIUM", price: 3_000),
                    waterfall("yandex-slider", "yandex", "demo-native-slider-yandex", price: 1_800),
                    waterfall("yandex-slider-remnant", "yandex", "R-M-SLIDER-REMNANT", price: 300),
                ],
                floorMicros: 500),
            PlacementConfiguration(
                id: feed, format: .native, strategy: .waterfall,
                lineItems: [
                    waterfall("ifly-feed-premium", "ifly", "ifly-feed-premium", price: 4_000),
                    waterfall("ifly-feed", "ifly", "ifly-feed", price: 3_000),
                    waterfall("yandex-native", "yandex", "R-M-NATIVE", price: 2_000),
                    waterfall("ifly-feed-remnant", "ifly", "ifly-feed-remnant", price: 200),
                ],
                floorMicros: 500, parallelTierSize: 4),
            PlacementConfiguration(
                id: rewarded, format: .rewarded, strategy: .hybrid,
                lineItems: [
                    LineItemConfiguration(
                        id: "google-bidding", providerID: "google", adUnitID: "ca-app-pub-demo/bidding", mode: .bidder),
                    waterfall(
                        "google-rewarded-high", "google", "ca-app-pub-demo/rewarded-high", price: 8_000,
                        timeout: .seconds(1)),
                    waterfall("google-rewarded", "google", "ca-app-pub-demo/rewarded", price: 5_000),
                    waterfall("google-rewarded-low", "google", "ca-app-pub-demo/rewarded-low", price: 800),
                ],
                floorMicros: 1_000, auction: AuctionPolicy(deadline: .seconds(1))),
        ])
    }

    /// What each ad unit answers: fixture files (in request order) and a latency.
    static let scripts: [String: DemoTransport.Script] = [
        "R-M-SLIDER-PREMIUM": script(["yandex/no-fill.xml"], ms: 120),
        "demo-native-slider-yandex": script(["yandex/demo-native-slider-yandex.xml"], ms: 180),
        "R-M-SLIDER-REMNANT": script(["yandex/slider-three-cards-sponsored.xml"], ms: 90),
        "ifly-feed-premium": script(["ifly/no-fill.xml"], ms: 150),
        "ifly-feed": script(["ifly/multi-image-three.xml", "ifly/single-image-redirect.xml"], ms: 240),
        "R-M-NATIVE": script(["yandex/native-all-assets.xml"], ms: 110),
        "ifly-feed-remnant": script(["ifly/multi-image-three.xml"], ms: 100),
        "ca-app-pub-demo/bidding": script(["google/no-fill.xml"], ms: 300),
        "ca-app-pub-demo/rewarded-high": script(["google/rewarded.xml"], ms: 2_500),
        "ca-app-pub-demo/rewarded": script(["google/rewarded.xml"], ms: 260),
        "ca-app-pub-demo/rewarded-low": script(["google/rewarded.xml"], ms: 200),
    ]

    private static func waterfall(
        _ id: String, _ provider: ProviderID, _ adUnit: String, price: Int64, timeout: Duration = .seconds(5)
    ) -> LineItemConfiguration {
        LineItemConfiguration(
            id: id, providerID: provider, adUnitID: adUnit,
            mode: .waterfall(pricing: .fixed, priceMicros: price, priority: 0), timeout: timeout)
    }

    private static func script(_ files: [String], ms: Int) -> DemoTransport.Script {
        DemoTransport.Script(files: files, latency: .milliseconds(ms))
    }

    /// The placement and line item an ad unit belongs to.
    static func lineItem(forAdUnit adUnit: String) -> (placement: String, lineItem: LineItemConfiguration)? {
        for placement in configuration.placements {
            if let item = placement.lineItems.first(where: { $0.adUnitID == adUnit }) { return (placement.id, item) }
        }
        return nil
    }

    /// `$3.000 eCPM`: micros per impression as an eCPM in dollars.
    static func eCPM(_ micros: Int64) -> String {
        let fraction = String(abs(micros % 1000))
        return "$\(micros / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }

    /// `$0.001800`: micros as dollars.
    static func dollars(_ micros: Int64) -> String {
        let fraction = String(abs(micros % 1_000_000))
        return "$\(micros / 1_000_000).\(String(repeating: "0", count: 6 - fraction.count))\(fraction)"
    }
}
