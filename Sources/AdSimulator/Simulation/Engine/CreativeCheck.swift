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
    /// A file a provider cannot load in a format, and the line items that serve it.
    private struct Failure {
        var servedBy: [String]
        let path: String
        let provider: ProviderID
        let format: AdFormat
        let error: AdError

        var problem: ConfigurationProblem {
            ConfigurationProblem(
                .unsupportedFormat, at: "$.market",
                "\(servedBy.count == 1 ? "Line item" : "Line items") \(servedBy.joined(separator: ", ")) "
                    + "serve\(servedBy.count == 1 ? "s" : "") '\(path)', which \(provider) does not load as a "
                    + "\(format.rawValue) ad: \(error.message)",
                hint: "Give the line item creatives \(provider) loads as \(format.rawValue) ads, inline (the simulated "
                    + "server follows no wrapper); adsim content --provider \(provider) --format \(format.rawValue) "
                    + "<file> shows what it reads.")
        }
    }

    /// One `unsupportedFormat` problem per creative file a provider cannot load in a format, naming every line item
    /// that serves it, in configuration order.
    ///
    /// - Throws: what a host refuses (a registry that cannot be built).
    @MainActor
    static func problems(
        market: SimulatedMarket, validated: ValidatedScenario, providers: SimulationProviders
    ) async throws(AdError) -> [ConfigurationProblem] {
        // Each (provider, format, file) once, with every line item that serves it.
        var failures: [Failure] = []
        var loaded: Set<String> = []
        var failed: [String: Int] = [:]  // key -> index in failures
        let probes = LoadBehaviors.lineItemProbes(market: market, validated: validated, providers: providers)
        for (placement, item, entry, probe) in probes {
            for (file, path) in zip(entry.creativeFiles, entry.market.creatives) {
                let key = [item.providerID.rawValue, placement.format.rawValue, path].joined(separator: "\u{0}")
                let name = "'\(placement.id)/\(item.id)'"
                if let index = failed[key] {
                    failures[index].servedBy.append(name)
                    continue
                }
                guard loaded.insert(key).inserted else { continue }
                let response = file.response(priceMicros: LoadBehaviors.probePrices.0, currency: market.currency)
                guard case .failure(let error) = try await probe.run(.success(response)).outcome else { continue }
                failed[key] = failures.count
                failures.append(
                    Failure(
                        servedBy: [name], path: path, provider: item.providerID, format: placement.format, error: error)
                )
            }
        }
        return failures.map(\.problem)
    }

    /// Throws when a creative of the market cannot load (``problems(market:validated:providers:)``): what every
    /// run does before it starts (a runner, an optimizer's evaluators), so a scenario that passed validation in code
    /// is refused as `adsim` refuses it.
    ///
    /// - Throws: `invalidRequest` listing every problem, its hint the first one's; what a host refuses.
    @MainActor
    static func requireLoadable(
        market: SimulatedMarket, validated: ValidatedScenario, providers: SimulationProviders
    ) async throws(AdError) {
        let problems = try await problems(market: market, validated: validated, providers: providers)
        guard let first = problems.first else { return }
        throw AdError(
            .invalidRequest,
            "\(problems.count) creative\(problems.count == 1 ? "" : "s") of the scenario cannot load: "
                + problems.map(\.message).joined(separator: " "),
            hint: first.hint)
    }
}
