import AdCore

/// Collects every problem of a configuration against the registered providers.
struct ConfigurationValidator {
    let providers: [ProviderID: ProviderDescriptor]

    init(providers: [ProviderDescriptor]) {
        var byID: [ProviderID: ProviderDescriptor] = [:]
        for descriptor in providers { byID[descriptor.id] = descriptor }
        self.providers = byID
    }

    func problems(in configuration: MediationConfiguration) -> [ConfigurationProblem] {
        var problems: [ConfigurationProblem] = []
        if configuration.currency.count != 3 || !configuration.currency.allSatisfy(\.isUppercase) {
            problems.append(
                ConfigurationProblem(
                    .emptyValue, at: "$.currency", "The currency '\(configuration.currency)' is not an ISO 4217 code.",
                    hint: "Use a three-letter code such as \"USD\"."))
        }
        for (index, cap) in configuration.appCaps.enumerated() {
            check(cap, at: "$.appCaps[\(index)]", into: &problems)
        }
        for (index, rule) in configuration.expiry.enumerated() {
            check(rule.timeToLive, ExpiryRule.timeToLiveNumber, at: "$.expiry[\(index)]", into: &problems)
        }
        if configuration.placements.isEmpty {
            problems.append(
                ConfigurationProblem(
                    .noLineItems, at: "$.placements", "The configuration has no placements.",
                    hint: "Add at least one placement with its line items."))
        }
        var seenPlacements: Set<String> = []
        for (index, placement) in configuration.placements.enumerated() {
            let path = "$.placements[\(index)]"
            if placement.id.allSatisfy(\.isWhitespace) {
                problems.append(
                    ConfigurationProblem(
                        .emptyValue, at: path + ".id", "The placement ID is empty.",
                        hint: "Name the placement after where it shows, for example \"level-end\"."))
            } else if !seenPlacements.insert(placement.id).inserted {
                problems.append(
                    ConfigurationProblem(
                        .duplicatePlacementID, at: path + ".id", "The placement ID '\(placement.id)' is used twice.",
                        hint: "Give every placement its own ID."))
            }
            check(placement, at: path, into: &problems)
        }
        return problems
    }

    private func check(
        _ placement: PlacementConfiguration, at path: String, into problems: inout [ConfigurationProblem]
    ) {
        if placement.lineItems.isEmpty {
            problems.append(
                ConfigurationProblem(
                    .noLineItems, at: path + ".lineItems", "Placement '\(placement.id)' has no line items.",
                    hint: "Add at least one line item."))
        }
        check(placement.floorMicros, PlacementConfiguration.floorMicrosNumber, at: path, into: &problems)
        if placement.strategy != .waterfall {
            check(placement.auction.deadline, AuctionPolicy.deadlineNumber, at: path + ".auction", into: &problems)
        }
        check(placement.parallelTierSize, PlacementConfiguration.parallelTierSizeNumber, at: path, into: &problems)
        check(placement.pacing, PlacementConfiguration.pacingNumber, at: path, into: &problems)
        for (index, cap) in placement.caps.enumerated() { check(cap, at: path + ".caps[\(index)]", into: &problems) }
        let retry = placement.retry
        check(retry.maxAttempts, RetryPolicy.maxAttemptsNumber, at: path + ".retry", into: &problems)
        check(retry.baseDelay, RetryPolicy.baseDelayNumber, at: path + ".retry", into: &problems)
        check(retry.maximumDelay, RetryPolicy.maximumDelayNumber, at: path + ".retry", into: &problems)
        if retry.maximumDelay < retry.baseDelay {
            problems.append(
                ConfigurationProblem(
                    .negativeTimeout, at: path + ".retry",
                    "The longest retry delay (\(retry.maximumDelay.secondsValue) s) is below the first "
                        + "(\(retry.baseDelay.secondsValue) s).",
                    hint: "Use baseDelaySeconds 1 and maxDelaySeconds 64."))
        }
        let learning = placement.learning
        check(learning.smoothing, LearningPolicy.smoothingNumber, at: path + ".learning", into: &problems)
        check(learning.explorationRate, LearningPolicy.explorationRateNumber, at: path + ".learning", into: &problems)
        if let order = placement.waterfallOrder {
            problems += placement.waterfallOrderProblems(order, at: path + ".waterfallOrder")
        }
        var seenItems: Set<String> = []
        for (index, item) in placement.lineItems.enumerated() {
            let itemPath = path + ".lineItems[\(index)]"
            if item.id.allSatisfy(\.isWhitespace) {
                problems.append(
                    ConfigurationProblem(
                        .emptyValue, at: itemPath + ".id", "The line item ID is empty.",
                        hint: "Name the line item, for example \"network-high\"."))
            } else if !seenItems.insert(item.id).inserted {
                problems.append(
                    ConfigurationProblem(
                        .duplicateLineItemID, at: itemPath + ".id",
                        "The line item ID '\(item.id)' is used twice in placement '\(placement.id)'.",
                        hint: "Give every line item of a placement its own ID."))
            }
            check(item, in: placement, at: itemPath, into: &problems)
        }
    }

