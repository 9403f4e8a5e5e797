import AdCore
import AdEmbedded
import AdMediation
import AdSimulator
import Foundation

/// Reviews a host's integration before release: the registered providers as they declare themselves, and each
/// placement of a mediation configuration with the findings a review would raise (``InspectionFinding``). Every
/// vendor fact comes from the providers' descriptors (formats, whether their ads carry a price, the assets a
/// layout must render); a scenario adds the market's prices and the screens' layouts.
///
/// ```swift
/// let inspector = IntegrationInspector(providers: registry.descriptors)
/// let report = inspector.inspect(configuration, problems: [], scenario: nil)
/// print(report.text)
/// ```
struct IntegrationInspector: Sendable {
    /// The registered providers.
    var providers: [ProviderDescriptor]
    /// The asset kinds the host's layout renders for a format (the simulator's feed cell and slider by default).
    var renderedKinds: @Sendable (AdFormat) -> Set<AssetKind>

    /// The quantile of a market price distribution taken as the most a line item brings: its 99th percentile.
    static let priceQuantile = 0.99

    /// An inspector of `providers`' integration, with the host layouts `renderedKinds` describes.
    init(
        providers: [ProviderDescriptor],
        renderedKinds: @escaping @Sendable (AdFormat) -> Set<AssetKind> = IntegrationInspector.simulatorLayouts
    ) {
        self.providers = providers
        self.renderedKinds = renderedKinds
    }

    /// The asset kinds adsim's layouts render (the demo's and the simulator's feed cell and slider).
    static func simulatorLayouts(_ format: AdFormat) -> Set<AssetKind> {
        NativeLayout.renderedKinds(for: format)
    }

    /// Reviews `configuration`; `problems` are those its decoding and validation found (each an error finding);
    /// `scenario` (optional) gives market prices and the screens that show the placements.
    func inspect(
        _ configuration: MediationConfiguration, problems: [ConfigurationProblem], scenario: ValidatedScenario?
    ) -> InspectionReport {
        let byID = Dictionary(providers.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var placements: [InspectionReport.Placement] = []
        let shown = Set(
            scenario?.scenario.app.screens.compactMap(\.feed).flatMap { $0.ads.map(\.placement) } ?? [])
        for (index, placement) in configuration.placements.enumerated() {
            let path = "$.placements[\(index)]"
            var findings = problems.filter { $0.path == path || $0.path.hasPrefix(path + ".") }.map(Self.finding)
            findings += review(placement, at: path, providers: byID, scenario: scenario, shown: shown)
            placements.append(InspectionReport.Placement(configuration: placement, findings: findings))
        }
        let general = problems.filter { problem in
            !configuration.placements.indices.contains { index in
                problem.path == "$.placements[\(index)]" || problem.path.hasPrefix("$.placements[\(index)].")
            }
        }
        return InspectionReport(
            providers: providers.sorted { $0.id < $1.id }, placements: placements,
            findings: general.map(Self.finding))
    }

    private static func finding(_ problem: ConfigurationProblem) -> InspectionFinding {
        InspectionFinding(.invalidConfiguration, .error, at: problem.path, problem.message, hint: problem.hint)
    }

    private func review(
        _ placement: PlacementConfiguration, at path: String, providers: [ProviderID: ProviderDescriptor],
        scenario: ValidatedScenario?, shown: Set<String>
    ) -> [InspectionFinding] {
        var findings: [InspectionFinding] = []
        var highest: Int64? = 0
        for (index, item) in placement.lineItems.enumerated() {
            let itemPath = "\(path).lineItems[\(index)]"
            let descriptor = providers[item.providerID]
            let market = scenario?.market(placement: placement.id, lineItem: item.id)
            if let descriptor, descriptor.isTestAdUnit(item.adUnitID) {
                findings.append(
                    InspectionFinding(
                        .testUnitConfigured, .warning, at: itemPath + ".adUnit",
                        "Line item '\(item.id)' uses \(item.providerID)'s test unit '\(item.adUnitID)': it serves test "
                            + "ads and earns nothing; a release build refuses to load it (Y16, H10).",
                        hint: "Configure your own ad unit; for test ads turn on test mode (AdHost.setTestMode), which "
                            + "routes to the test units and is refused in a release build."))
            }
            switch item.mode {
            case .bidder:
                if let descriptor, !descriptor.reportsPrice {
                    findings.append(
                        InspectionFinding(
                            .bidderWithoutPrice, .warning, at: itemPath + ".mode",
                            "Bidder '\(item.id)' is served by \(item.providerID), whose ads carry no price: it answers "
                                + "without a bid and loses every auction.",
                            hint: "Make it a waterfall item with its expected eCPM (priceMicros), or bid through a "
                                + "provider that reports prices."))
                }
                if placement.strategy != .waterfall && item.timeout > placement.auction.deadline {
                    findings.append(
                        InspectionFinding(
                            .timeoutBeyondAuction, .warning, at: itemPath + ".timeoutSeconds",
                            "Bidder '\(item.id)' may answer after \(item.timeout.secondsValue) s, but the auction ends at "
                                + "\(placement.auction.deadline.secondsValue) s: the rest of its timeout is never used.",
                            hint: "Give bidders a timeout at most the auction's deadline (auction.deadlineSeconds)."))
                }
                if let market {
                    highest = highest.map { max($0, Self.highPrice(market)) }
                } else {
                    highest = nil  // a bid of unknown size: the floor may be right
                }
            case .waterfall(_, let price, _):
                highest = highest.map { max($0, max(price, market.map(Self.highPrice) ?? price)) }
            }
            if let descriptor, shown.contains(placement.id) {
                let missing = descriptor.requiredAssets[placement.format, default: []]
                    .subtracting(renderedKinds(placement.format))
                if !missing.isEmpty {
                    let names = missing.map(\.rawValue).sorted().joined(separator: ", ")
                    findings.append(
                        InspectionFinding(
                            .layoutLacksRequiredAsset, .warning, at: itemPath + ".provider",
                            "\(item.providerID) requires \(names) in every \(placement.format.rawValue) layout, and the "
                                + "screen's layout for '\(placement.id)' has no node for it: its ads fail to bind.",
                            hint: "Add a node for \(names) to the layout, or serve the placement from another provider."
                        ))
                }
            }
        }
        if let highest, !placement.lineItems.isEmpty, placement.floorMicros > highest {
            findings.append(
                InspectionFinding(
                    .floorAboveEveryPrice, .warning, at: "\(path).floorMicros",
                    "The floor \(placement.floorMicros) micros is above every price the line items can bring "
                        + "(at most \(highest) micros\(scenario == nil ? "" : ", the market's 99th percentiles included")): "
                        + "the placement never fills.",
                    hint: "Lower the floor below the line items' prices, or add line items priced above it."))
        }
        return findings
    }

    /// The most a line item brings on the market: the 99th percentile of its price distribution, in micros.
    private static func highPrice(_ market: LineItemMarket) -> Int64 {
        CheckedConversion.saturatingInt64(market.priceMicros.sample(atUniform: priceQuantile))
    }
}
