// The wrapper of a fragment that mediates on a host (Scripts/check-docs.sh): `registry`, `transport`, `beacons`,
// `configuration` (a validated-to-be `MediationConfiguration`) and `contextProvider` (the host context a full-screen
// ad presents from) are in scope; it runs on the main actor and may throw.
import AdCore
import AdEmbedded
import AdMediation

@MainActor
func mediate(registry: ProviderRegistry, transport: any ResponseTransport, beacons: any BeaconSender,
    configuration: MediationConfiguration, contextProvider: HostContextProvider) throws
{
    // snippet
}
