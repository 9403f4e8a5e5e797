import AdCore
import AdMediation
import AdTestSupport
import Foundation
import Testing

@Suite("Configuration: JSON, validation, one error listing every problem")
struct ConfigurationTests {
    static let providers = [
        ProviderDescriptor(
            id: "google", displayName: "Google", version: ProviderVersion(11, 0, 0, 0),
            supportedFormats: [.interstitial, .rewarded, .rewardedInterstitial]),
        ProviderDescriptor(
            id: "yandex", displayName: "Yandex", version: ProviderVersion(7, 0, 0, 0),
            supportedFormats: [.native, .nativeSlider]),
        ProviderDescriptor(
            id: "ifly", displayName: "IFLY", version: ProviderVersion(6, 5, 1, 0), supportedFormats: [.native]),
    ]

    private func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: FixturePaths.fixtures.appendingPathComponent("mediation/\(name)"))
    }

    private func problems(_ name: String) throws -> MediationConfigurationError {
        let data = try fixture(name)
        do {
            _ = try MediationConfiguration.decode(data, providers: Self.providers)
        } catch {
            return error
        }
        Issue.record("\(name) was accepted")
        return MediationConfigurationError(problems: [])
    }

    @Test("The full example decodes, validates and keeps every field")
    func exampleDecodes() throws {
        let configuration = try MediationConfiguration.decode(try fixture("example.json"), providers: Self.providers)
        #expect(configuration.placements.map(\.id) == ["level-end", "feed-top", "feed-bottom"])
        let levelEnd = try #require(configuration.placement("level-end"))
        #expect(levelEnd.strategy == .hybrid)
        #expect(levelEnd.auction == AuctionPolicy(deadline: .seconds(2), pricing: .secondPrice))
        #expect(levelEnd.pacing == .seconds(60))
        #expect(levelEnd.caps == [FrequencyCap(maxImpressions: 3, window: .seconds(3600))])
        #expect(levelEnd.lineItems[1].mode == .waterfall(pricing: .fixed, priceMicros: 8_000, priority: 1))
        #expect(levelEnd.lineItems[2].mode == .waterfall(pricing: .learned, priceMicros: 3_000, priority: 0))
        #expect(levelEnd.lineItems[2].floorMicros == 1_000)
        #expect(configuration.placement("feed-bottom")?.auction.deadline == .milliseconds(1_500))
        #expect(configuration.appCaps.last == FrequencyCap(maxImpressions: 100, window: nil))
        #expect(configuration.timeToLive(provider: "google", format: .rewarded) == .seconds(3600))
        #expect(configuration.timeToLive(provider: "ifly", format: .native) == .seconds(1800))
        #expect(configuration.timeToLive(provider: "yandex", format: .native) == nil)
    }

    @Test("Encoding and decoding again gives the same configuration")
    func roundTrip() throws {
        let configuration = try MediationConfiguration.decode(try fixture("example.json"), providers: Self.providers)
        let encoded = try JSONEncoder().encode(configuration)
        #expect(try MediationConfiguration.decode(encoded, providers: Self.providers) == configuration)
    }

    @Test("An invalid configuration is rejected with one error listing every problem")
    func everyProblemIsListed() throws {
        let error = try problems("invalid-many-problems.json")
        #expect(
            error.kinds == [
                .unknownProvider, .unsupportedFormat, .negativeTimeout, .duplicateLineItemID, .modeNotAllowed,
                .duplicatePlacementID, .negativePrice, .outOfRange, .negativeTimeout,
            ])
        let unknown = try #require(error.problems.first)
        #expect(unknown.path == "$.placements[0].lineItems[0].provider")
        #expect(unknown.message.contains("'nosuch'") && unknown.message.contains("google, ifly, yandex"))
        #expect(error.problems[2].path == "$.placements[0].lineItems[2].timeoutSeconds")
        #expect(error.description.contains("9 problem(s)"))
        #expect(error.adError.code == .invalidConfiguration)
    }

    @Test("Malformed JSON and a missing required field are typed errors with the path")
    func malformed() throws {
        let missing = try problems("invalid-malformed.json")
        #expect(missing.kinds == [.malformedJSON])
        #expect(missing.problems.first?.path == "$.placements[0].lineItems[0].priceMicros")

        let mode = try problems("invalid-mode.json")
        #expect(mode.kinds == [.malformedJSON])
        #expect(mode.problems.first?.message.contains("Unknown mode 'auction'") == true)

        do {
            _ = try MediationConfiguration.decode(Data("{ not json".utf8), providers: Self.providers)
            Issue.record("garbage was accepted")
        } catch {
            #expect(error.kinds == [.malformedJSON])
        }
    }

    @Test("Values out of range: empty IDs, tier size, retries, learning, currency, no placements")
    func outOfRange() {
        var placement = MachineHarness.placement(.hybrid, [MachineHarness.waterfall(" ", price: 1, provider: "google")])
        placement.parallelTierSize = 0
        placement.retry = RetryPolicy(maxAttempts: -1, baseDelay: .zero, maximumDelay: .seconds(1))
        placement.learning = LearningPolicy(smoothing: 0, explorationRate: 2)
        placement.auction.deadline = .zero
        placement.pacing = .seconds(-1)
        let configuration = MediationConfiguration(currency: "usd", placements: [placement])
        do {
            try configuration.validate(providers: Self.providers)
            Issue.record("accepted")
        } catch {
            #expect(
                error.kinds == [
                    .emptyValue, .negativeTimeout, .outOfRange, .negativeTimeout, .outOfRange, .negativeTimeout,
                    .outOfRange, .outOfRange, .emptyValue,
                ])
            #expect(
                error.problems.filter { $0.path.hasPrefix("$.placements[0].learning") }.map(\.path) == [
                    "$.placements[0].learning.smoothing", "$.placements[0].learning.explorationRate",
                ])
        }
        do {
            try MediationConfiguration(placements: []).validate(providers: Self.providers)
            Issue.record("accepted")
        } catch {
            #expect(error.kinds == [.noLineItems])
        }
    }
}
