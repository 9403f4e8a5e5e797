import AdCore
import AdMediation
import AdRuntime
import Foundation

/// Checks a decoded scenario against the registered providers and the files it names, collecting every problem
/// with its JSON path, and resolves it into a ``ValidatedScenario`` (the market of every line item, the variants).
/// Never traps: every number is compared, none converted unchecked.
struct ScenarioValidator {
    let scenario: Scenario
    let files: ScenarioFiles
    let providers: [ProviderID: ProviderDescriptor]
    /// Every format a registered provider serves.
    let knownFormats: Set<AdFormat>
    /// The problems found so far, in order.
    private(set) var problems: [ConfigurationProblem] = []
    /// Whether the app's configuration had no problem (only then are the variants' configurations checked: they
    /// would repeat its problems).
    private var configurationIsValid = false

    /// The most variants the strategies may expand into.
    static let maximumVariants = 1_000
    /// The most values one sweep list may hold.
    static let maximumSweepValues = 100
    /// The most creatives one market entry may list.
    static let maximumCreatives = 1_000

    /// The providers whose ads carry their price.
    var pricedProviders: Set<ProviderID> { Set(providers.values.filter(\.reportsPrice).map(\.id)) }

    init(scenario: Scenario, files: ScenarioFiles, providers: [ProviderDescriptor]) {
        self.scenario = scenario
        self.files = files
        var byID: [ProviderID: ProviderDescriptor] = [:]
        for descriptor in providers { byID[descriptor.id] = descriptor }
        self.providers = byID
        knownFormats = providers.reduce(into: []) { $0.formUnion($1.supportedFormats) }
    }

    /// Runs every check; the resolved scenario, or `nil` when the app's configuration could not be read at all
    /// (the problems say why). A non-`nil` result is only valid when ``problems`` is empty.
    mutating func validate() -> ValidatedScenario? {
        let configuration = loadConfiguration()
        configurationIsValid = problems.isEmpty
        checkMarketDefaults()
        if let configuration { checkMarketLineItems(against: configuration) }
        let market = configuration.map { resolveMarket($0) } ?? []
        if let configuration { checkScreens(against: configuration) }
        checkUsers()
        let variants = checkStrategies(against: configuration, market: market)
        guard let configuration else { return nil }
        var validated = ValidatedScenario(
            scenario: scenario, configuration: configuration, market: market, variants: variants,
            baseDirectory: files.baseDirectory.standardized.path)
        validated.pricedProviders = pricedProviders
        return validated
    }

    // MARK: - The app's configuration

    private mutating func loadConfiguration() -> MediationConfiguration? {
        let descriptors = Array(providers.values)
        switch scenario.app.mediation {
        case .inline(let configuration):
            do throws(MediationConfigurationError) {
                try configuration.validate(providers: descriptors)
            } catch {
                problems += error.problems.map { rerooted($0, under: "$.app.mediation") }
            }
            return configuration
        case .file(let written):
            let data: Data
            do throws(SafeFileReader.Failure) {
                data = try files.read(written, maxBytes: Scenario.maximumFileBytes)
            } catch {
                add(
                    .missingFile, "$.app.mediation",
                    "The mediation configuration '\(written)' cannot be read (\(ScenarioFiles.describe(error))).",
                    hint: "Paths are relative to the scenario file's folder, e.g. \"../mediation/example.json\".")
                return nil
            }
            do {
                _ = try JSONSerialization.jsonObject(with: data)
            } catch {
                problems.append(rerooted(ScenarioJSON.malformed(data, error: error), under: written + ":$"))
                return nil
            }
            let collector = ConfigurationDecoding()
            let decoder = JSONDecoder()
            decoder.userInfo = collector.userInfo
            let configuration: MediationConfiguration
            do {
                configuration = try decoder.decode(MediationConfiguration.self, from: data)
            } catch let error as DecodingError {
                problems.append(rerooted(ConfigurationProblem(decoding: error), under: written + ":$"))
                return nil
            } catch {
                problems.append(rerooted(ScenarioJSON.malformed(data, error: error), under: written + ":$"))
                return nil
            }
            problems += (DuplicateKeyScanner.problems(in: data) + collector.problems).map {
                rerooted($0, under: written + ":$")
            }
            do throws(MediationConfigurationError) {
                try configuration.validate(providers: descriptors)
            } catch {
                problems += error.problems.map { rerooted($0, under: written + ":$") }
            }
            return configuration
        }
    }

