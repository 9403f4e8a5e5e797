// The wrapper of a fragment that loads a simulation scenario (Scripts/check-docs.sh): `registry` (the providers to
// simulate) is in scope; it may throw.
import AdCore
import AdSimulator

func loadScenario(registry: ProviderRegistry) throws {
    // snippet
}
