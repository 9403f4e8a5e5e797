import AdCore
public import AdMediation

extension MarketBehavior {
    /// `fillRate`: the share of requests that fill, 0 to 1.
    public static let fillRateNumber = ConfigurationNumber("fillRate", .fraction, 0...1, hint: probability)
    /// `errorRate`: the share of requests that fail, 0 to 1.
    public static let errorRateNumber = ConfigurationNumber("errorRate", .fraction, 0...1, hint: probability)
    /// `neverAnswersRate`: the share of requests never answered, 0 to 1.
    public static let neverAnswersRateNumber = ConfigurationNumber(
        "neverAnswersRate", .fraction, 0...1, hint: probability)
    /// `priceMicros` (a distribution): 0 to `CheckedConversion/maximumMicros` micros per impression.
    public static let priceMicrosNumber = ConfigurationNumber(
        "priceMicros", .fraction, 0...Double(CheckedConversion.maximumMicros), unit: "micros",
        hint: "Give prices in micros per impression ($2.50 eCPM = 2500), at most 1000000000.")
    /// `latencyMs` (a distribution): 0 to 600,000 ms (ten minutes).
    public static let latencyNumber = ConfigurationNumber(
        "latencyMs", .fraction, 0...600_000, unit: "ms", hint: "Give latencies in milliseconds, 0...600000.")

    private static let probability = "Give a probability in 0...1."
}

extension AppWindow {
    /// `width` and `height`: 1 to 10,000 points.
    public static let sizeNumber = ConfigurationNumber(
        "size", .fraction, 1...10_000, unit: "points", hint: "Give a size in points, 1...10000.")
}

extension FeedLayout {
    /// `cellHeight`: 1 to 10,000 points.
    public static let cellHeightNumber = ConfigurationNumber(
        "cellHeight", .fraction, 1...10_000, unit: "points", hint: "Give a size in points, 1...10000.")
    /// `cells`: 1 to 10,000 cells. The simulator builds a host node per cell when a session starts; ten thousand
    /// cells is more than any session scrolls, and a hundred thousand took seconds to build before the first ad.
    public static let cellsNumber = ConfigurationNumber(
        "cells", .wholeNumber, 1...10_000, hint: "Give 1...10000 cells.")
}

extension FeedAdSlot {
    /// `position`: a cell index, 0 to 9,999 (and below the feed's cells).
    public static let positionNumber = ConfigurationNumber(
        "position", .wholeNumber, 0...9_999, hint: "Give a cell index from 0 to the feed's cells - 1.")
    /// `every`: 1 to 10,000 cells between two ads.
    public static let everyNumber = ConfigurationNumber(
        "every", .wholeNumber, 1...10_000, hint: "Give a spacing of 1 or more cells.")
    /// `height`: 1 to 10,000 points.
    public static let heightNumber = ConfigurationNumber(
        "height", .fraction, 1...10_000, unit: "points", hint: "Give a size in points, 1...10000.")
}

extension ScenarioUsers {
    /// `count`: 1 to ``maximumCount`` users (also the range of `--users` and of a partial's users).
    public static let countNumber = ConfigurationNumber(
        "count", .wholeNumber, 1...Double(maximumCount), hint: "Give 1...\(maximumCount) users.")
    /// `sessionsPerUser`: 1 to 100. A user's sessions run one after another; more work is more users, which
    /// shards and `--jobs` spread over processes.
    public static let sessionsPerUserNumber = ConfigurationNumber(
        "sessionsPerUser", .wholeNumber, 1...100, hint: "Give 1...100 sessions per user; simulate more users instead.")
    /// `sessionSeconds` (a distribution): 1 to 3,600 s (an hour; a session drawn longer is cut there).
    public static let sessionSecondsNumber = ConfigurationNumber(
        "sessionSeconds", .fraction, 1...3_600, unit: "s", hint: "Give a session length in seconds, 1...3600.")
    /// `fullScreenOpensPerSession`: a mean of 0 to 100 opens per session.
    public static let opensNumber = ConfigurationNumber(
        "fullScreenOpensPerSession", .fraction, 0...100, hint: "Give a mean number of opens per session, 0...100.")
    /// `reach` (a distribution of cell positions): 0 to 9,999 (and within the feed's cells).
    public static let reachNumber = ConfigurationNumber(
        "reach", .fraction, 0...9_999, hint: "Give the deepest cell position a session reaches, 0...cells - 1.")
    /// `segments[].share`: 0 to 1 (the shares sum to 1).
    public static let shareNumber = ConfigurationNumber(
        "share", .fraction, 0...1, hint: "Give the segment's share of users in 0...1; the shares sum to 1.")
    /// `clickThroughRate.<format>`: 0 to 1.
    public static let clickThroughRateNumber = ConfigurationNumber(
        "clickThroughRate", .fraction, 0...1, hint: "Give a probability in 0...1.")
}

