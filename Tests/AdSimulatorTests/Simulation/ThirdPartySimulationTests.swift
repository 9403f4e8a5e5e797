import AdCore
import AdMediation
import AdSimulator
import ExampleProvider
import Foundation
import Testing

/// The simulator is a library that runs any provider: a third-party provider (`ExampleProvider`, built on the
/// public products only) is validated against and simulated through the same engine as the built-in ones, with no
/// built-in provider registered.
@MainActor
@Suite("The simulator runs a third-party provider")
struct ThirdPartySimulationTests {
    /// A house ad in the example network's dialect, and its no-fill.
    static let houseAd = """
        <VAST version="4.2"><Ad id="house-1"><InLine><AdSystem>Example House Ads</AdSystem><AdTitle>Sale</AdTitle>
          <Impression>https://t.example/imp?c=house-1&amp;cb=[CACHEBUSTING]</Impression>
          <Creatives><Creative id="house-1-cr"/></Creatives>
          <Extensions><Extension type="house-ads"><Title>Winter sale</Title>
            <Image width="1200" height="628">https://img.example/w.png</Image><CallToAction>Shop now</CallToAction>
            <ClickThrough>https://shop.example/winter</ClickThrough><Required>title</Required>
          </Extension></Extensions>
        </InLine></Ad></VAST>
        """

    static let scenario = """
        { "version": 1, "name": "house ads only", "seed": 5,
          "market": { "defaults": [
            { "provider": "example", "format": "native", "fillRate": 0.9, "priceMicros": 1500, "latencyMs": 100,
              "creatives": ["house-ad.xml"], "noFill": "no-fill.xml" } ] },
          "app": {
            "mediation": { "placements": [
              { "id": "feed", "format": "native", "strategy": "waterfall", "lineItems": [
                { "id": "house", "provider": "example", "adUnit": "house-feed", "mode": "waterfall",
                  "priceMicros": 1500, "timeoutSeconds": 1 } ] } ] },
            "screens": [ { "id": "home", "feed": { "cellHeight": 120, "cells": 30,
              "ads": [{ "placement": "feed", "position": 1, "every": 5, "height": 320 }] } } ] },
          "users": { "count": 3, "sessionSeconds": 20,
            "scrolling": { "speedPointsPerSecond": 1500, "dwellSeconds": 1 },
            "clickThroughRate": { "native": 0.5 } },
          "strategies": [ { "name": "configured", "kind": "configured" } ] }
        """

    /// The example provider alone, as a vendor's own tool would pass it.
    static let providers = SimulationProviders { () throws(AdError) -> ProviderRegistry in
        try ProviderRegistry([ExampleProvider()])
    }

    /// The scenario written to `folder` beside its creatives, validated against the example provider.
    static func validated(in folder: URL) throws -> ValidatedScenario {
        try Data(houseAd.utf8).write(to: folder.appending(path: "house-ad.xml"))
        try Data(#"<VAST version="4.2"/>"#.utf8).write(to: folder.appending(path: "no-fill.xml"))
        try Data(scenario.utf8).write(to: folder.appending(path: "scenario.json"))
        return try Scenario.load(
            contentsOf: folder.appending(path: "scenario.json").path, providers: providers.descriptors())
    }

    @Test("ExampleProvider is simulated through the same engine: requests, fills, impressions and revenue counted")
    func exampleProviderIsSimulated() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "adsim-third-party-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let validated = try Self.validated(in: folder)
        let result = try await SimulationRunner(validated: validated, providers: Self.providers).run()
        let row = result.tally.row(variant: "configured", placement: "feed", provider: "example")
        #expect(row.requests > 0)
        #expect(row.fills > 0)
        #expect(row.impressions > 0)
        #expect(row.revenueMicros > 0)
        #expect(result.tally.providers(variant: "configured", placement: "feed") == ["example"])
    }

    @Test("A scenario naming a provider the registry lacks is refused at validation, naming it")
    func unknownProviderIsRefused() throws {
        let builtInOnly = SimulationProviders { () throws(AdError) -> ProviderRegistry in try ProviderRegistry([]) }
        let folder = FileManager.default.temporaryDirectory.appending(path: "adsim-third-party-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.houseAd.utf8).write(to: folder.appending(path: "house-ad.xml"))
        try Data(#"<VAST version="4.2"/>"#.utf8).write(to: folder.appending(path: "no-fill.xml"))
        let error = #expect(throws: ScenarioError.self) {
            try Scenario.load(Data(Self.scenario.utf8), baseDirectory: folder, providers: builtInOnly.descriptors())
        }
        #expect(error?.problems.contains { $0.message.contains("example") } == true)
    }
}
