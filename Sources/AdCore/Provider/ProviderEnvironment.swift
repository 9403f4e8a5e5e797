/// What a provider may use to load: the transport, the beacon sender, the scheduler, the placement ledger and
/// diagnostics. Nothing else: no network, clock or global of its own.
///
/// ```swift
/// let response = try await environment.transport.fetch(request)
/// let loadedAt = environment.scheduler.now
/// ```
@MainActor
public struct ProviderEnvironment {
    /// Fetches ad responses.
    public let transport: any ResponseTransport
    /// Sends tracking pings.
    public let beacons: any BeaconSender
    /// The current time and timers.
    public let scheduler: any AdScheduler
    /// Creatives held by other placements (rule Y18).
    public let ledger: PlacementLedger
    /// Integration diagnostics (rule Y17).
    public let diagnostics: AdDiagnostics
    /// The host model, for providers that track their own components (slider cards).
    public let host: AdHost

    /// Creates an environment.
    public init(
        transport: any ResponseTransport,
        beacons: any BeaconSender,
        scheduler: any AdScheduler,
        ledger: PlacementLedger,
        diagnostics: AdDiagnostics,
        host: AdHost
    ) {
        self.transport = transport
        self.beacons = beacons
        self.scheduler = scheduler
        self.ledger = ledger
        self.diagnostics = diagnostics
        self.host = host
    }
}
