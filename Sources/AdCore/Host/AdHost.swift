/// The headless host view model: one per app (or per test), on the main actor. It owns the host tree, the
/// geometry engine, the impression trackers and click-view ownership, and hands providers their environment.
///
/// The host calls ``tick()`` once per frame (a UIKit bridge from `CADisplayLink`); tree changes are evaluated
/// as soon as the driver runs due work, so impressions also count on a still screen.
///
/// ```swift
/// let driver = VirtualTimeDriver(seed: 1)
/// let host = AdHost(registry: try ProviderRegistry([ExampleProvider()]), scheduler: driver,
///                   transport: transport, beacons: RecordingBeaconSender())
/// let ad = try host.makeAd(AdRequest(adUnitID: "unit-1", format: .native), provider: "example")
/// await ad.load().value
/// try ad.bind(AdBinding(container: card, assets: [.title: title], clickViews: [cta]))
/// driver.advance(by: .seconds(1))   // impression after 1 s at 50 %
/// ```
@MainActor
public final class AdHost {
    /// The host's layout.
    public let tree: HostTree
    /// The one geometry engine.
    public let engine: VisibilityEngine
    /// The driver: time and timers.
    public let scheduler: any AdScheduler
    /// The providers this host can use.
    public let registry: ProviderRegistry
    /// Where responses come from.
    public let transport: any ResponseTransport
    /// Where tracking pings go.
    public let beacons: any BeaconSender
    /// Creatives held by each placement (rule Y18).
    public let ledger: PlacementLedger
    /// Integration diagnostics (rule Y17).
    public let diagnostics: AdDiagnostics
    /// Every impression timer.
    public let trackers: ImpressionTrackerSet

    private var clickViewOwners: [HostNodeID: AdID] = [:]
    private var presenters: [HostWindowID: AdID] = [:]
    private var viewOwners: [HostNodeID: WeakOwner] = [:]

    /// An ad object showing in a view, held weakly: an ad released without detaching frees its view.
    private struct WeakOwner {
        weak var object: AnyObject?
    }
    private var nextAdID: UInt64 = 0
    private var evaluationScheduled = false

    /// Creates a host.
    ///
    /// - Parameters:
    ///   - tree: the host's layout (a new empty tree by default).
    ///   - registry: the providers.
    ///   - scheduler: the driver (``VirtualTimeDriver`` in tests, `LiveDriver` in apps).
    ///   - transport: where providers fetch responses.
    ///   - beacons: where tracking pings go.
    ///   - ledger: the app-wide placement ledger.
    ///   - diagnostics: integration diagnostics.
    public init(
        tree: HostTree = HostTree(),
        registry: ProviderRegistry,
        scheduler: any AdScheduler,
        transport: any ResponseTransport,
        beacons: any BeaconSender,
        ledger: PlacementLedger = PlacementLedger(),
        diagnostics: AdDiagnostics = AdDiagnostics()
    ) {
        self.tree = tree
        self.engine = VisibilityEngine(tree: tree)
        self.scheduler = scheduler
        self.registry = registry
        self.transport = transport
        self.beacons = beacons
        self.ledger = ledger
        self.diagnostics = diagnostics
        self.trackers = ImpressionTrackerSet(engine: engine, scheduler: scheduler)
        tree.onChange = { [weak self] in self?.treeChanged() }
    }

    /// What providers get to load with.
    public var environment: ProviderEnvironment {
        ProviderEnvironment(
            transport: transport, beacons: beacons, scheduler: scheduler, ledger: ledger, diagnostics: diagnostics,
            host: self)
    }

    /// Creates an ad object for a request, served by one provider.
    ///
    /// - Throws: `invalidRequest` for an unknown provider or a bad request; `unsupportedFormat` when the
    ///   provider cannot serve the format.
    public func makeAd(_ request: AdRequest, provider id: ProviderID) throws(AdError) -> UnifiedAd {
        let provider = try registry.provider(for: id)
        try request.validate(providerID: id)
        guard provider.descriptor.supportedFormats.contains(request.format) else {
            let formats = provider.descriptor.supportedFormats.map(\.rawValue).sorted().joined(separator: ", ")
            throw AdError(
                .unsupportedFormat, "Provider '\(id)' cannot serve \(request.format) (it serves \(formats)).",
                providerID: id, hint: "Request a format the provider declares, or use another provider.")
        }
        nextAdID += 1
        return UnifiedAd(id: AdID(rawValue: nextAdID), request: request, provider: provider, host: self)
    }

    // MARK: Ad views (rule Y22: one ad is shown in one view at a time)

