import AdCore
import AdCreative
import AdVAST

/// What a loaded Yandex ad keeps from its load: the provider's environment (beacons, its placement's holds, diagnostics,
/// scheduler, transport for images), the request and the image loader. Internal plumbing of blocks and cards.
///
/// A class: every block, card and state of an ad holds it, and a copy of a struct this large retained and released
/// each of its references (the environment's and the request's), once per copy.
@MainActor
final class YandexRuntime {
    let environment: ProviderEnvironment
    let request: AdRequest
    let imageLoader: any YandexImageLoader

    init(environment: ProviderEnvironment, request: AdRequest, imageLoader: any YandexImageLoader) {
        self.environment = environment
        self.request = request
        self.imageLoader = imageLoader
    }

    var providerID: ProviderID { environment.providerID }

    /// Pings tracking URLs through the host's beacon sender, macros expanded (the host's time and cache-busting
    /// number, N5), only http(s) (``VASTURLPolicy``).
    func send(_ urls: [String], kind: Beacon.Kind) {
        let values = environment.stamps.next().macroValues
        for url in VASTMacroExpander.pings(for: urls, values: values) {
            environment.beacons.send(Beacon(kind: kind, url: url.absoluteString, providerID: providerID))
        }
    }

    /// Records an integration problem with its fix (rule Y17).
    func warn(_ message: String, fix: String) {
        environment.diagnostics.record(.warning, message, recommendation: fix)
    }

    /// Forgets the placement ledger's holds of these creatives (rule Y18).
    func release(_ creatives: [String]) {
        environment.holds.release(creatives: creatives)
    }
}
