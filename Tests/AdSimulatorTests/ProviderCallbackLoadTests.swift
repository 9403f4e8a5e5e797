import AdCore
import AdEmbedded
import AdTestSupport
import Foundation
import GoogleProvider
import IFLYProvider
import Testing
import YandexProvider

/// The real providers' loads through a callback (`ScheduledAdProvider`, which a unified ad calls with no task: the
/// simulator's full tier) give what their async loads give, for every kind of response: the same ad, or the same
/// typed error, and the same `<Error>` pings.
@MainActor
@Suite("The real providers' callback loads match their async loads")
struct ProviderCallbackLoadTests {
    /// One provider, format and served fixture.
    struct Case: CustomTestStringConvertible, Sendable {
        var provider: String
        var format: AdFormat
        var fixture: String

        var testDescription: String { "\(provider) \(format) \(fixture)" }
    }

    /// What a load ended with, as a test compares it.
    struct Outcome: Equatable {
        var info: LoadedAdInfo?
        var error: String?
        var beacons: [String]
    }

    private static func provider(_ name: String) -> any ScheduledAdProvider {
        switch name {
        case "ifly": IFLYProvider()
        case "yandex": YandexProvider()
        default: GoogleProvider()
        }
    }

    /// Loads `fixture` once through `load`, on a fresh host whose transport serves it at once.
    private static func outcome(
        _ test: Case,
        _ load: (any ScheduledAdProvider, AdRequest, ProviderEnvironment) async -> Result<any ProviderAd, AdError>
    ) async throws -> Outcome {
        let provider = provider(test.provider)
        let driver = VirtualTimeDriver(seed: 1)
        let transport = InMemoryTransport(clock: driver.clock)
        let beacons = RecordingBeaconSender()
        let body = try Data(contentsOf: DemoDocumentationTests.root.appending(path: "Fixtures/\(test.fixture)"))
        transport.respond(to: "unit-1", with: .body(Array(body)))
        let host = AdHost(
            registry: try ProviderRegistry([provider]), scheduler: driver, transport: transport, beacons: beacons)
        let request = AdRequest(adUnitID: "unit-1", format: test.format, placementID: "p")
        let result = await load(provider, request, host.environment(for: provider.descriptor.id, request: request))
        let urls = beacons.sent.map(\.url)
        switch result {
        case .success(let ad): return Outcome(info: ad.info, beacons: urls)
        case .failure(let error): return Outcome(error: "\(error.code) \(error.message)", beacons: urls)
        }
    }

    @Test(arguments: [
        Case(provider: "ifly", format: .native, fixture: "ifly/multi-image-three.xml"),
        Case(provider: "ifly", format: .native, fixture: "ifly/expired-ttl.xml"),
        Case(provider: "ifly", format: .native, fixture: "ifly/no-fill.xml"),
        Case(provider: "ifly", format: .native, fixture: "ifly/malformed.xml"),
        Case(provider: "yandex", format: .nativeSlider, fixture: "yandex/slider-three-cards-sponsored.xml"),
        Case(provider: "yandex", format: .native, fixture: "yandex/native-all-assets.xml"),
        Case(provider: "yandex", format: .nativeSlider, fixture: "yandex/no-fill.xml"),
        Case(provider: "yandex", format: .native, fixture: "yandex/malformed.xml"),
        Case(provider: "yandex", format: .rewarded, fixture: "yandex/native-all-assets.xml"),
        Case(provider: "google", format: .rewarded, fixture: "google/rewarded.xml"),
        Case(provider: "google", format: .interstitial, fixture: "google/image-interstitial.xml"),
        Case(provider: "google", format: .rewarded, fixture: "google/no-fill.xml"),
        Case(provider: "google", format: .rewarded, fixture: "google/malformed.xml"),
        Case(provider: "google", format: .rewarded, fixture: "google/wrapper.xml"),
        Case(provider: "google", format: .native, fixture: "google/rewarded.xml"),
    ])
    func theCallbackLoadGivesWhatTheAsyncLoadGives(_ test: Case) async throws {
        let async = try await Self.outcome(test) { provider, request, environment in
            do throws(AdError) {
                return .success(try await provider.load(request, environment: environment))
            } catch {
                return .failure(error)
            }
        }
        let callback = try await Self.outcome(test) { provider, request, environment in
            var result: Result<any ProviderAd, AdError>?
            provider.load(request, environment: environment) { result = $0 }
            await HangGuard.waitUntil { result != nil }
            return result ?? .failure(AdError(.internal, "The callback load never ended."))
        }
        #expect(callback == async)
        #expect(async.info != nil || async.error != nil)
    }
}
