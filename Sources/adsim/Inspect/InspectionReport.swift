import AdCore
import AdMediation
import AdSimulator
import Foundation

/// What `adsim inspect` found: every registered provider as it declares itself, and every placement with its line
/// items and findings; as text (``text``) or one JSON document (``json``). Deterministic: providers sorted by ID,
/// placements and line items in the configuration's order.
///
/// ```swift
/// let report = IntegrationInspector(providers: descriptors).inspect(configuration, problems: [], scenario: nil)
/// print(report.text, report.warnings, report.errors)
/// ```
struct InspectionReport: Sendable {
    /// A placement and what the review found in it.
    ///
    /// ```swift
    /// for placement in report.placements { print(placement.configuration.id, placement.findings.count) }
    /// ```
    struct Placement: Sendable {
        /// The placement as configured.
        var configuration: PlacementConfiguration
        /// Its findings, in the order of its fields.
        var findings: [InspectionFinding]
    }

    /// The registered providers, sorted by ID.
    var providers: [ProviderDescriptor]
    /// The placements, in the configuration's order.
    var placements: [Placement]
    /// Findings about the configuration as a whole (outside any placement).
    var findings: [InspectionFinding]

    /// Every finding: the configuration's, then each placement's.
    var allFindings: [InspectionFinding] { findings + placements.flatMap(\.findings) }
    /// How many findings are warnings.
    var warnings: Int { allFindings.filter { $0.severity == .warning }.count }
    /// How many are errors.
    var errors: Int { allFindings.filter { $0.severity == .error }.count }

    /// The report as text: providers, placements with their line items and findings, a summary line.
    var text: String {
        var lines = ["PROVIDERS"]
        for provider in providers {
            lines.append("  \(provider.summary)")
            lines.append("    " + Self.facts(of: provider).map { "\($0.0): \($0.1)" }.joined(separator: "; "))
        }
        lines.append("")
        lines.append("PLACEMENTS")
        for placement in placements {
            let configuration = placement.configuration
            lines.append(
                "  \(configuration.id)  \(configuration.format.rawValue), \(configuration.strategy.rawValue), floor "
                    + "\(configuration.floorMicros) micros, \(configuration.lineItems.count) line items")
            for item in configuration.lineItems {
                lines.append("    \(item.id)  \(item.providerID) \(item.adUnitID)  \(Self.mode(item))")
            }
            for finding in placement.findings { lines.append(contentsOf: Self.lines(finding)) }
        }
        if !findings.isEmpty {
            lines.append("")
            lines.append("CONFIGURATION")
            for finding in findings { lines.append(contentsOf: Self.lines(finding)) }
        }
        lines.append("")
        lines.append(
            allFindings.isEmpty
                ? "No findings."
                : "\(warnings) warning\(warnings == 1 ? "" : "s"), \(errors) error\(errors == 1 ? "" : "s").")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The report as one JSON document (keys sorted).
    var json: String {
        let document: [String: Any] = [
            "providers": providers.map { provider -> [String: Any] in
                var object: [String: Any] = ["id": provider.id.rawValue, "summary": provider.summary]
                for (key, value) in Self.facts(of: provider) { object[key] = value }
                return object
            },
            "placements": placements.map { placement -> [String: Any] in
                let configuration = placement.configuration
                return [
                    "id": configuration.id, "format": configuration.format.rawValue,
                    "strategy": configuration.strategy.rawValue, "floorMicros": configuration.floorMicros,
                    "lineItems": configuration.lineItems.map { item in
                        [
                            "id": item.id, "provider": item.providerID.rawValue, "adUnit": item.adUnitID,
                            "mode": Self.mode(item),
                        ]
                    },
                    "findings": placement.findings.map(Self.object),
                ]
            },
            "findings": findings.map(Self.object),
            "warnings": warnings, "errors": errors,
        ]
        let data = (try? JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// A provider's declared facts, in a fixed order, as (key, text).
    private static func facts(of provider: ProviderDescriptor) -> [(String, String)] {
        let required = provider.requiredAssets.keys.sorted { $0.rawValue < $1.rawValue }.map { format in
            "\(format.rawValue): "
                + provider.requiredAssets[format, default: []].map(\.rawValue).sorted().joined(separator: ", ")
        }
        let start = provider.startRequirements
        let keys = start.requiredKeys.keys.sorted().map(\.rawValue).joined(separator: ", ")
        let startText =
            start.needsStart
            ? "a start step\(start.reason.map { " (\($0))" } ?? "")\(keys.isEmpty ? "" : ", needs \(keys)"), "
                + "timeout \(start.timeout.secondsValue) s"
            : keys.isEmpty ? "ready at once" : "needs \(keys)"
        let signals = provider.honouredPrivacySignals.sorted().map(\.rawValue)
        let units = provider.testAdUnits.keys.sorted { $0.rawValue < $1.rawValue }.map { format in
            "\(format.rawValue): \(provider.testAdUnits[format, default: ""])"
        }
        return [
            ("formats", provider.supportedFormats.map(\.rawValue).sorted().joined(separator: ", ")),
            ("start", startText),
            ("privacySignals", signals.isEmpty ? "none" : signals.joined(separator: ", ")),
            (
                "globalVendorListID",
                provider.globalVendorListID.map(String.init)
                    ?? "none (not on the IAB Global Vendor List: under GDPR never personalised, Docs/Privacy.md)"
            ),
            (
                "testAdUnits",
                units.isEmpty
                    ? "none published (pass a dashboard test placement to setTestMode(_:for:placement:units:))"
                    : units.joined(separator: "; ")
            ),
            ("bids", provider.reportsPrice ? "yes (its ads carry their price)" : "no (its ads carry no price)"),
            ("requiredAssets", required.isEmpty ? "none" : required.joined(separator: "; ")),
            ("contract", String(provider.contractVersion)),
        ]
    }

    private static func mode(_ item: LineItemConfiguration) -> String {
        switch item.mode {
        case .bidder: "bidder, timeout \(item.timeout.secondsValue) s"
        case .waterfall(let pricing, let price, let priority):
            "waterfall \(pricing.rawValue) \(price) micros, priority \(priority), timeout \(item.timeout.secondsValue) s"
        }
    }

    private static func lines(_ finding: InspectionFinding) -> [String] {
        [
            "    \(finding.severity.rawValue) [\(finding.code.rawValue)] \(finding.path): \(finding.message)",
            "      Hint: \(finding.hint)",
        ]
    }

    private static func object(_ finding: InspectionFinding) -> [String: String] {
        [
            "code": finding.code.rawValue, "severity": finding.severity.rawValue, "path": finding.path,
            "message": finding.message, "hint": finding.hint,
        ]
    }
}
