import AdCore
import AdMediation
import BuiltInProviders
import Testing

@testable import AdSimulator

/// A user's stack is built on its strategy's configuration prepared once (`SimulatedConfiguration`): validated
/// against the providers, its mediation set up, the feed laid out.
@MainActor
@Suite("UserSimulation: a configuration prepared once for a strategy's users")
struct UserSimulationSetupTests {
    @Test("A configuration naming a provider the registry lacks is refused before any user runs, naming it")
    func unknownProviderIsRefused() throws {
        let validated = try Scenario.loadBuiltIn()
        var configuration = validated.configuration
        configuration.placements[0].lineItems[0].providerID = "nosuch"
        let error = #expect(throws: AdError.self) {
            _ = try UserSimulation(
                validated: validated, providers: .builtIn, market: SimulatedMarket(validated),
                oracle: SimulationOracle(validated), variant: "configured", configuration: configuration, user: 0)
        }
        #expect(error?.code == .invalidConfiguration)
        #expect(error?.message.contains("nosuch") == true, "\(error?.message ?? "")")
    }

    @Test("The feed is laid out once with the configuration's formats: a placement it lacks has no cell")
    func feedFollowsTheConfiguration() throws {
        let validated = try Scenario.loadBuiltIn()
        let whole = try SimulatedConfiguration(validated.configuration, of: validated, validatingFor: .builtIn)
        let dropped = try #require(whole.feed.cells.first?.placement)
        var configuration = validated.configuration
        configuration.placements.removeAll { $0.id == dropped }
        let fewer = try SimulatedConfiguration(configuration, of: validated, validatingFor: .builtIn)
        #expect(whole.feed.hasFeed && fewer.feed.hasFeed)
        #expect(!whole.feed.cells.isEmpty)
        #expect(!fewer.feed.cells.contains { $0.placement == dropped })
        #expect(fewer.feed.cellBottoms == whole.feed.cellBottoms)
        #expect(!fewer.feed.placementsShown.contains(dropped))
        #expect(whole.feed.placementsShown.contains(dropped))
    }
}
