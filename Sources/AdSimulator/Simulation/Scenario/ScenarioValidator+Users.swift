import AdCore
import AdMediation

extension ScenarioValidator {
    // MARK: - The users

    mutating func checkUsers() {
        let users = scenario.users
        check(Double(users.count), ScenarioUsers.countNumber, at: "$.users.count")
        check(Double(users.sessionsPerUser), ScenarioUsers.sessionsPerUserNumber, at: "$.users.sessionsPerUser")
        check(users.sessionSeconds, ScenarioUsers.sessionSecondsNumber, at: "$.users.sessionSeconds")
        check(
            users.scrolling.speedPointsPerSecond, ScrollBehavior.speedNumber,
            at: "$.users.scrolling.speedPointsPerSecond")
        check(users.scrolling.dwellSeconds, ScrollBehavior.dwellNumber, at: "$.users.scrolling.dwellSeconds")
        check(users.fullScreenOpensPerSession, ScenarioUsers.opensNumber, at: "$.users.fullScreenOpensPerSession")
        for format in users.clickThroughRate.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
            let path = "$.users.clickThroughRate.\(format.rawValue)"
            if !knownFormats.contains(format) {
                let known = knownFormats.map(\.rawValue).sorted().joined(separator: ", ")
                add(
                    .unknownReference, path, "Unknown format '\(format)' (the providers serve \(known)).",
                    hint: "Key click-through rates by a format a provider serves.")
            }
            check(users.clickThroughRate(of: format), ScenarioUsers.clickThroughRateNumber, at: path)
        }
    }

    // MARK: - The reach model and the segments

    /// The reach: a distribution of cell positions, within the feed the engine scrolls (the first screen's with
    /// one).
    mutating func checkReach() {
        guard let reach = scenario.users.reach else { return }
        let path = "$.users.reach"
        check(reach, ScenarioUsers.reachNumber, at: path)
        guard let feed = scenario.app.screens.compactMap(\.feed).first else {
            add(
                .unknownReference, path, "A reach model needs a feed, and no screen has one.",
                hint: "Add a screen with a feed, or leave reach out.")
            return
        }
        let deepest: [(path: String, value: Double)]
        switch reach {
        case .fixed(let value): deepest = [(path, value)]
        case .uniform(_, let max): deepest = [(path + ".max", max)]
        case .logNormal(let median, _): deepest = [(path + ".median", median)]
        case .discrete(let values, _): deepest = values.enumerated().map { (path: path + ".values[\($0)]", value: $1) }
        }
        let upper = ScenarioUsers.reachNumber.range.upperBound
        for (at, value) in deepest where value.isFinite && value > Double(feed.cells - 1) && value <= upper {
            add(
                .outOfRange, at,
                "Position \(ScenarioNumber.text(value)) is outside the feed (its cells are 0...\(feed.cells - 1)).",
                hint: "Give a reach within the feed's cells, or make the feed longer.")
        }
    }

    /// The segments: names, shares summing to 1, multipliers in range, line items of the app, each once.
    mutating func checkSegments(against configuration: MediationConfiguration, market: [LineItemMarket]) {
        let segments = scenario.users.segments
        guard !segments.isEmpty else { return }
        var names: Set<String> = []
        for (index, segment) in segments.enumerated() {
            let path = "$.users.segments[\(index)]"
            checkName(
                segment.name, of: ("segment", "name"), at: path + ".name", among: &names,
                hint: "Name the segment for reports.")
            check(segment.share, ScenarioUsers.shareNumber, at: path + ".share")
            check(segment.priceMultiplier, UserSegment.multiplierNumber, at: path + ".priceMultiplier")
            check(segment.fillRateMultiplier, UserSegment.multiplierNumber, at: path + ".fillRateMultiplier")
            var entries: Set<String> = []
            for (itemIndex, item) in segment.lineItems.enumerated() {
                let itemPath = path + ".lineItems[\(itemIndex)]"
                if let placement = item.placement, configuration.placement(placement) == nil {
                    add(
                        .unknownReference, itemPath + ".placement",
                        "The app has no placement '\(placement)' (it has \(placementNames(configuration))).",
                        hint: "Name a placement of the app's mediation configuration, or leave placement out.")
                } else if !market.contains(where: {
                    $0.lineItem == item.lineItem && (item.placement == nil || $0.placement == item.placement)
                }) {
                    add(
                        .unknownReference, itemPath + ".lineItem",
                        "No placement\(item.placement.map { " '\($0)'" } ?? "") has line item '\(item.lineItem)'.",
                        hint: "Name a line item of the app's mediation configuration.")
                }
                if !entries.insert((item.placement ?? "") + "\u{0}" + item.lineItem).inserted {
                    add(
                        .duplicateName, itemPath + ".lineItem",
                        "Line item '\(item.lineItem)' is listed twice in segment '\(segment.name)'.",
                        hint: "Give each line item's multipliers in one entry.")
                }
                if item.priceMultiplier == nil && item.fillRateMultiplier == nil {
                    add(
                        .emptyValue, itemPath, "The entry gives neither priceMultiplier nor fillRateMultiplier.",
                        hint: "Give a multiplier, or remove the entry.")
                }
                if let price = item.priceMultiplier {
                    check(price, UserSegment.multiplierNumber, at: itemPath + ".priceMultiplier")
                }
                if let fill = item.fillRateMultiplier {
                    check(fill, UserSegment.multiplierNumber, at: itemPath + ".fillRateMultiplier")
                }
            }
        }
        checkSum(segments.map(\.share), of: "shares", at: "$.users.segments")
    }
}
