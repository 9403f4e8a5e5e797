// The wrapper of a fragment that resolves a wrapper chain (Scripts/check-docs.sh): `transport`, `driver` (the
// scheduler), `tagURL` (the first document's URL), `macroValues`, and the host's `play(_:)` and `ping(_:)` are in
// scope.
import AdCore
import AdCreative
import AdEmbedded
import AdVAST
import Foundation

func play(_ ad: VASTAd) {}
func ping(_ url: URL) {}

@MainActor
func resolveExample(transport: any ResponseTransport, driver: VirtualTimeDriver, tagURL: URL,
    macroValues: VASTMacroValues) async
{
    // snippet
}