extension ScrollBehavior {
    /// `speedPointsPerSecond` (a distribution): 1 to 100,000 points per second.
    public static let speedNumber = ConfigurationNumber(
        "speedPointsPerSecond", .fraction, 1...100_000, hint: "Give a speed in points per second, 1...100000.")
    /// `dwellSeconds` (a distribution): 0 to 3,600 s.
    public static let dwellNumber = ConfigurationNumber(
        "dwellSeconds", .fraction, 0...3_600, unit: "s", hint: "Give a pause in seconds, 0...3600.")
}

extension UserSegment {
    /// A segment's `priceMultiplier` and `fillRateMultiplier` (its own and its line items'): 0 to 1,000.
    public static let multiplierNumber = ConfigurationNumber(
        "multiplier", .fraction, 0...1_000, hint: "Give a multiplier of 0 or more, at most 1000 (1: as the market).")
}

extension ScenarioDistribution {
    /// A log-normal `sigma`: 0 to ``maximumSigma``.
    public static let sigmaNumber = ConfigurationNumber(
        "sigma", .fraction, 0...maximumSigma, hint: "Give a sigma in 0...4 (0.3-1 is typical).")
}

extension ScenarioStrategy {
    /// `floorMicros` (and each of a sweep's `floorsMicros`): 0 to `CheckedConversion/maximumMicros`.
    public static let floorMicrosNumber = ConfigurationNumber(
        "floorMicros", .wholeNumber, 0...Double(CheckedConversion.maximumMicros), unit: "micros",
        hint: "Give a floor in micros per impression ($0.50 eCPM = 500), at most 1000000000.")
    /// `timeoutSeconds` (and each of a sweep's `timeoutsSeconds`): 0.001 to 600 s.
    public static let timeoutNumber = ConfigurationNumber(
        "timeoutSeconds", .fraction, 0.001...600, unit: "s", hint: "Give a timeout in seconds, 0.001...600.")
    /// Each of a sweep's `deadlinesSeconds`: 0.001 to 600 s.
    public static let deadlineNumber = ConfigurationNumber(
        "deadlineSeconds", .fraction, 0.001...600, unit: "s", hint: "Give an auction deadline in seconds, 0.001...600.")
    /// Each of a line item sweep's `pricesMicros`: 0 to `CheckedConversion/maximumMicros`.
    public static let priceMicrosNumber = ConfigurationNumber(
        "priceMicros", .wholeNumber, 0...Double(CheckedConversion.maximumMicros), unit: "micros",
        hint: "Give a price in micros per impression ($2.50 eCPM = 2500), at most 1000000000.")
}

extension Scenario {
    /// `version`: the one version this build reads.
    public static let versionNumber = ConfigurationNumber(
        "version", .wholeNumber, Double(currentVersion)...Double(currentVersion),
        hint: "Write \"version\": \(currentVersion).")
    /// `seed`: 0 to 2^53 (read exactly through JSON's numbers).
    public static let seedNumber = ConfigurationNumber(
        "seed", .wholeNumber, 0...9_007_199_254_740_992, hint: "Give a whole number such as 7.")

