import AdCore
import AdMediation
import AdRuntime
import Foundation

extension ScenarioValidator {
    // MARK: - The market

    mutating func checkMarketDefaults() {
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

    mutating func checkMarketLineItems(against configuration: MediationConfiguration) {
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
    mutating func resolveMarket(_ configuration: MediationConfiguration) -> [LineItemMarket] {
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

    private var providerNames: String {
        let names = providers.keys.sorted().map(\.rawValue)
        return names.isEmpty ? "none" : names.joined(separator: ", ")
    }

    private func formats(of descriptor: ProviderDescriptor) -> String {
        descriptor.supportedFormats.map(\.rawValue).sorted().joined(separator: ", ")
    }
}
