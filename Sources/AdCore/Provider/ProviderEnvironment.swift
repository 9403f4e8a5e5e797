/// What a provider may use to load: the transport, the beacon sender, the scheduler (time, timers, async work),
/// its placement's holds in the placement ledger and diagnostics. Nothing else: no host, no network, clock or
/// global of its own, and no other placement's holds.
///
/// A provider fetches with AdVAST's `environment.loadVAST(_:)`, the one recommended call: it fetches through the
/// host's ``transport``, races the request's timeout on the ``scheduler`` and parses. A response that is not VAST
/// is the one exception: ``fetch(_:)``, the same transport and race without the parse.
///
/// ```swift
/// let load = try await environment.loadVAST(request)  // AdVAST: fetch, timeout raced, parse
/// let loadedAt = environment.scheduler.now
/// environment.holds.hold(creative: "cr-1")   // in the request's placement only
/// ```
@MainActor
public struct ProviderEnvironment {
    /// The provider loading.
    public let providerID: ProviderID
    /// The host's transport, which `loadVAST(_:)` (AdVAST) and ``fetch(_:)`` fetch through, racing each request's
    /// timeout: a provider calls those, not this directly. When ``consent`` is not `personalised`, a
    /// ``PrivacyFilteringTransport``: no personalising parameter leaves the app, whatever the provider puts in a
    /// request (H6, H14).
    public let transport: any ResponseTransport
    /// Sends tracking pings.
    public let beacons: any BeaconSender
    /// The current time, timers and async work.
    public let scheduler: any AdScheduler
    /// The request's placement's holds in the app-wide ledger (rule Y18): hold the creatives a loaded ad shows,
    /// release them on destroy, skip the ones another placement holds. Scoped to ``AdRequest/placementKey``; in
    /// a provider's `start`, which loads nothing, it is scoped to no placement a request uses (`""`). A test
    /// request's holds take no part in the rule (H17).
    public let holds: PlacementHolds
    /// Integration diagnostics, under the provider's ID (rule Y17).
    public let diagnostics: ProviderDiagnostics
    /// The wall-clock time and random numbers for beacons (N5), such as a failed load's error pings.
    public let stamps: BeaconStamps
    /// The privacy signals of the request being loaded (H4); ``stamps`` expand the privacy macros from them.
    public let privacy: PrivacySignals
    /// How this provider's request may go out under ``privacy`` (H14): personalised or not.
    public let consent: ConsentDecision

    /// Creates an environment (hosts and test kits do; providers receive one). Without `stamps`, beacons get
    /// cache-busters from a generator seeded with 0 and no timestamp; `isTest` marks a test request's (its holds
    /// take no part in rule Y18, H17). `globalVendorListID` is the provider's IAB Global Vendor List ID
    /// (``ProviderDescriptor/globalVendorListID``), which ``consent`` is decided for.
    public init(
        providerID: ProviderID,
        transport: any ResponseTransport,
        beacons: any BeaconSender,
        scheduler: any AdScheduler,
        ledger: PlacementLedger,
        placement: String = "",
        isTest: Bool = false,
        diagnostics: AdDiagnostics,
        stamps: BeaconStamps? = nil,
        privacy: PrivacySignals = PrivacySignals(),
        globalVendorListID: Int? = nil
    ) {
        self.providerID = providerID
        self.privacy = privacy
        consent = privacy.consent(forVendor: globalVendorListID)
        self.transport =
            consent.allowsPersonalisation ? transport : PrivacyFilteringTransport(base: transport, privacy: privacy)
        self.beacons = beacons
        self.scheduler = scheduler
        self.holds = PlacementHolds(placement: placement, ledger: ledger, isTest: isTest)
        self.diagnostics = ProviderDiagnostics(log: diagnostics, providerID: providerID)
        self.stamps =
            (stamps
            ?? BeaconStamps(
                random: SeededRandom(seed: 0), wallClock: nil, scheduler: scheduler, diagnostics: diagnostics))
            .with(privacy: privacy)
    }

    /// Fetches through the transport, racing ``TransportRequest/timeout`` on the scheduler (``TransportDeadline``),
    /// without parsing: the exception, for a response that is not VAST (an image, JSON). A VAST response is
    /// fetched with AdVAST's `environment.loadVAST(_:)`, the one recommended call, which fetches through this.
    ///
    /// - Throws: the transport's errors; `timeout` when the request's timeout passes first; `cancelled`.
    public func fetch(_ request: TransportRequest) async throws(AdError) -> TransportResponse {
        try await TransportDeadline.fetch(request, from: transport, on: scheduler)
    }

    /// Fetches through the transport as ``fetch(_:)`` does (the same timeout race, the same errors), and calls
    /// `completion` once, on the main actor, with the response or the error: the form a `ScheduledAdProvider`'s
    /// callback load uses. When the host's transport answers through a callback (``ScheduledResponseTransport``,
    /// the simulated ad server) the fetch costs a timer and no task; any other transport is fetched in a task on
    /// ``scheduler``. Exactly at the deadline the timeout wins, as in ``fetch(_:)``.
    ///
    /// ```swift
    /// environment.fetch(TransportRequest(providerID: "acme", adUnitID: "unit-1", timeout: .seconds(5))) { result in
    ///     completion(result.map { MyAd(body: $0.body, loadedAt: environment.scheduler.now) })
    /// }
    /// ```
    package func fetch(
        _ request: TransportRequest, completion: @escaping @MainActor (Result<TransportResponse, AdError>) -> Void
    ) {
        TransportDeadline.fetch(request, from: transport, on: scheduler, completion: completion)
    }
}
