// The wrapper of a fragment of an app's start-up with the live drivers (Scripts/check-docs.sh): `registry` and
// `transport` are in scope; it runs on the main actor and is async.
import AdCore
import AdRuntime
import Foundation

@MainActor
func startUp(registry: ProviderRegistry, transport: any ResponseTransport) async {
    // snippet
    _ = host
}