    /// The problem with its path moved under `root` (`$.placements[0]` under `$.app.mediation`).
    private func rerooted(_ problem: ConfigurationProblem, under root: String) -> ConfigurationProblem {
        var moved = problem
        moved.path = root + problem.path.dropFirst(problem.path.hasPrefix("$") ? 1 : 0)
        return moved
    }

    // MARK: - The market

    private mutating func checkMarketDefaults() {
        var seen: Set<String> = []
        for (index, entry) in scenario.market.defaults.enumerated() {
            let path = "$.market.defaults[\(index)]"
            if let descriptor = providers[entry.provider] {
                if let format = entry.format, !descriptor.supportedFormats.contains(format) {
                    add(
                        .unsupportedFormat, path + ".format",
                        "Provider '\(entry.provider)' cannot serve \(format) (it serves \(formats(of: descriptor))).",
                        hint: "Give a format the provider serves, or leave format out for all of them.")
                }
            } else {
                add(
                    .unknownProvider, path + ".provider",
                    "No provider '\(entry.provider)' is registered (registered: \(providerNames)).",
                    hint: "Use a registered provider ID.")
            }
            let key = "\(entry.provider)/\(entry.format?.rawValue ?? "*")"
            if !seen.insert(key).inserted {
                add(
                    .duplicateName, path,
                    "A default for provider '\(entry.provider)'\(entry.format.map { " and format \($0)" } ?? "") is "
                        + "already given.",
                    hint: "Give one default per provider, and per provider and format.")
            }
            check(entry.behavior, at: path)
        }
    }

    private mutating func checkMarketLineItems(against configuration: MediationConfiguration) {
        var seen: Set<String> = []
        for (index, entry) in scenario.market.lineItems.enumerated() {
            let path = "$.market.lineItems[\(index)]"
            if let placementID = entry.placement {
                if let placement = configuration.placement(placementID) {
                    if !placement.lineItems.contains(where: { $0.id == entry.lineItem }) {
                        let known = placement.lineItems.map(\.id).joined(separator: ", ")
                        add(
                            .unknownReference, path + ".lineItem",
                            "Placement '\(placementID)' has no line item '\(entry.lineItem)' (it has \(known)).",
                            hint: "Name a line item of the placement, as the app's mediation configuration does.")
                    }
                } else {
                    add(
                        .unknownReference, path + ".placement",
                        "The app has no placement '\(placementID)' (it has \(placementNames(configuration))).",
                        hint: "Name a placement of the app's mediation configuration.")
                }
            } else if !configuration.placements.contains(where: { $0.lineItems.contains { $0.id == entry.lineItem } }) {
                add(
                    .unknownReference, path + ".lineItem",
                    "No placement of the app has a line item '\(entry.lineItem)'.",
                    hint: "Name a line item of the app's mediation configuration.")
            }
            if !seen.insert("\(entry.placement ?? "*")/\(entry.lineItem)").inserted {
                add(
                    .duplicateName, path,
                    "Line item '\(entry.lineItem)'\(entry.placement.map { " of placement '\($0)'" } ?? "") is "
                        + "already given.",
                    hint: "Give each line item one entry.")
            }
            check(entry.behavior, at: path)
        }
    }

