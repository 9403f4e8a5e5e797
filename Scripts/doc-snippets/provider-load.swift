// The wrapper of a fragment of a provider's `load(_:environment:)` (Scripts/check-docs.sh): `request`,
// `environment` and `providerID` (the descriptor's ID) are in scope, it may throw an `AdError`, and it ends with a
// constant `inLine`, the ad the response holds.
import AdCore
import AdCreative
import AdVAST

@MainActor
func load(_ request: AdRequest, environment: ProviderEnvironment, providerID: ProviderID) async throws(AdError)
    -> VASTInLine
{
    // snippet
    return inLine
}