    /// Whether `container` shows an ad object other than `owner` (one that is still alive).
    public func isAdView(_ container: HostNodeID, takenByAnotherThan owner: AnyObject) -> Bool {
        guard let current = viewOwners[container]?.object else { return false }
        return current !== owner
    }

    /// Records that `owner` shows in `container` (check ``isAdView(_:takenByAnotherThan:)`` first).
    public func claimAdView(_ container: HostNodeID, for owner: AnyObject) {
        viewOwners[container] = WeakOwner(object: owner)
    }

    /// Records that `owner` no longer shows in `container`.
    public func releaseAdView(_ container: HostNodeID, for owner: AnyObject) {
        if let current = viewOwners[container], current.object == nil || current.object === owner {
            viewOwners[container] = nil
        }
    }

    // MARK: Full-screen presentations (rule G2)

    /// The ad shown full-screen in `window`, if any: one presentation per window at a time, as a root presenter
    /// that is already presenting cannot present again.
    public func presentedAd(in window: HostWindowID) -> AdID? { presenters[window] }

    /// Throws `presenterBusy` when `window` shows a full-screen ad other than `ad` (rule G2); the one check both
    /// ``UnifiedAd/present(from:)`` and a provider's "can present" ask.
    public func checkPresenterFree(_ window: HostWindowID, for ad: AdID, providerID: ProviderID?) throws(AdError) {
        guard let shown = presenters[window], shown != ad else { return }
        throw AdError(
            .presenterBusy, "The window \(window) already shows another full-screen ad (\(shown)).",
            providerID: providerID,
            hint: "Present after the ad on screen is dismissed; a window shows one full-screen ad (G2).")
    }

    /// Records that `ad` is shown full-screen in `window` (called by ``UnifiedAd/present(from:)``).
    func beginPresentation(of ad: AdID, in window: HostWindowID) { presenters[window] = ad }

    /// Records that `ad` is no longer shown full-screen anywhere (dismissed or destroyed).
    func endPresentation(of ad: AdID) {
        for (window, presented) in presenters where presented == ad { presenters[window] = nil }
    }

    /// A frame tick: samples the visibility of every tracked ad now.
    public func tick() {
        trackers.evaluate()
    }

    // MARK: Click-view ownership (rules C4, I14)

    /// The ad a click view is registered to.
    public func owner(ofClickView node: HostNodeID) -> AdID? { clickViewOwners[node] }

    /// Registers click views to an ad.
    ///
    /// - Parameter providerCode: the provider's own code for invalid click views (IFLY: 71503), kept in the error
    ///   and its hint tag `[<code>/shared]` (rules C6, I14).
    /// - Throws: `invalidBinder` when one is registered to another ad; nothing is registered then.
    public func registerClickViews(
        _ nodes: [HostNodeID], to ad: AdID, providerID: ProviderID?, providerCode: Int? = nil
    ) throws(AdError) {
        try checkClickViews(nodes, for: ad, providerID: providerID, providerCode: providerCode)
        for node in nodes { clickViewOwners[node] = ad }
    }

    /// Checks that click views could be registered to an ad, without registering them.
    ///
    /// - Parameters:
    ///   - releasing: ads whose click views the caller releases before registering (an ad it is about to detach
    ///     from the container); a view one of them holds does not count as shared.
    ///   - providerCode: the provider's own code for invalid click views (IFLY: 71503), as in
    ///     ``registerClickViews(_:to:providerID:providerCode:)``.
    /// - Throws: `invalidBinder` when one is registered to another ad.
    public func checkClickViews(
        _ nodes: [HostNodeID], for ad: AdID, releasing: Set<AdID> = [], providerID: ProviderID?,
        providerCode: Int? = nil
    ) throws(AdError) {
        for node in nodes {
            if let owner = clickViewOwners[node], owner != ad, !releasing.contains(owner) {
                let tag = providerCode.map { "[\($0)/shared]" } ?? "[shared]"
                throw AdError(
                    .invalidBinder, "Click view \(node) is already registered to \(owner).", providerID: providerID,
                    providerCode: providerCode,
                    hint: "\(tag) Give each ad its own click views; detach the other ad from its container first.")
            }
        }
    }

    /// Releases every click view of an ad.
    public func unregisterClickViews(of ad: AdID) {
        clickViewOwners = clickViewOwners.filter { $0.value != ad }
    }

    private func treeChanged() {
        guard !evaluationScheduled else { return }
        evaluationScheduled = true
        scheduler.schedule(at: scheduler.now) { [weak self] in
            guard let self else { return }
            self.evaluationScheduled = false
            self.trackers.evaluate()
        }
    }
}
