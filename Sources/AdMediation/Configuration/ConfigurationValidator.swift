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
        for (index, rule) in configuration.expiry.enumerated() where rule.timeToLive <= .zero {
            problems.append(
                ConfigurationProblem(
                    .negativeTimeout, at: "$.expiry[\(index)].ttlSeconds",
                    "The time-to-live \(rule.timeToLive.secondsValue) s is not positive.",
                    hint: "Use a positive number of seconds (3600 for an hour); the ad's own expiry applies as well."))
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
        if placement.floorMicros < 0 {
            problems.append(
                ConfigurationProblem(
                    .negativePrice, at: path + ".floorMicros", "The floor \(placement.floorMicros) is negative.",
                    hint: "Use 0 for no floor."))
        }
        checkPrice(placement.floorMicros, at: path + ".floorMicros", into: &problems)
        if placement.strategy != .waterfall && placement.auction.deadline <= .zero {
            problems.append(
                ConfigurationProblem(
                    .negativeTimeout, at: path + ".auction.deadlineSeconds",
                    "The auction deadline \(placement.auction.deadline.secondsValue) s is not positive.",
                    hint: "Give bidders a deadline of about 1-3 s."))
        }
        if placement.parallelTierSize < 1 {
            problems.append(
                ConfigurationProblem(
                    .outOfRange, at: path + ".parallelTierSize",
                    "The tier size \(placement.parallelTierSize) is less than 1.",
                    hint: "Use 1 for a sequential waterfall, or the number of items to ask at once."))
        }
        if placement.pacing < .zero {
            problems.append(
                ConfigurationProblem(
                    .negativeTimeout, at: path + ".pacingSeconds",
                    "The pacing \(placement.pacing.secondsValue) s is negative.",
                    hint: "Use 0 for no pacing."))
        }
        for (index, cap) in placement.caps.enumerated() { check(cap, at: path + ".caps[\(index)]", into: &problems) }
        let retry = placement.retry
        if retry.maxAttempts < 0 {
            problems.append(
                ConfigurationProblem(
                    .outOfRange, at: path + ".retry.maxAttempts", "The retry count \(retry.maxAttempts) is negative.",
                    hint: "Use 0 for no retries (rules Y12, I23 require a bound, not a negative one)."))
        }
        if retry.baseDelay <= .zero || retry.maximumDelay < retry.baseDelay {
            problems.append(
                ConfigurationProblem(
                    .negativeTimeout, at: path + ".retry",
                    "The retry delays (base \(retry.baseDelay.secondsValue) s, max \(retry.maximumDelay.secondsValue) s) are not "
                        + "positive and ordered.",
                    hint: "Use baseDelaySeconds 1 and maxDelaySeconds 64."))
        }
        let learning = placement.learning
        if !(learning.smoothing > 0 && learning.smoothing <= 1) || !(0...1).contains(learning.explorationRate) {
            problems.append(
                ConfigurationProblem(
                    .outOfRange, at: path + ".learning",
                    "Smoothing \(learning.smoothing) must be in (0, 1] and exploration \(learning.explorationRate) in "
                        + "[0, 1].",
                    hint: "Use smoothing 0.3 and explorationRate 0.05."))
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
        if item.timeout <= .zero {
            problems.append(
                ConfigurationProblem(
                    .negativeTimeout, at: path + ".timeoutSeconds",
                    "The timeout \(item.timeout.secondsValue) s of line item '\(item.id)' is not positive.",
                    hint: "Use a timeout of a few seconds."))
        }
        if let floor = item.floorMicros, floor < 0 {
            problems.append(
                ConfigurationProblem(
                    .negativePrice, at: path + ".floorMicros", "The floor \(floor) is negative.",
                    hint: "Remove the floor or use a non-negative price."))
        }
        if let floor = item.floorMicros { checkPrice(floor, at: path + ".floorMicros", into: &problems) }
        switch item.mode {
        case .bidder where placement.strategy == .waterfall:
            problems.append(
                ConfigurationProblem(
                    .modeNotAllowed, at: path + ".mode",
                    "Bidder '\(item.id)' is in waterfall placement '\(placement.id)', which runs no auction.",
                    hint: "Use strategy \"hybrid\", or make the item a waterfall item with a price."))
        case .waterfall(_, let price, _):
            if placement.strategy == .bidding {
                problems.append(
                    ConfigurationProblem(
                        .modeNotAllowed, at: path + ".mode",
                        "Waterfall item '\(item.id)' is in bidding placement '\(placement.id)'.",
                        hint: "Use strategy \"hybrid\", or make the item a bidder."))
            }
            if price < 0 {
                problems.append(
                    ConfigurationProblem(
                        .negativePrice, at: path + ".priceMicros", "The price \(price) is negative.",
                        hint: "Use the item's eCPM in micros per impression ($2.50 eCPM = 2500)."))
            }
            checkPrice(price, at: path + ".priceMicros", into: &problems)
        case .bidder:
            break
        }
    }

    /// Rule R2: a price above ``AdCore/CheckedConversion/maximumMicros`` is out of range (a learned item starting
    /// near `Int64.max` would overflow the first time its estimate is rounded).
    private func checkPrice(_ micros: Int64, at path: String, into problems: inout [ConfigurationProblem]) {
        guard micros > CheckedConversion.maximumMicros else { return }
        problems.append(
            ConfigurationProblem(
                .outOfRange, at: path,
                "The price \(micros) micros is above the highest AdBridge accepts (\(CheckedConversion.maximumMicros)).",
                hint: "Write prices in micros per impression ($2.50 eCPM = 2500)."))
    }

    private func check(_ cap: FrequencyCap, at path: String, into problems: inout [ConfigurationProblem]) {
        if cap.maxImpressions < 1 {
            problems.append(
                ConfigurationProblem(
                    .outOfRange, at: path + ".maxImpressions", "The cap allows \(cap.maxImpressions) impressions.",
                    hint: "Allow at least 1 impression, or remove the placement."))
        }
        if let window = cap.window, window <= .zero {
            problems.append(
                ConfigurationProblem(
                    .negativeTimeout, at: path + ".windowSeconds",
                    "The cap window \(window.secondsValue) s is not positive.",
                    hint: "Use a window in seconds (3600 for hourly), or omit it for a per-session cap."))
        }
    }
}
