import AdCore
import AdSimulator
import ExampleProvider
import Foundation
import Testing

/// A vendor simulates its own provider from its own package, through AdSimulator's public API only: the scenario
/// (`Fixtures/scenario.json`, serving `Fixtures/fill.xml`) is validated against the provider's descriptor, its
/// creatives load through the provider, and its users run through the same engine as the built-in providers', in
/// both tiers.
@MainActor
@Suite("ExampleProvider simulated from a vendor's package")
struct ExampleProviderSimulationTests {
    /// The vendor's provider alone, as its own tool passes it.
    static let providers = SimulationProviders { () throws(AdError) -> ProviderRegistry in
        try ProviderRegistry([ExampleProvider()])
    }

    /// The scenario, validated against the vendor's provider.
    static func validated() throws -> ValidatedScenario {
        guard let url = Bundle.module.url(forResource: "scenario", withExtension: "json", subdirectory: "Fixtures")
        else { throw VendorSubject.MissingFixture(name: "scenario") }
        return try Scenario.load(contentsOf: url.path, providers: providers.descriptors())
    }

    @Test(
        "The full tier: requests, fills, impressions and revenue counted for the vendor's line item; a floor above its price starves it"
    )
    func fullTier() async throws {
        let validated = try Self.validated()
        let runner = SimulationRunner(validated: validated, providers: Self.providers)
        #expect(try await runner.creativeProblems() == [])
        let result = try await runner.run()
        let row = result.tally.row(variant: "configured", placement: "feed", provider: "example")
        #expect(row.requests > 0)
        #expect(row.fills > 0)
        #expect(row.impressions > 0)
        #expect(row.revenueMicros > 0)
        // A floor above the only price: nothing fills, and the report says so per strategy.
        #expect(result.tally.row(variant: "floor", placement: "feed").fills == 0)
        let lines = SimulationReport(result: result).table.components(separatedBy: "\n")
        #expect(lines.first?.hasPrefix("SIMULATION house ads only") == true)
        #expect(lines.contains { $0.hasPrefix("configured ") } && lines.contains { $0.hasPrefix("floor ") })
    }

    @Test("The fast tier: the same requests and fills as the full tier on the same users, calibrated on the provider")
    func fastTier() async throws {
        let validated = try Self.validated()
        let full = try await SimulationRunner(validated: validated, providers: Self.providers).run()
        var fast = SimulationRunner(validated: validated, providers: Self.providers)
        fast.tier = .fast
        let result = try await fast.run()
        #expect(result.calibration != nil)
        for variant in ["configured", "floor"] {
            let fastRow = result.tally.row(variant: variant, placement: "feed")
            let fullRow = full.tally.row(variant: variant, placement: "feed")
            #expect(fastRow.requests == fullRow.requests, "\(variant)")
            #expect(fastRow.fills == fullRow.fills, "\(variant)")
        }
    }
}