    private func check(
        _ item: LineItemConfiguration, in placement: PlacementConfiguration, at path: String,
        into problems: inout [ConfigurationProblem]
    ) {
        if let descriptor = providers[item.providerID] {
            if !descriptor.supportedFormats.contains(placement.format) {
                let formats = descriptor.supportedFormats.map(\.rawValue).sorted().joined(separator: ", ")
                problems.append(
                    ConfigurationProblem(
                        .unsupportedFormat, at: path + ".provider",
                        "Provider '\(item.providerID)' cannot serve \(placement.format) (it serves \(formats)).",
                        hint: "Move the line item to a placement of a format the provider serves."))
            }
        } else {
            let known = providers.keys.sorted().map(\.rawValue).joined(separator: ", ")
            problems.append(
                ConfigurationProblem(
                    .unknownProvider, at: path + ".provider",
                    "No provider '\(item.providerID)' is registered (registered: \(known.isEmpty ? "none" : known)).",
                    hint: "Register the provider with ProviderRegistry, or fix the provider ID."))
        }
        if item.adUnitID.allSatisfy(\.isWhitespace) {
            problems.append(
                ConfigurationProblem(
                    .emptyValue, at: path + ".adUnit", "The ad unit ID is empty.",
                    hint: "Copy the ad unit ID from the provider's dashboard."))
        }
        check(item.timeout, LineItemConfiguration.timeoutNumber, at: path, into: &problems)
        if let floor = item.floorMicros {
            check(floor, LineItemConfiguration.floorMicrosNumber, at: path, into: &problems)
        }
        switch item.mode {
        case .bidder where placement.strategy == .waterfall:
            problems.append(
                ConfigurationProblem(
                    .modeNotAllowed, at: path + ".mode",
                    "Bidder '\(item.id)' is in waterfall placement '\(placement.id)', which runs no auction.",
                    hint: "Use strategy \"hybrid\", or make the item a waterfall item with a price."))
        case .waterfall(_, let price, let priority):
            if placement.strategy == .bidding {
                problems.append(
                    ConfigurationProblem(
                        .modeNotAllowed, at: path + ".mode",
                        "Waterfall item '\(item.id)' is in bidding placement '\(placement.id)'.",
                        hint: "Use strategy \"hybrid\", or make the item a bidder."))
            }
            check(price, LineItemConfiguration.priceMicrosNumber, at: path, into: &problems)
            check(priority, LineItemConfiguration.priorityNumber, at: path, into: &problems)
        case .bidder:
            break
        }
    }

    private func check(_ cap: FrequencyCap, at path: String, into problems: inout [ConfigurationProblem]) {
        check(cap.maxImpressions, FrequencyCap.maxImpressionsNumber, at: path, into: &problems)
        if let window = cap.window { check(window, FrequencyCap.windowNumber, at: path, into: &problems) }
    }

    /// Rule R2: a number outside its declared range (``ConfigurationNumber``) is a problem at `path.key`.
    private func check<Value: BinaryInteger>(
        _ value: Value, _ number: ConfigurationNumber, at path: String, into problems: inout [ConfigurationProblem]
    ) {
        if let problem = number.problem(Double(value), at: path + "." + number.key) { problems.append(problem) }
    }

    private func check(
        _ value: Duration, _ number: ConfigurationNumber, at path: String, into problems: inout [ConfigurationProblem]
    ) {
        if let problem = number.problem(value.secondsValue, at: path + "." + number.key) { problems.append(problem) }
    }

    private func check(
        _ value: Double, _ number: ConfigurationNumber, at path: String, into problems: inout [ConfigurationProblem]
    ) {
        if let problem = number.problem(value, at: path + "." + number.key) { problems.append(problem) }
    }
}

extension PlacementConfiguration {
    /// The problems of `order` as this placement's explicit waterfall order (``waterfallOrder``), at `path` (its
    /// entries at `path[i]`): an ID that is not a line item of the placement, a bidder (it bids, it is not asked
    /// in the waterfall), an ID listed twice, a waterfall item left out. The mediation validator and the
    /// simulator's strategies check orders with it.
    package func waterfallOrderProblems(_ order: [String], at path: String) -> [ConfigurationProblem] {
        var problems: [ConfigurationProblem] = []
        let names = lineItems.map(\.id).joined(separator: ", ")
        var listed: Set<String> = []
        for (index, id) in order.enumerated() {
            let entry = "\(path)[\(index)]"
            guard let item = lineItems.first(where: { $0.id == id }) else {
                problems.append(
                    ConfigurationProblem(
                        .unknownReference, at: entry,
                        "Placement '\(self.id)' has no line item '\(id)' (it has \(names)).",
                        hint: "Name the placement's waterfall items."))
                continue
            }
            if item.isBidder {
                problems.append(
                    ConfigurationProblem(
                        .modeNotAllowed, at: entry,
                        "'\(id)' is a bidder: it bids in the auction and has no place in the waterfall order.",
                        hint: "Leave bidders out of the order; list the waterfall items only."))
            } else if !listed.insert(id).inserted {
                problems.append(
                    ConfigurationProblem(
                        .duplicateLineItemID, at: entry, "'\(id)' is listed twice in the order.",
                        hint: "List each waterfall item once, where it is to be asked."))
            }
        }
        let missing = lineItems.filter { !$0.isBidder && !listed.contains($0.id) }.map(\.id)
        if !missing.isEmpty {
            problems.append(
                ConfigurationProblem(
                    .emptyValue, at: path,
                    "The order leaves out waterfall item\(missing.count == 1 ? "" : "s") "
                        + missing.map { "'\($0)'" }.joined(separator: ", ") + ".",
                    hint: "List every waterfall item of the placement once, in the order to ask them."))
        }
        return problems
    }
}
