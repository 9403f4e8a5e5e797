// The wrapper of a fragment of a host's start-up (Scripts/check-docs.sh): `driver` (the scheduler), `transport` and
// `beacons` are in scope; it runs on the main actor, is async and may throw.
import AdCore
import AdEmbedded
import ExampleProvider
import GoogleProvider
import IFLYProvider
import YandexProvider

@MainActor
func startUp(driver: VirtualTimeDriver, transport: any ResponseTransport, beacons: any BeaconSender) async throws {
    // snippet
    _ = states
}