    /// Every number of the scenario format, by JSON path (`[]` for any index, `<format>` for any format), each
    /// with the values it accepts (rule R2). A distribution's path stands for its value, `min`, `max` and `median`;
    /// its `sigma` is ``ScenarioDistribution/sigmaNumber``. The app's inline mediation configuration is
    /// `MediationConfiguration/numbers` under `$.app.mediation`. The validator checks each number
    /// against this declaration; a test sets each to its largest accepted value and runs the scenario.
    ///
    /// ```swift
    /// Scenario.numbers["$.users.sessionsPerUser"]?.allowed  // "1...1000"
    /// ```
    public static let numbers: [String: ConfigurationNumber] = {
        var numbers: [String: ConfigurationNumber] = [
            "$.version": versionNumber,
            "$.seed": seedNumber,
            "$.app.window.width": AppWindow.sizeNumber,
            "$.app.window.height": AppWindow.sizeNumber,
            "$.app.screens[].feed.cellHeight": FeedLayout.cellHeightNumber,
            "$.app.screens[].feed.cells": FeedLayout.cellsNumber,
            "$.app.screens[].feed.ads[].position": FeedAdSlot.positionNumber,
            "$.app.screens[].feed.ads[].every": FeedAdSlot.everyNumber,
            "$.app.screens[].feed.ads[].height": FeedAdSlot.heightNumber,
            "$.users.count": ScenarioUsers.countNumber,
            "$.users.sessionsPerUser": ScenarioUsers.sessionsPerUserNumber,
            "$.users.sessionSeconds": ScenarioUsers.sessionSecondsNumber,
            "$.users.fullScreenOpensPerSession": ScenarioUsers.opensNumber,
            "$.users.clickThroughRate.<format>": ScenarioUsers.clickThroughRateNumber,
            "$.users.scrolling.speedPointsPerSecond": ScrollBehavior.speedNumber,
            "$.users.scrolling.dwellSeconds": ScrollBehavior.dwellNumber,
            "$.users.reach": ScenarioUsers.reachNumber,
            "$.users.segments[].share": ScenarioUsers.shareNumber,
            "$.users.segments[].priceMultiplier": UserSegment.multiplierNumber,
            "$.users.segments[].fillRateMultiplier": UserSegment.multiplierNumber,
            "$.users.segments[].lineItems[].priceMultiplier": UserSegment.multiplierNumber,
            "$.users.segments[].lineItems[].fillRateMultiplier": UserSegment.multiplierNumber,
            "$.strategies[].floorMicros": ScenarioStrategy.floorMicrosNumber,
            "$.strategies[].timeoutSeconds": ScenarioStrategy.timeoutNumber,
            "$.strategies[].sweep.floorsMicros[]": ScenarioStrategy.floorMicrosNumber,
            "$.strategies[].sweep.timeoutsSeconds[]": ScenarioStrategy.timeoutNumber,
            "$.strategies[].sweep.deadlinesSeconds[]": ScenarioStrategy.deadlineNumber,
            "$.strategies[].sweep.lineItems[].timeoutsSeconds[]": ScenarioStrategy.timeoutNumber,
            "$.strategies[].sweep.lineItems[].floorsMicros[]": ScenarioStrategy.floorMicrosNumber,
            "$.strategies[].sweep.lineItems[].pricesMicros[]": ScenarioStrategy.priceMicrosNumber,
        ]
        for market in ["$.market.defaults[]", "$.market.lineItems[]"] {
            numbers[market + ".fillRate"] = MarketBehavior.fillRateNumber
            numbers[market + ".errorRate"] = MarketBehavior.errorRateNumber
            numbers[market + ".neverAnswersRate"] = MarketBehavior.neverAnswersRateNumber
            numbers[market + ".priceMicros"] = MarketBehavior.priceMicrosNumber
            numbers[market + ".latencyMs"] = MarketBehavior.latencyNumber
        }
        for (path, number) in MediationConfiguration.numbers {
            numbers["$.app.mediation" + path.dropFirst()] = number
        }
        return numbers
    }()
}