    private mutating func check(_ behavior: MarketBehavior, at path: String) {
        if let rate = behavior.fillRate { check(rate, MarketBehavior.fillRateNumber, at: path + ".fillRate") }
        if let rate = behavior.errorRate { check(rate, MarketBehavior.errorRateNumber, at: path + ".errorRate") }
        if let rate = behavior.neverAnswersRate {
            check(rate, MarketBehavior.neverAnswersRateNumber, at: path + ".neverAnswersRate")
        }
        if let price = behavior.priceMicros {
            check(price, MarketBehavior.priceMicrosNumber, at: path + ".priceMicros")
        }
        if let latency = behavior.latencyMs { check(latency, MarketBehavior.latencyNumber, at: path + ".latencyMs") }
        if let creatives = behavior.creatives {
            if creatives.isEmpty {
                add(
                    .emptyValue, path + ".creatives", "The list of creatives is empty.",
                    hint: "List at least one response file the line item serves when it fills.")
            }
            if creatives.count > Self.maximumCreatives {
                add(
                    .outOfRange, path + ".creatives", "\(creatives.count) creatives is above \(Self.maximumCreatives).",
                    hint: "List at most \(Self.maximumCreatives) files.")
            }
            for (index, file) in creatives.prefix(Self.maximumCreatives).enumerated() {
                checkFile(file, at: path + ".creatives[\(index)]")
            }
        }
        if let noFill = behavior.noFill { checkFile(noFill, at: path + ".noFill") }
    }

    /// A creative or no-fill file must be one the run can read (R7): a regular file, not too large. A FIFO or a
    /// device (`/dev/zero`) is refused here, so `adsim validate` and `adsim simulate` agree (exit 64 both).
    private mutating func checkFile(_ written: String, at path: String) {
        let example = "Name a response file that exists, such as \"../ifly/multi-image-three.xml\"."
        do throws(SafeFileReader.Failure) {
            try files.check(written, maxBytes: SimulatedMarket.maximumBytes)
        } catch {
            let entry = files.entry(written)
            switch error {
            case .notRegularFile where entry != .folder:
                add(
                    .missingFile, path,
                    "'\(written)' is \(entry.description), not a regular file: the simulation reads creatives only "
                        + "from regular files.", hint: example)
            case .tooLarge(let limit):
                add(
                    .outOfRange, path, "'\(written)' is larger than \(limit) bytes, the most a creative may be.",
                    hint: "Name a smaller response file.")
            case .unreadable(let code):
                add(
                    .missingFile, path, "'\(written)' cannot be read (\(String(cString: strerror(code)))).",
                    hint: "Make the file readable, or name another one.")
            default:
                add(
                    .missingFile, path,
                    "'\(written)' is not a file (paths are relative to the scenario file's folder).", hint: example)
            }
        }
    }

    /// The market of every line item of every placement, field by field: its entry with its placement, its entry
    /// without one, its provider-and-format default, its provider default; a waterfall item's price defaults to
    /// its configured price. A line item missing a field is a problem.
    private mutating func resolveMarket(_ configuration: MediationConfiguration) -> [LineItemMarket] {
        var resolved: [LineItemMarket] = []
        for placement in configuration.placements {
            for item in placement.lineItems {
                var behavior = MarketBehavior()
                let sources: [MarketBehavior?] = [
                    scenario.market.lineItems.first { $0.placement == placement.id && $0.lineItem == item.id }?
                        .behavior,
                    scenario.market.lineItems.first { $0.placement == nil && $0.lineItem == item.id }?.behavior,
                    scenario.market.defaults.first { $0.provider == item.providerID && $0.format == placement.format }?
                        .behavior,
                    scenario.market.defaults.first { $0.provider == item.providerID && $0.format == nil }?.behavior,
                    MarketBehavior(
                        priceMicros: item.configuredPriceMicros.map { .fixed(Double($0)) }, errorRate: 0,
                        neverAnswersRate: 0),
                ]
                for source in sources.compactMap({ $0 }) { behavior = behavior.inheriting(from: source) }
                let name =
                    "Line item '\(item.id)' of placement '\(placement.id)' (\(item.providerID), \(placement.format))"
                var missing: [String] = []
                if behavior.fillRate == nil { missing.append("fillRate") }
                if behavior.priceMicros == nil { missing.append("priceMicros") }
                if behavior.latencyMs == nil { missing.append("latencyMs") }
                if behavior.creatives == nil { missing.append("creatives") }
                guard let fillRate = behavior.fillRate, let price = behavior.priceMicros,
                    let latency = behavior.latencyMs, let creatives = behavior.creatives
                else {
                    add(
                        .emptyValue, "$.market", "\(name) has no \(missing.joined(separator: ", ")) in the market.",
                        hint: "Set it in a market.lineItems entry for the line item, or in a market.defaults entry "
                            + "for \(item.providerID).")
                    continue
                }
                let errorRate = behavior.errorRate ?? 0
                let neverAnswers = behavior.neverAnswersRate ?? 0
                let total = ((fillRate + errorRate + neverAnswers) * 1e9).rounded() / 1e9
                if total.isFinite, total > 1 + 1e-9 {
                    add(
                        .outOfRange, "$.market",
                        "\(name): fillRate \(ScenarioNumber.text(fillRate)) + errorRate \(ScenarioNumber.text(errorRate))"
                            + " + neverAnswersRate \(ScenarioNumber.text(neverAnswers)) = \(ScenarioNumber.text(total)) "
                            + "is above 1.",
                        hint: "The three rates are shares of the same requests (the rest is no fill); make their sum "
                            + "at most 1.")
                }
                resolved.append(
                    LineItemMarket(
                        placement: placement.id, lineItem: item.id, provider: item.providerID, format: placement.format,
                        fillRate: fillRate, errorRate: errorRate, neverAnswersRate: neverAnswers, priceMicros: price,
                        latencyMs: latency, creatives: creatives.map(files.resolve),
                        noFill: behavior.noFill.map(files.resolve)))
            }
        }
        return resolved
    }

