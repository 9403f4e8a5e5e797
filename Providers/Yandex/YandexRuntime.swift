import AdCore
import AdCreative
import Foundation

/// What a loaded Yandex ad needs from its host and provider (internal plumbing shared by blocks and cards).
@MainActor
struct YandexRuntime {
    let host: AdHost
    let providerID: ProviderID
    let request: AdRequest
    let impressionRule: ImpressionRule
    let videoImpressionRule: ImpressionRule
    let clickPolicy: ClickPolicy
    let imageLoader: any YandexImageLoader

    /// The placement key of the ledger: the request's placement, else its ad unit.
    var placementKey: String { request.placementID ?? request.adUnitID }

    /// Pings tracking URLs through the host's beacon sender, macros expanded, only http(s) (``VASTURLPolicy``).
    func send(_ urls: [String], kind: Beacon.Kind) {
        for url in VASTMacroExpander.pings(for: urls, values: VASTMacroValues()) {
            host.beacons.send(Beacon(kind: kind, url: url.absoluteString, providerID: providerID))
        }
    }

    func warn(_ message: String, fix: String) {
        host.diagnostics.record(.warning, message, providerID: providerID, recommendation: fix)
    }

    func impressionData(creativeID: String?, component: String?) -> ImpressionData {
        ImpressionData(
            providerID: providerID, placementID: request.placementID, adUnitID: request.adUnitID,
            creativeID: creativeID, component: component)
    }
}
