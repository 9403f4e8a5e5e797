import AdCore
import AdMediation

extension ScenarioValidator {
    // MARK: - The strategies

    mutating func checkStrategies(
        against configuration: MediationConfiguration?, market: [LineItemMarket]
    ) -> [StrategyVariant] {
        if scenario.strategies.isEmpty {
            add(
                .emptyValue, "$.strategies", "The scenario has no strategies.",
                hint: "Add at least one, e.g. { \"name\": \"configured\", \"kind\": \"configured\" }.")
        }
        var names: Set<String> = []
        var variants: [StrategyVariant] = []
        for (index, strategy) in scenario.strategies.enumerated() {
            let path = "$.strategies[\(index)]"
            let problemsBefore = problems.count
            if strategy.name.allSatisfy(\.isWhitespace) {
                add(.emptyValue, path + ".name", "The strategy name is empty.", hint: "Name the strategy for reports.")
            } else if !names.insert(strategy.name).inserted {
                add(
                    .duplicateName, path + ".name", "The strategy name '\(strategy.name)' is used twice.",
                    hint: "Give every strategy its own name.")
            }
            if let placements = strategy.placements, let configuration {
                for (placementIndex, id) in placements.enumerated() where configuration.placement(id) == nil {
                    add(
                        .unknownReference, path + ".placements[\(placementIndex)]",
                        "The app has no placement '\(id)' (it has \(placementNames(configuration))).",
                        hint: "Name placements of the app's mediation configuration, or leave placements out for all.")
                }
            }
            if let floor = strategy.floorMicros {
                check(Double(floor), ScenarioStrategy.floorMicrosNumber, at: path + ".floorMicros")
            }
            if let seconds = strategy.timeoutSeconds {
                check(seconds, ScenarioStrategy.timeoutNumber, at: path + ".timeoutSeconds")
            }
            if let sweep = strategy.sweep {
                if sweep.floorsMicros == nil && sweep.timeoutsSeconds == nil {
                    add(
                        .emptyValue, path + ".sweep", "The sweep gives neither floorsMicros nor timeoutsSeconds.",
                        hint: "List the floors or timeouts to try, or remove the sweep.")
                }
                if let floors = sweep.floorsMicros {
                    checkSweepList(
                        floors.map(Double.init), ScenarioStrategy.floorMicrosNumber, at: path + ".sweep.floorsMicros")
                }
                if let timeouts = sweep.timeoutsSeconds {
                    checkSweepList(timeouts, ScenarioStrategy.timeoutNumber, at: path + ".sweep.timeoutsSeconds")
                }
            }
            let expanded = strategy.variants
            if variants.count + expanded.count > Self.maximumVariants {
                add(
                    .outOfRange, path + ".sweep",
                    "The strategies expand into more than \(Self.maximumVariants) variants.",
                    hint: "Sweep fewer values; each variant runs every user.")
                continue
            }
            // A strategy with problems of its own is not expanded further (its variants would repeat them).
            for variant in expanded where problems.count == problemsBefore {
                if variant.name != strategy.name && !names.insert(variant.name).inserted {
                    add(
                        .duplicateName, path + ".name", "The variant name '\(variant.name)' is used twice.",
                        hint: "Give strategies names that their swept variants cannot repeat.")
                }
                if let configuration, configurationIsValid {
                    do throws(MediationConfigurationError) {
                        try variant.configuration(from: configuration, market: market, bidders: pricedProviders)
                            .validate(providers: Array(providers.values))
                    } catch {
                        for problem in error.problems {
                            add(
                                problem.kind, path,
                                "Variant '\(variant.name)' makes an invalid configuration: \(problem.path): "
                                    + problem.message,
                                hint: problem.hint)
                        }
                    }
                }
            }
            variants += expanded
        }
        return variants
    }

    private mutating func checkSweepList(_ values: [Double], _ number: ConfigurationNumber, at path: String) {
        if values.isEmpty {
            add(.emptyValue, path, "The list is empty.", hint: "List at least one value, or leave the field out.")
        }
        if values.count > Self.maximumSweepValues {
            add(
                .outOfRange, path, "\(values.count) values is above \(Self.maximumSweepValues).",
                hint: "Sweep at most \(Self.maximumSweepValues) values per list.")
        }
        var seen: Set<Double> = []
        for (index, value) in values.enumerated() {
            check(value, number, at: path + "[\(index)]")
            if !seen.insert(value).inserted {
                add(
                    .duplicateName, path + "[\(index)]", "\(ScenarioNumber.text(value)) is listed twice.",
                    hint: "List each value once; variants are named after them.")
            }
        }
    }
}
