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
            checkName(
                strategy.name, of: ("strategy", "name"), at: path + ".name", among: &names,
                hint: "Name the strategy for reports.")
            if let placements = strategy.placements {
                checkPlacementList(placements, at: path + ".placements", in: configuration)
            }
            if let floor = strategy.floorMicros {
                check(Double(floor), ScenarioStrategy.floorMicrosNumber, at: path + ".floorMicros")
            }
            if let seconds = strategy.timeoutSeconds {
                check(seconds, ScenarioStrategy.timeoutNumber, at: path + ".timeoutSeconds")
            }
            if let sweep = strategy.sweep {
                if sweep.isEmpty {
                    add(
                        .emptyValue, path + ".sweep",
                        "The sweep gives none of floorsMicros, timeoutsSeconds, deadlinesSeconds, lineItems.",
                        hint: "List the floors, timeouts, deadlines or line item values to try, or remove the sweep.")
                }
                if let floors = sweep.floorsMicros {
                    checkSweepList(
                        floors.map(Double.init), ScenarioStrategy.floorMicrosNumber, at: path + ".sweep.floorsMicros")
                }
                if let timeouts = sweep.timeoutsSeconds {
                    checkSweepList(timeouts, ScenarioStrategy.timeoutNumber, at: path + ".sweep.timeoutsSeconds")
                }
                if let deadlines = sweep.deadlinesSeconds {
                    checkSweepList(deadlines, ScenarioStrategy.deadlineNumber, at: path + ".sweep.deadlinesSeconds")
                }
            }
            // What the kind makes of the placements (which items bid, which run in the waterfall), before any
            // swept value: an order and a line item sweep are checked against it.
            let shaped =
                configurationIsValid
                ? configuration.map {
                    StrategyVariant(name: strategy.name, strategy: strategy.name, kind: strategy.kind)
                        .configuration(from: $0, market: market, bidders: pricedProviders)
                } : nil
            checkOrder(of: strategy, at: path, shaped: shaped)
            checkSweptLineItems(of: strategy, at: path, shaped: shaped)
            if variants.count + strategy.variantCount > Self.maximumVariants {
                add(
                    .outOfRange, path + ".sweep",
                    "The strategies expand into more than \(Self.maximumVariants) variants.",
                    hint: "Sweep fewer values; each variant runs every user.")
                continue
            }
            let expanded = strategy.variants
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

    /// A strategy's `placements`: at least one, each a placement of the app, each once (an empty list would
    /// change nothing and read as the configured strategy).
    private mutating func checkPlacementList(
        _ placements: [String], at path: String, in configuration: MediationConfiguration?
    ) {
        if placements.isEmpty {
            add(
                .emptyValue, path, "The list names no placement: the strategy would change nothing.",
                hint: "Name the placements the strategy changes, or leave placements out for all of them.")
        }
        var listed: Set<String> = []
        for (index, id) in placements.enumerated() {
            if !listed.insert(id).inserted {
                add(
                    .duplicateName, path + "[\(index)]", "Placement '\(id)' is listed twice.",
                    hint: "List each placement once.")
            }
            if let configuration, configuration.placement(id) == nil {
                add(
                    .unknownReference, path + "[\(index)]",
                    "The app has no placement '\(id)' (it has \(placementNames(configuration))).",
                    hint: "Name placements of the app's mediation configuration, or leave placements out for all.")
            }
        }
    }

    /// The placements `strategy` changes in `shaped` (all, or those it names).
    private func placementsChanged(by strategy: ScenarioStrategy, in shaped: MediationConfiguration)
        -> [PlacementConfiguration]
    {
        shaped.placements.filter { strategy.placements?.contains($0.id) ?? true }
    }

    /// A strategy's explicit orders: a kind that orders the waterfall itself takes none; each names a placement the
    /// strategy changes that has a waterfall, and lists its waterfall items (as the kind makes them) once each.
    private mutating func checkOrder(of strategy: ScenarioStrategy, at path: String, shaped: MediationConfiguration?) {
        guard let order = strategy.order else { return }
        if strategy.kind == .priceSortedWaterfall || strategy.kind == .learnedPrices {
            add(
                .modeNotAllowed, path + ".order",
                "Kind \(strategy.kind.rawValue) orders the waterfall itself "
                    + "(\(strategy.kind == .learnedPrices ? "by learned revenue" : "by market price")); "
                    + "an explicit order contradicts it.",
                hint: "Use kind configured, hybrid or a bidding kind with an order, or remove the order.")
            return
        }
        guard let shaped else { return }
        let changed = placementsChanged(by: strategy, in: shaped)
        for id in order.keys.sorted() {
            let orderPath = path + ".order." + id
            guard let placement = shaped.placement(id) else {
                add(
                    .unknownReference, orderPath,
                    "The app has no placement '\(id)' (it has \(placementNames(shaped))).",
                    hint: "Key the order by a placement of the app's mediation configuration.")
                continue
            }
            guard changed.contains(where: { $0.id == id }) else {
                add(
                    .unknownReference, orderPath,
                    "The strategy does not change placement '\(id)' (it changes "
                        + changed.map(\.id).joined(separator: ", ") + ").",
                    hint: "Add the placement to the strategy's placements, or remove its order.")
                continue
            }
            guard placement.strategy != .bidding else {
                add(
                    .modeNotAllowed, orderPath,
                    "Under kind \(strategy.kind.rawValue) every line item of '\(id)' bids: it has no waterfall to order.",
                    hint: "Remove the order, or use a kind that keeps waterfall items.")
                continue
            }
            for problem in placement.waterfallOrderProblems(order[id] ?? [], at: orderPath) {
                add(problem.kind, problem.path, problem.message, hint: problem.hint)
            }
        }
    }

    /// A strategy's line item sweeps: each gives a list, names a line item of a placement the strategy changes
    /// once, and sweeps a price only where the kind leaves the item in the waterfall; a deadline sweep needs a
    /// placement that runs an auction.
    private mutating func checkSweptLineItems(
        of strategy: ScenarioStrategy, at path: String, shaped: MediationConfiguration?
    ) {
        guard let sweep = strategy.sweep else { return }
        let changed = shaped.map { placementsChanged(by: strategy, in: $0) } ?? []
        if sweep.deadlinesSeconds != nil, shaped != nil, changed.allSatisfy({ $0.strategy == .waterfall }) {
            add(
                .modeNotAllowed, path + ".sweep.deadlinesSeconds",
                "No placement the strategy changes runs an auction under kind \(strategy.kind.rawValue): "
                    + "a deadline changes nothing.",
                hint: "Sweep the line items' timeouts instead, or use a bidding or hybrid kind.")
        }
        var swept: Set<String> = []
        // Each placement's line item an entry sweeps, and the entry that sweeps it: an entry without a placement
        // sweeps the item in every placement the strategy changes, so it overlaps an entry naming one of them.
        var sweptTargets: [String: Int] = [:]  // placement NUL line item -> entry index
        for (index, item) in (sweep.lineItems ?? []).enumerated() {
            let itemPath = path + ".sweep.lineItems[\(index)]"
            if item.timeoutsSeconds == nil && item.floorsMicros == nil && item.pricesMicros == nil {
                add(
                    .emptyValue, itemPath, "The entry gives none of timeoutsSeconds, floorsMicros, pricesMicros.",
                    hint: "List the line item's values to try, or remove the entry.")
            }
            if let timeouts = item.timeoutsSeconds {
                checkSweepList(timeouts, ScenarioStrategy.timeoutNumber, at: itemPath + ".timeoutsSeconds")
            }
            if let floors = item.floorsMicros {
                checkSweepList(
                    floors.map(Double.init), ScenarioStrategy.floorMicrosNumber, at: itemPath + ".floorsMicros")
            }
            if let prices = item.pricesMicros {
                checkSweepList(
                    prices.map(Double.init), ScenarioStrategy.priceMicrosNumber, at: itemPath + ".pricesMicros")
            }
            let sweptAgain = !swept.insert(item.label).inserted
            if sweptAgain {
                add(
                    .duplicateName, itemPath + ".lineItem", "Line item '\(item.label)' is swept twice.",
                    hint: "Give all of a line item's lists in one entry.")
            }
            guard let shaped else { continue }
            if let placement = item.placement {
                guard shaped.placement(placement) != nil else {
                    add(
                        .unknownReference, itemPath + ".placement",
                        "The app has no placement '\(placement)' (it has \(placementNames(shaped))).",
                        hint: "Name a placement of the app's mediation configuration, or leave placement out.")
                    continue
                }
                guard changed.contains(where: { $0.id == placement }) else {
                    add(
                        .unknownReference, itemPath + ".placement",
                        "The strategy does not change placement '\(placement)' (it changes "
                            + changed.map(\.id).joined(separator: ", ") + ").",
                        hint: "Add the placement to the strategy's placements, or sweep a line item of one it changes.")
                    continue
                }
            }
            let targetPlacements = changed.filter {
                (item.placement == nil || $0.id == item.placement) && $0.lineItems.contains { $0.id == item.lineItem }
            }
            let targets = targetPlacements.flatMap(\.lineItems).filter { $0.id == item.lineItem }
            for placement in targetPlacements.map(\.id) {
                let key = placement + "\u{0}" + item.lineItem
                guard let earlier = sweptTargets.updateValue(index, forKey: key), !sweptAgain else { continue }
                add(
                    .duplicateName, itemPath + ".lineItem",
                    "Line item '\(item.lineItem)' of placement '\(placement)' is swept by this entry and by "
                        + "lineItems[\(earlier)]: one value would silently replace the other.",
                    hint: "Give all of the line item's lists in one entry; name the placement in an entry only to "
                        + "sweep that placement's item alone.")
                break
            }
            if targets.isEmpty {
                add(
                    .unknownReference, itemPath + ".lineItem",
                    "No placement the strategy changes has line item '\(item.lineItem)'.",
                    hint: "Name a line item of a placement the strategy changes.")
            } else if item.pricesMicros != nil, targets.contains(where: \.isBidder) {
                add(
                    .modeNotAllowed, itemPath + ".pricesMicros",
                    "'\(item.lineItem)' bids under kind \(strategy.kind.rawValue): its price is its bid, not configured.",
                    hint: "Sweep its floor (floorsMicros), or change its price in the market.")
            }
        }
    }
}
