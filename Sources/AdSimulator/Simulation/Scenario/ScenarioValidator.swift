import AdCore
import AdMediation
import AdRuntime
import Foundation

/// Checks a decoded scenario against the registered providers and the files it names, collecting every problem
/// with its JSON path, and resolves it into a ``ValidatedScenario`` (the market of every line item, the variants).
/// Never traps: every number is compared, none converted unchecked.
///
/// The checks live in one extension per part of the scenario: the app's configuration and screens
/// (`ScenarioValidator+App.swift`), the market (`+Market.swift`), the users (`+Users.swift`) and the strategies
/// (`+Strategies.swift`); this file keeps the state, the order of the checks, the number checks and the helpers.
/// What another file's extension calls is internal rather than private: the setter of ``problems``,
/// `configurationIsValid`, `add`, `placementNames`, the number checks, and each part's entry point.
struct ScenarioValidator {
    let scenario: Scenario
    let files: ScenarioFiles
    let providers: [ProviderID: ProviderDescriptor]
    /// Every format a registered provider serves.
    let knownFormats: Set<AdFormat>
    /// The problems found so far, in order.
    var problems: [ConfigurationProblem] = []
    /// Whether the app's configuration had no problem (only then are the variants' configurations checked: they
    /// would repeat its problems).
    var configurationIsValid = false

    /// The most variants the strategies may expand into.
    static let maximumVariants = 1_000
    /// The most values one sweep list may hold.
    static let maximumSweepValues = 100
    /// The most creatives one market entry may list.
    static let maximumCreatives = 1_000
    /// The most values a discrete distribution may list.
    static let maximumDiscreteValues = 1_000

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
        if let name = scenario.name, let problem = Self.controlCharacterProblem(in: name, of: "The name", at: "$.name")
        {
            problems.append(problem)
        }
        let configuration = loadConfiguration()
        configurationIsValid = problems.isEmpty
        if let configuration { checkLineItemNames(in: configuration) }
        checkMarketDefaults()
        if let configuration { checkMarketLineItems(against: configuration) }
        let market = configuration.map { resolveMarket($0) } ?? []
        if let configuration { checkScreens(against: configuration) }
        checkUsers()
        checkReach()
        if let configuration { checkSegments(against: configuration, market: market) }
        let variants = checkStrategies(against: configuration, market: market)
        guard let configuration else { return nil }
        var validated = ValidatedScenario(
            scenario: scenario, configuration: configuration, market: market, variants: variants,
            baseDirectory: files.baseDirectory.standardized.path)
        validated.pricedProviders = pricedProviders
        return validated
    }

    // MARK: - Numbers

    /// A number against its declaration in ``Scenario/numbers`` (rule R2).
    mutating func check(_ value: Double, _ number: ConfigurationNumber, at path: String) {
        check(value, at: path, in: number.range, hint: number.hint)
    }

    /// A distribution against its declaration in ``Scenario/numbers`` (rule R2).
    mutating func check(_ distribution: ScenarioDistribution, _ number: ConfigurationNumber, at path: String) {
        check(distribution, at: path, in: number.range, hint: number.hint)
    }

    /// A number in `range`: finite, not below, not above.
    mutating func check(_ value: Double, at path: String, in range: ClosedRange<Double>, hint: String) {
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
        case .discrete(let values, let probabilities):
            if values.isEmpty {
                add(.emptyValue, path + ".values", "A discrete distribution has no value.", hint: "List its values.")
            } else if values.count > Self.maximumDiscreteValues {
                add(
                    .outOfRange, path + ".values", "\(values.count) values is above \(Self.maximumDiscreteValues).",
                    hint: "Give at most \(Self.maximumDiscreteValues) values.")
            }
            if probabilities.count != values.count {
                add(
                    .outOfRange, path + ".probabilities",
                    "\(probabilities.count) probabilities for \(values.count) values.",
                    hint: "Give one probability per value, at the same index.")
            }
            for (index, value) in values.enumerated() {
                check(value, at: path + ".values[\(index)]", in: range, hint: hint)
            }
            // Sampled as an inverse CDF (its median and quantiles are read from it): the values must ascend.
            if let index = values.indices.dropFirst().first(where: { !(values[$0 - 1] < values[$0]) }) {
                add(
                    .outOfRange, path + ".values[\(index)]",
                    "\(values[index]) does not come after \(values[index - 1]): a discrete distribution's values "
                        + "must be in strictly ascending order.",
                    hint: "List the values from the smallest up, each probability at its value's index, once each.")
            }
            for (index, probability) in probabilities.enumerated() {
                check(
                    probability, at: path + ".probabilities[\(index)]", in: 0...1, hint: "Give a probability in 0...1.")
            }
            checkSum(probabilities, of: "probabilities", at: path + ".probabilities")
        }
    }

    /// Shares or probabilities that must sum to 1 (within 1e-9, for the rounding of decimal fractions).
    mutating func checkSum(_ values: [Double], of what: String, at path: String) {
        let sum = values.reduce(0, +)
        guard sum.isFinite, abs(sum - 1) > 1e-9, values.allSatisfy({ (0...1).contains($0) }) else { return }
        add(
            .outOfRange, path, "The \(what) sum to \(ScenarioNumber.text(sum)), not 1.",
            hint: "Give \(what) that sum to 1, such as 0.3 and 0.7.")
    }

    // MARK: - Helpers

    /// A name that must be given and unique among `seen` (a strategy's, a screen's, a segment's): `emptyValue` when
    /// it is blank, `duplicateName` when it was seen before. `what` words the messages: ("screen", "ID") gives "The
    /// screen ID is empty." and "Give every screen its own ID."
    mutating func checkName(
        _ name: String, of what: (owner: String, field: String), at path: String, among seen: inout Set<String>,
        hint: String
    ) {
        if name.allSatisfy(\.isWhitespace) {
            add(.emptyValue, path, "The \(what.owner) \(what.field) is empty.", hint: hint)
        } else if let problem = Self.controlCharacterProblem(in: name, of: "The \(what.owner) \(what.field)", at: path)
        {
            problems.append(problem)
        } else if !seen.insert(name).inserted {
            add(
                .duplicateName, path, "The \(what.owner) \(what.field) '\(name)' is used twice.",
                hint: "Give every \(what.owner) its own \(what.field).")
        }
    }

    /// The problem of a name printed in the report's rows that holds a control character (a line break, a tab):
    /// it would break the table's rows and the CSV's records. `nil` for a name without one.
    static func controlCharacterProblem(in name: String, of subject: String, at path: String) -> ConfigurationProblem? {
        guard name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return nil }
        return ConfigurationProblem(
            .outOfRange, at: path,
            "\(subject) holds a control character (a line break or a tab), which would break the report's rows.",
            hint: "Write it on one line, without control characters.")
    }

    mutating func add(_ kind: ConfigurationProblem.Kind, _ path: String, _ message: String, hint: String) {
        problems.append(ConfigurationProblem(kind, at: path, message, hint: hint))
    }

    func placementNames(_ configuration: MediationConfiguration) -> String {
        configuration.placements.map(\.id).joined(separator: ", ")
    }
}
