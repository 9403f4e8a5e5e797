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
    /// The one geometry engine. Package access: the host's machinery, not its API.
    package let engine: VisibilityEngine
    /// The driver: time and timers.
    public let scheduler: any AdScheduler
    /// The providers this host can use.
    public let registry: ProviderRegistry
    /// Where responses come from. Package access: the host's machinery, not its API.
    package let transport: any ResponseTransport
    /// Where tracking pings go. Package access: the host's machinery, not its API.
    package let beacons: any BeaconSender
    /// Creatives held by each placement (rule Y18). Package access: the host's machinery, not its API (providers get their environment, the
    /// placement-scoped ``PlacementHolds`` instead of the ledger).
    package let ledger: PlacementLedger
    /// Integration diagnostics (rule Y17).
    public let diagnostics: AdDiagnostics
    /// Every impression timer. Package access: the host's machinery, not its API.
    package let trackers: ImpressionTrackerSet
    /// The wall-clock time and random numbers beacons carry (N5), for every provider. Package access: the host's machinery, not its API.
    package let stamps: BeaconStamps
    /// Opens landing pages when clicks count (N6). Without one, a click's landing does not open and the ad reports
    /// `.jumped(success: false)` with a diagnostic.
    public var landingOpener: (any LandingOpener)?
    /// Each provider's start and its state (H1-H3): ``startProviders(_:)`` starts them, loads wait for them.
    public let startup: ProviderStartup
    /// The user's privacy choices (H4): every ad made from now on carries them in its request, to its provider; an
    /// ad made earlier keeps the signals it was made with.
    public var privacy = PrivacySignals()
    /// Which build the app is (H10): test mode and known test ad units are refused in a release build.
    public let buildConfiguration: AdBuildConfiguration
    /// The providers in test mode (H9), for every placement or for one: their requests go to their test ad units
    /// and are marked test.
    public var testModeProviders: Set<ProviderID> { testModes.providers }
    // Exclusivity: the state marked `@exclusivity(unchecked)` below is changed only by the host's own methods,
    // through values whose mutations run no code but their own, never while calling out (a provider, a handler),
    // so no two accesses overlap; the run-time check that proves it on each access is off.
    /// Which requests go to which test unit (H9): per provider, for every placement or for one.
    @exclusivity(unchecked) private var testModes = TestModeTable()

    /// Who a registered view belongs to: an ad and one of its parts.
    struct ViewOwner: Hashable {
        let ad: AdID
        let part: AdPart
    }

    private var clickViewOwners: [HostNodeID: ViewOwner] = [:]
    private var viewOwners: [HostNodeID: ViewOwner] = [:]
    /// The full-screen ad shown in each window (`AdHost+Presentation.swift`).
    var presenters: [HostWindowID: Presenter] = [:]
    @exclusivity(unchecked) private var nextAdID: UInt64 = 0
    @exclusivity(unchecked) private var evaluationScheduled = false

    /// Creates a host.
    ///
    /// - Parameters:
    ///   - tree: the host's layout (a new empty tree by default).
    ///   - registry: the providers.
    ///   - scheduler: the driver (`VirtualTimeDriver` (AdEmbedded) in tests, `LiveDriver` in apps).
    ///   - transport: where providers fetch responses.
    ///   - beacons: where tracking pings go.
    ///   - ledger: the app-wide placement ledger.
    ///   - diagnostics: integration diagnostics.
    ///   - random: the generator of beacons' `[CACHEBUSTING]` (seed it from the system in an app, fixed in tests).
    ///   - wallClock: the Unix time at the driver's zero, for beacons' `[TIMESTAMP]`; without one it expands to -1.
    ///   - landingOpener: opens landing pages (settable later through ``landingOpener``).
    ///   - buildConfiguration: `.release` in a shipping build (test mode is refused there, H10), `.debug` otherwise.
    public init(
        tree: HostTree = HostTree(),
        registry: ProviderRegistry,
        scheduler: any AdScheduler,
        transport: any ResponseTransport,
        beacons: any BeaconSender,
        ledger: PlacementLedger = PlacementLedger(),
        diagnostics: AdDiagnostics = AdDiagnostics(),
        random: SeededRandom = SeededRandom(seed: 0),
        wallClock: AdWallClock? = nil,
        landingOpener: (any LandingOpener)? = nil,
        buildConfiguration: AdBuildConfiguration = .debug
    ) {
        self.buildConfiguration = buildConfiguration
        self.tree = tree
        self.engine = VisibilityEngine(tree: tree)
        self.scheduler = scheduler
        self.registry = registry
        self.transport = transport
        self.beacons = beacons
        self.ledger = ledger
        self.diagnostics = diagnostics
        self.trackers = ImpressionTrackerSet(engine: engine, scheduler: scheduler)
        self.stamps = BeaconStamps(random: random, wallClock: wallClock, scheduler: scheduler, diagnostics: diagnostics)
        self.landingOpener = landingOpener
        let stamps = self.stamps
        self.startup = ProviderStartup(
            registry: registry, scheduler: scheduler, diagnostics: diagnostics,
            environment: { id in
                ProviderEnvironment(
                    providerID: id, transport: transport, beacons: beacons, scheduler: scheduler, ledger: ledger,
                    diagnostics: diagnostics, stamps: stamps)
            })
        tree.onChange = { [weak self] in self?.treeChanged() }
        startup.hostEnvironment = { [weak self] id in self?.environment(for: id) }
    }

    /// Switches test mode on or off for one provider in every placement (H9): its requests then go to a test ad unit
    /// for their format and are marked test, and so are mediation's reports and revenue events for them. The test
    /// units are the ones the provider publishes (``ProviderDescriptor/testAdUnits``), or the ones passed here: a
    /// vendor that publishes none (IFLY) has the app create test placements in its dashboard, and a unit passed
    /// here replaces a published one for its format. A placement switched with
    /// ``setTestMode(_:for:placement:units:)`` keeps its own setting; switching off here forgets those too.
    ///
    /// ```swift
    /// try host.setTestMode(true, for: "yandex")   // sliders and native ads go to Yandex's demo units
    /// try host.setTestMode(true, for: "ifly", units: [.native: "my-ifly-test-placement"])
    /// ```
    ///
    /// - Throws: `testModeRefused` in a release build (H10; Y16: a demo unit must not ship) or for a provider that
    ///   has no test ad unit, published or passed (its hint is the call to make); `invalidRequest` for an unknown
    ///   provider, a blank unit, or a unit for a format the provider does not serve. A refused call changes
    ///   nothing.
    public func setTestMode(_ isOn: Bool, for id: ProviderID, units: [AdFormat: String] = [:]) throws(AdError) {
        try switchTestMode(isOn, for: id, placement: nil, units: units)
    }

    /// Switches test mode on or off for one placement of a provider (H9, H17): that placement's requests (those
    /// whose ``AdRequest/placementKey`` is `placement`: mediation's placement ID) go to test ad units, the
    /// provider's published ones or the ones passed here, which win over a provider-wide setting; switched off,
    /// the placement asks its own ad units even while the provider is in test mode elsewhere. Give each placement
    /// its own test placement from a dashboard (IFLY) and mediation fills each as it would in production.
    ///
    /// ```swift
    /// try host.setTestMode(true, for: "ifly", placement: "feed-top", units: [.native: "ifly-test-top"])
    /// try host.setTestMode(true, for: "ifly", placement: "feed-bottom", units: [.native: "ifly-test-bottom"])
    /// ```
    ///
    /// - Throws: as ``setTestMode(_:for:units:)``, and `invalidRequest` for a blank placement.
    public func setTestMode(
        _ isOn: Bool, for id: ProviderID, placement: String, units: [AdFormat: String] = [:]
    ) throws(AdError) {
        guard !placement.allSatisfy(\.isWhitespace) else {
            throw AdError(
                .invalidRequest, "The placement to switch test mode for is blank.", providerID: id,
                hint: "Pass the placement ID the requests carry (mediation's placement ID), or call "
                    + "setTestMode(_:for:units:) for every placement.")
        }
        try switchTestMode(isOn, for: id, placement: placement, units: units)
    }

    /// The test ad units a provider's requests go to in every placement while it is in test mode, by format (empty
    /// when it is not).
    public func testAdUnits(of id: ProviderID) -> [AdFormat: String] {
        testModes.units(of: id, placement: nil) ?? [:]
    }

    /// The test ad units a provider's requests from `placement` go to, by format: its own setting, else the
    /// provider's (empty when the placement's requests are live).
    public func testAdUnits(of id: ProviderID, placement: String) -> [AdFormat: String] {
        testModes.units(of: id, placement: placement) ?? [:]
    }

    /// Whether a request would be test traffic: its provider is in test mode for its placement (H9), or, in a debug
    /// build, its ad unit is one the provider's vendor publishes for tests (Y16; a release build refuses that unit,
    /// H10). Mediation marks its reports with it.
    ///
    /// ```swift
    /// let demo = AdRequest(adUnitID: "demo-native-slider-yandex", format: .nativeSlider)
    /// host.isTest(demo, provider: "yandex")  // true
    /// ```
    public func isTest(_ request: AdRequest, provider id: ProviderID) -> Bool {
        if testModes.units(of: id, placement: request.placementKey) != nil { return true }
        guard buildConfiguration != .release, let provider = try? registry.provider(for: id) else { return false }
        return provider.descriptor.isTestAdUnit(request.adUnitID)
    }

    private func switchTestMode(
        _ isOn: Bool, for id: ProviderID, placement: String?, units: [AdFormat: String]
    ) throws(AdError) {
        let provider = try registry.provider(for: id)
        guard isOn else {
            testModes.set(.off, for: id, placement: placement)
            return
        }
        let descriptor = provider.descriptor
        guard buildConfiguration != .release else {
            throw AdError(
                .testModeRefused, "Test mode for '\(id)' was asked for in a release build.", providerID: id,
                hint: "Test ads must not ship (Y16): switch test mode on only in debug builds "
                    + "(AdHost(buildConfiguration: .debug)).")
        }
        for (format, unit) in units.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            guard descriptor.supportedFormats.contains(format) else {
                throw AdError(
                    .invalidRequest,
                    "Provider '\(id)' does not serve \(format): its test unit '\(unit)' would never be used.",
                    providerID: id, hint: "Pass test units only for the formats the provider serves.")
            }
            guard !unit.allSatisfy(\.isWhitespace) else {
                throw AdError(
                    .invalidRequest, "The test unit for \(format) of '\(id)' is blank.", providerID: id,
                    hint: "Pass the test placement's ID as the provider's dashboard shows it.")
            }
        }
        let effective = descriptor.testAdUnits.merging(units) { _, passed in passed }
        let missing = descriptor.supportedFormats.filter { effective[$0] == nil }
        guard !effective.isEmpty else {
            throw AdError(
                .testModeRefused, "Provider '\(id)' publishes no test ad unit and none was passed.", providerID: id,
                hint: "Create a test placement in the \(descriptor.displayName) dashboard and pass it: "
                    + Self.testModeCall(id, placement: placement, formats: missing, vendor: descriptor.displayName)
                    + ".")
        }
        testModes.set(.on(effective), for: id, placement: placement)
        let scope = placement.map { "placement '\($0)'" } ?? "every placement"
        diagnostics.record(
            .info, "Test mode on for \(scope): requests go to the test ad units \(effective.values.sorted()).",
            providerID: id)
        if !missing.isEmpty {
            let names = missing.map(\.rawValue).sorted().joined(separator: ", ")
            diagnostics.record(
                .warning, "Test mode has no test ad unit for \(names): such requests are refused (testModeRefused).",
                providerID: id,
                recommendation: "Pass one: "
                    + Self.testModeCall(id, placement: placement, formats: missing, vendor: descriptor.displayName)
                    + ".")
        }
    }

    /// The call that passes test units for `formats`: `setTestMode(true, for: "ifly", units: [.native: "<...>"])`.
    static func testModeCall(
        _ id: ProviderID, placement: String?, formats: Set<AdFormat>, vendor: String
    ) -> String {
        let units = formats.map(\.rawValue).sorted().map { ".\($0): \"<test ad unit from the \(vendor) dashboard>\"" }
        let scope = placement.map { ", placement: \"\($0)\"" } ?? ""
        return "setTestMode(true, for: \"\(id)\"\(scope), units: [\(units.joined(separator: ", "))])"
    }

    /// Starts every registered provider in parallel, each with its configuration, and returns each one's state
    /// once every start ended (ready or failed, H1). Starting twice is harmless: providers starting or ready are
    /// left alone, failed ones start again.
    ///
    /// ```swift
    /// let states = await host.startProviders(["acme": ProviderConfiguration([.appID: "acme-app-42"])])
    /// ```
    @discardableResult
    public func startProviders(
        _ configurations: [ProviderID: ProviderConfiguration] = [:]
    ) async -> [ProviderID: ProviderStartState] {
        await startup.start(configurations)
    }

    /// What a provider gets to load with: the host's transport, beacon sender, scheduler, ledger and
    /// diagnostics under the provider's ID. Never the host itself.
    public func environment(for providerID: ProviderID) -> ProviderEnvironment {
        environment(for: providerID, privacy: privacy)
    }

    /// The environment a provider loads `request` with: the request's privacy signals, its placement's holds. A kit
    /// or test that calls a provider's `load` itself passes it the environment of that request.
    ///
    /// ```swift
    /// let request = AdRequest(adUnitID: "N-1", format: .native, placementID: "top")
    /// let ad = try await provider.load(request, environment: host.environment(for: "yandex", request: request))
    /// ```
    public func environment(for providerID: ProviderID, request: AdRequest) -> ProviderEnvironment {
        environment(
            for: providerID, privacy: request.privacy, placement: request.placementKey, isTest: request.isTest,
            scheduler: scheduler)
    }

    /// The environment of one request: its privacy signals filter the transport and fill the beacon macros (H6, H7);
    /// its ledger holds are scoped to `placement` (the request's ``AdRequest/placementKey``).
    public func environment(
        for providerID: ProviderID, privacy: PrivacySignals, placement: String = ""
    ) -> ProviderEnvironment {
        environment(for: providerID, privacy: privacy, placement: placement, isTest: false, scheduler: scheduler)
    }

    /// The environment of one request whose timers and tasks run in `scheduler` (a unified ad's ``AdTaskScope``); a
    /// test request's holds take no part in rule Y18 (H17). `globalVendorListID`: the provider's, when the caller
    /// read it already (a unified ad); otherwise it is read from the registry.
    func environment(
        for providerID: ProviderID, privacy: PrivacySignals, placement: String, isTest: Bool,
        scheduler: any AdScheduler, globalVendorListID: Int?? = nil
    ) -> ProviderEnvironment {
        ProviderEnvironment(
            providerID: providerID, transport: transport, beacons: beacons, scheduler: scheduler, ledger: ledger,
            placement: placement, isTest: isTest, diagnostics: diagnostics, stamps: stamps, privacy: privacy,
            globalVendorListID: globalVendorListID
                ?? (try? registry.provider(for: providerID))?.descriptor.globalVendorListID)
    }

    /// A provider context for driving a provider ad outside a ``UnifiedAd`` (conformance kits and tests): its
    /// geometry reads `nodes` (and their ancestors) only.
    public func makeProviderContext(
        adID: AdID, providerID: ProviderID, events: AdEventSink, nodes: Set<HostNodeID>, ad: UnifiedAd? = nil,
        privacy: PrivacySignals? = nil
    ) -> ProviderContext {
        makeProviderContext(
            adID: adID, providerID: providerID, events: events, gatheringNodes: { nodes }, ad: ad, privacy: privacy)
    }

    /// ``makeProviderContext(adID:providerID:events:nodes:ad:privacy:)`` whose own nodes `gather` returns the
    /// first time the provider reads geometry (a unified ad's contexts: most are never asked).
    func makeProviderContext(
        adID: AdID, providerID: ProviderID, events: AdEventSink, gatheringNodes gather: @escaping () -> Set<HostNodeID>,
        ad: UnifiedAd?, privacy: PrivacySignals? = nil
    ) -> ProviderContext {
        let providerDiagnostics = ProviderDiagnostics(log: diagnostics, providerID: providerID)
        return ProviderContext(
            adID: adID, providerID: providerID, events: events, scheduler: ad?.taskScope ?? scheduler, beacons: beacons,
            diagnostics: providerDiagnostics, geometry: HostGeometry(tree: tree, engine: engine, gatheringOwn: gather),
            parts: AdParts(ad), stamps: stamps.with(privacy: privacy ?? ad?.request.privacy ?? self.privacy),
            landings: AdLandings(host: self, events: events, diagnostics: providerDiagnostics))
    }

    /// Creates an ad object for a request, served by one provider.
    ///
    /// The request carries the host's ``privacy`` as it is now. In test mode for its placement it goes to the test
    /// unit for its format; a request for a unit the vendor publishes for tests is test traffic too (Y16), which a
    /// release build refuses (H10). Either way ``AdRequest/isTest`` says so.
    ///
    /// - Throws: `invalidRequest` for an unknown provider or a bad request; `unsupportedFormat` when the
    ///   provider cannot serve the format; `providerNotReady` when its start failed (H3); `excludedByPrivacy` when
    ///   the request is child-directed and the provider cannot honour it (H5), or when GDPR applies and the TC
    ///   string gives the provider's vendor no legal basis for basic ads (H15); `testModeRefused` when a release
    ///   build meets a known test ad unit, or test mode has no test unit for the format (H9, H10), each recorded
    ///   in diagnostics with the fix. A request that goes out without personalisation, and a consent string that
    ///   cannot be decoded, are recorded in diagnostics (H13, H14).
    public func makeAd(_ request: consuming AdRequest, provider id: ProviderID) throws(AdError) -> UnifiedAd {
        makeAd(try admit(consume request, provider: id))
    }

    /// The unified ad of a request the host admitted (``admit(_:provider:)``).
    package func makeAd(_ admitted: consuming AdmittedRequest) -> UnifiedAd {
        UnifiedAd(
            id: makeAdID(), request: admitted.request, provider: admitted.provider, descriptor: admitted.descriptor,
            host: self)
    }

    /// Everything ``makeAd(_:provider:)`` checks and records for a request, without making the ad: the provider,
    /// its descriptor (read once) and the request as it goes out (the host's privacy signals, test routing). For a
    /// caller that answers a line item's load without a unified ad (the simulator's fast tier): the same refusals,
    /// the same diagnostics.
    ///
    /// - Throws: as ``makeAd(_:provider:)``.
    package func admit(_ request: consuming AdRequest, provider id: ProviderID) throws(AdError) -> AdmittedRequest {
        let provider = try registry.provider(for: id)
        // Read once: a descriptor is a large value, and each read of an existential's property copies all of it.
        let descriptor = provider.descriptor
        try request.validate(providerID: id)
        guard descriptor.supportedFormats.contains(request.format) else {
            let formats = descriptor.supportedFormats.map(\.rawValue).sorted().joined(separator: ", ")
            throw AdError(
                .unsupportedFormat, "Provider '\(id)' cannot serve \(request.format) (it serves \(formats)).",
                providerID: id, hint: "Request a format the provider declares, or use another provider.")
        }
        if case .failed(let error) = startup.state(of: id) { throw ProviderStartup.notReady(id, because: error) }
        // Read once too: each read of the stored signals copies them (their strings and decoded consent retained).
        let privacy = privacy
        if let exclusion = descriptor.exclusion(for: privacy) {
            diagnostics.record(.info, exclusion.message, providerID: id)
            throw exclusion
        }
        recordConsent(privacy.consent(forVendor: descriptor.globalVendorListID), providerID: id)
        // Taken, not copied: a request is a large value (its privacy signals' strings and decoded consent).
        var request = consume request
        request.privacy = privacy
        try routeTest(&request, provider: descriptor)
        return AdmittedRequest(provider: provider, descriptor: descriptor, request: request)
    }

    /// A new ad identity in this host: every unified ad's, and every load answered without one.
    package func makeAdID() -> AdID {
        nextAdID += 1
        return AdID(rawValue: nextAdID)
    }

    /// Marks a request as test traffic and sends it to its test unit (H9), or refuses it (H10): a release build
    /// refuses a known test ad unit, test mode refuses a format without a test unit. A refusal is recorded in
    /// diagnostics with the fix, so a mediated line item's refusal is visible too.
    private func routeTest(_ request: inout AdRequest, provider descriptor: ProviderDescriptor) throws(AdError) {
        let id = descriptor.id
        let placement = request.placementKey
        if descriptor.isTestAdUnit(request.adUnitID) {
            guard buildConfiguration != .release else {
                throw refused(
                    "'\(request.adUnitID)' is a test ad unit of '\(id)' (placement '\(placement)'): a release build "
                        + "does not load test ads.", providerID: id,
                    hint: "Replace '\(request.adUnitID)' with your live ad unit from the \(descriptor.displayName) "
                        + "dashboard in the app's configuration; test ads belong in debug builds, through "
                        + "setTestMode (H10, Y16).")
            }
            request.isTest = true
        }
        guard let units = testModes.units(of: id, placement: placement) else { return }
        guard let unit = units[request.format] else {
            let scope = testModes.hasOwnSetting(id, placement: placement) ? placement : nil
            throw refused(
                "Provider '\(id)' is in test mode but has no test ad unit for \(request.format).", providerID: id,
                hint: "Pass one: "
                    + Self.testModeCall(id, placement: scope, formats: [request.format], vendor: descriptor.displayName)
                    + "; or switch test mode off for it.")
        }
        request.adUnitID = unit
        request.isTest = true
    }

    /// A `testModeRefused` error, recorded in diagnostics with its hint as the recommendation.
    private func refused(_ message: String, providerID: ProviderID, hint: String) -> AdError {
        diagnostics.record(.error, message, providerID: providerID, recommendation: hint)
        return AdError(.testModeRefused, message, providerID: providerID, hint: hint)
    }

    // MARK: Ad views (rules Y22, I17: one container shows one ad at a time)

    /// The ad shown in `container`, if any.
    public func ad(shownIn container: HostNodeID) -> AdID? { viewOwners[container]?.ad }

    /// The owner of `container` other than `owner` and the `releasing` ads, if any.
    func viewOwner(of container: HostNodeID, otherThan owner: ViewOwner, releasing: Set<AdID>) -> ViewOwner? {
        guard let current = viewOwners[container], current != owner, !releasing.contains(current.ad) else {
            return nil
        }
        return current
    }

    /// Records that `owner` shows in `container`.
    func claimView(_ container: HostNodeID, for owner: ViewOwner) { viewOwners[container] = owner }

    /// Records that `owner` no longer shows in `container`.
    func releaseView(_ container: HostNodeID, for owner: ViewOwner) {
        if let index = viewOwners.index(forKey: container), viewOwners.values[index] == owner {
            viewOwners.remove(at: index)
        }
    }

    /// A frame tick: samples the visibility of every tracked ad now.
    public func tick() {
        trackers.evaluate()
    }

    // MARK: Click-view ownership (rules C4, I14)

    /// The ad a click view is registered to.
    public func owner(ofClickView node: HostNodeID) -> AdID? { clickViewOwners[node]?.ad }

    /// The ad and part a click view is registered to.
    func clickViewOwner(of node: HostNodeID) -> ViewOwner? { clickViewOwners[node] }

    /// Registers click views to an ad's part (check them with ``checkClickViews(_:for:releasing:providerID:providerCode:)``
    /// first).
    func registerClickViews(_ nodes: [HostNodeID], to owner: ViewOwner) {
        for node in nodes { clickViewOwners[node] = owner }
    }

    /// Checks that click views could be registered to an ad's part, without registering them.
    ///
    /// - Parameters:
    ///   - releasing: ads whose views the caller releases before registering (an ad it is about to detach from
    ///     the container); a view one of them holds does not count as shared.
    ///   - providerCode: the provider's own code for invalid click views (IFLY: 71503), kept in the error and its
    ///     hint tag `[<code>/shared]` (rules C6, I14).
    /// - Throws: `invalidBinder` when one is registered to another ad or part.
    func checkClickViews(
        _ nodes: [HostNodeID], for owner: ViewOwner, releasing: Set<AdID>, providerID: ProviderID?,
        providerCode: Int?
    ) throws(AdError) {
        for node in nodes {
            if let current = clickViewOwners[node], current != owner, !releasing.contains(current.ad) {
                let tag = providerCode.map { "[\($0)/shared]" } ?? "[shared]"
                let holder = current.ad == owner.ad ? "\(current.part) of this ad" : "\(current.ad)"
                throw AdError(
                    .invalidBinder, "Click view \(node) is already registered to \(holder).", providerID: providerID,
                    providerCode: providerCode,
                    hint: "\(tag) Give each ad (and each card) its own click views; detach the other one first.")
            }
        }
    }

    /// Releases the click views of an ad's part (those still registered to it), in O(1) per view.
    func unregisterClickViews(_ nodes: [HostNodeID], of owner: ViewOwner) {
        for node in nodes {
            // One hash per view: found, compared and removed at its index.
            if let index = clickViewOwners.index(forKey: node), clickViewOwners.values[index] == owner {
                clickViewOwners.remove(at: index)
            }
        }
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
