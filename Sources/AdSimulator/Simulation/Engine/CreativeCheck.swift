import AdCore
import AdMediation

/// Loads every creative a scenario's market serves once, through the real provider of the line item that serves
/// it, before anything runs: a creative that provider cannot load (a wrapper, which the simulated server cannot
/// follow; a malformed document; another vendor's dialect) would fail every fill while the oracle counted it as a
/// fill the best strategy could have shown, and every yield would read 0 %. So it is a problem of the scenario,
/// found by `adsim validate` and refused by every run.
///
/// Each (provider, format, file) is loaded once, in a fresh host on virtual time whose transport answers at once
/// (the fast tier's probe, `LoadBehaviors.Probe`), at a fixed price.
///
/// ```swift
/// let problems = try await SimulationRunner(validated: validated, providers: providers).creativeProblems()
/// ```
enum CreativeCheck {
    /// One `unsupportedFormat` problem per creative a line item's provider cannot load, in configuration order.
    ///
    /// - Throws: what a host refuses (a registry that cannot be built).
    @MainActor
    static func problems(
        market: SimulatedMarket, validated: ValidatedScenario, providers: SimulationProviders
    ) async throws(AdError) -> [ConfigurationProblem] {
        var problems: [ConfigurationProblem] = []
        var loaded: Set<String> = []
        let probes = LoadBehaviors.lineItemProbes(market: market, validated: validated, providers: providers)
        for (placement, item, entry, probe) in probes {
            for (file, path) in zip(entry.creativeFiles, entry.market.creatives) {
                let key = [item.providerID.rawValue, placement.format.rawValue, path].joined(separator: "\u{0}")
                guard loaded.insert(key).inserted else { continue }
                let response = file.response(priceMicros: LoadBehaviors.probePrices.0, currency: market.currency)
                guard case .failure(let error) = try await probe.run(.success(response)).outcome else { continue }
                problems.append(
                    ConfigurationProblem(
                        .unsupportedFormat, at: "$.market",
                        "Line item '\(placement.id)/\(item.id)' serves '\(path)', which \(item.providerID) does not "
                            + "load as a \(placement.format.rawValue) ad: \(error.message)",
                        hint: "Give the line item creatives \(item.providerID) loads as \(placement.format.rawValue) "
                            + "ads, inline (the simulated server follows no wrapper); adsim content --provider "
                            + "\(item.providerID) --format \(placement.format.rawValue) <file> shows what it reads."))
            }
        }
        return problems
    }
}