    // MARK: - The app's screens

    private mutating func checkScreens(against configuration: MediationConfiguration) {
        let app = scenario.app
        check(app.window.width, AppWindow.sizeNumber, at: "$.app.window.width")
        check(app.window.height, AppWindow.sizeNumber, at: "$.app.window.height")
        var seen: Set<String> = []
        var shown = 0
        for (index, screen) in app.screens.enumerated() {
            let path = "$.app.screens[\(index)]"
            if screen.id.allSatisfy(\.isWhitespace) {
                add(.emptyValue, path + ".id", "The screen ID is empty.", hint: "Name the screen, e.g. \"home\".")
            } else if !seen.insert(screen.id).inserted {
                add(
                    .duplicateName, path + ".id", "The screen ID '\(screen.id)' is used twice.",
                    hint: "Give every screen its own ID.")
            }
            if let feed = screen.feed {
                check(feed.cellHeight, FeedLayout.cellHeightNumber, at: path + ".feed.cellHeight")
                check(Double(feed.cells), FeedLayout.cellsNumber, at: path + ".feed.cells")
                for (slotIndex, slot) in feed.ads.enumerated() {
                    let slotPath = path + ".feed.ads[\(slotIndex)]"
                    if checkPlacement(slot.placement, at: slotPath + ".placement", in: configuration, fullScreen: false)
                    {
                        shown += 1
                    }
                    // A position is a cell of this feed: the declared range, cut at the feed's last cell.
                    let lastCell = min(FeedAdSlot.positionNumber.largest, Double(max(feed.cells - 1, 0)))
                    check(
                        Double(slot.position), at: slotPath + ".position", in: 0...lastCell,
                        hint: FeedAdSlot.positionNumber.hint)
                    if let every = slot.every { check(Double(every), FeedAdSlot.everyNumber, at: slotPath + ".every") }
                    if let height = slot.height { check(height, FeedAdSlot.heightNumber, at: slotPath + ".height") }
                }
            }
            for (buttonIndex, button) in screen.buttons.enumerated() {
                if checkPlacement(
                    button.placement, at: path + ".buttons[\(buttonIndex)].placement", in: configuration,
                    fullScreen: true)
                {
                    shown += 1
                }
            }
        }
        if shown == 0 {
            add(
                .emptyValue, "$.app.screens", "No screen shows a placement of the app.",
                hint: "Add a screen with a feed of native or slider cells, or a button presenting a full-screen "
                    + "placement.")
        }
    }

    /// Whether `id` names a placement of the right kind (native or slider for a feed cell, full screen for a
    /// button); records the problem otherwise.
    private mutating func checkPlacement(
        _ id: String, at path: String, in configuration: MediationConfiguration, fullScreen: Bool
    ) -> Bool {
        guard let placement = configuration.placement(id) else {
            add(
                .unknownReference, path, "The app has no placement '\(id)' (it has \(placementNames(configuration))).",
                hint: "Name a placement of the app's mediation configuration.")
            return false
        }
        if fullScreen && !placement.format.isFullScreen {
            add(
                .unsupportedFormat, path, "Placement '\(id)' is \(placement.format), not a full-screen format.",
                hint: "A button presents an interstitial, rewarded or rewardedInterstitial placement.")
            return false
        }
        if !fullScreen && placement.format != .native && placement.format != .nativeSlider {
            add(
                .unsupportedFormat, path,
                "Placement '\(id)' is \(placement.format); a feed cell shows native or "
                    + "nativeSlider.",
                hint: "Put full-screen placements on a button.")
            return false
        }
        return true
    }

    // MARK: - The users

    private mutating func checkUsers() {
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

    // MARK: - The strategies

    private mutating func checkStrategies(
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

    // MARK: - Numbers

    /// A number against its declaration in ``Scenario/numbers`` (rule R2).
    private mutating func check(_ value: Double, _ number: ConfigurationNumber, at path: String) {
        check(value, at: path, in: number.range, hint: number.hint)
    }

    /// A distribution against its declaration in ``Scenario/numbers`` (rule R2).
    private mutating func check(_ distribution: ScenarioDistribution, _ number: ConfigurationNumber, at path: String) {
        check(distribution, at: path, in: number.range, hint: number.hint)
    }

    /// A number in `range`: finite, not below, not above.
    private mutating func check(_ value: Double, at path: String, in range: ClosedRange<Double>, hint: String) {
        if !value.isFinite {
            add(.outOfRange, path, "\(ScenarioNumber.text(value)) is not a finite number.", hint: hint)
        } else if value < range.lowerBound {
            add(
                .outOfRange, path,
                "\(ScenarioNumber.text(value)) is below \(ScenarioNumber.text(range.lowerBound)).", hint: hint)
        } else if value > range.upperBound {
            add(
                .outOfRange, path,
                "\(ScenarioNumber.text(value)) is above \(ScenarioNumber.text(range.upperBound)).", hint: hint)
        }
    }

    /// A distribution whose parameters lie in `range`: `min <= max` for uniform; a log-normal median above 0 and
    /// a sigma in `0...4`.
    private mutating func check(
        _ distribution: ScenarioDistribution, at path: String, in range: ClosedRange<Double>, hint: String
    ) {
        switch distribution {
        case .fixed(let value):
            check(value, at: path, in: range, hint: hint)
        case .uniform(let min, let max):
            check(min, at: path + ".min", in: range, hint: hint)
            check(max, at: path + ".max", in: range, hint: hint)
            if min.isFinite, max.isFinite, min > max {
                add(
                    .outOfRange, path,
                    "min \(ScenarioNumber.text(min)) is above max \(ScenarioNumber.text(max)).",
                    hint: "Give min <= max.")
            }
        case .logNormal(let median, let sigma):
            check(median, at: path + ".median", in: range, hint: hint)
            if median.isFinite, median <= 0, median >= range.lowerBound {
                add(.outOfRange, path + ".median", "A log-normal median must be above 0.", hint: hint)
            }
            check(sigma, ScenarioDistribution.sigmaNumber, at: path + ".sigma")
        }
    }

    // MARK: - Helpers

    private mutating func add(_ kind: ConfigurationProblem.Kind, _ path: String, _ message: String, hint: String) {
        problems.append(ConfigurationProblem(kind, at: path, message, hint: hint))
    }

    private var providerNames: String {
        let names = providers.keys.sorted().map(\.rawValue)
        return names.isEmpty ? "none" : names.joined(separator: ", ")
    }

    private func formats(of descriptor: ProviderDescriptor) -> String {
        descriptor.supportedFormats.map(\.rawValue).sorted().joined(separator: ", ")
    }

    private func placementNames(_ configuration: MediationConfiguration) -> String {
        configuration.placements.map(\.id).joined(separator: ", ")
    }
}
