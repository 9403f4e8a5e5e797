@_spi(AdBridgeInternal) public import AdCore

/// The `@MainActor` driver of mediation: one ``MediationStateMachine`` per placement, performed against an
/// `AdHost` (ads loaded with `host.makeAd(...).load()`, or in the simulator's fast tier answered by a package
/// `LineItemAnswering`) and its scheduler (timeouts, auction deadlines, retries, expiry). Time and randomness come
/// from the host's scheduler and an injected seeded generator.
///
/// Provider callbacks are never acted on inside the callback: they are queued and handled on the scheduler's next
/// turn, so no load, and no retry, ever starts from inside a failure callback (rules Y12, I23). Nor is a machine fed
/// an input while the actions of an earlier one are being performed: an input that arrives then (an event handler
/// calling ``load(_:)``) runs once they all are.
///
/// ```swift
/// let mediator = try Mediator(configuration: configuration, host: host, random: SeededRandom(seed: 7))
/// mediator.onEvent { print($0) }
/// try mediator.load("level-end")
/// // ... later, when mediator.isReady("level-end"):
/// let mediated = try mediator.takeAd(for: "level-end")
/// try mediated.ad.present(from: context)   // its impression sends a .revenue event
/// ```
@MainActor
public final class Mediator {
    /// A placement's timer; the placement is its index in ``placementIDs``, as in every key below.
    private struct TimerKey {
        let placement: Int
        let timer: MediationTimer
    }

    /// A placement's line item's load.
    private struct LoadKey: Hashable {
        let placement: Int
        let index: Int
    }

    /// A line item's load in flight, or a placement's ready ad: a unified ad, or a load ``answering`` answered.
    @MainActor
    private enum Load {
        case ad(UnifiedAd)
        case answered(AnsweredLoad)

        var id: AdID {
            switch self {
            case .ad(let ad): ad.id
            case .answered(let load): load.id
            }
        }

        var request: AdRequest {
            switch self {
            case .ad(let ad): ad.request
            case .answered(let load): load.admitted.request
            }
        }

        /// Whether its request is test traffic, read in place (``request`` returns a copy of the whole request).
        var isTest: Bool {
            switch self {
            case .ad(let ad): ad.request.isTest
            case .answered(let load): load.admitted.request.isTest
            }
        }

        var ad: UnifiedAd? {
            guard case .ad(let ad) = self else { return nil }
            return ad
        }
    }

    /// A load's end, from its unified ad's events or its answer.
    private enum Input {
        case loaded(AdID, LoadedAdInfo)
        case failed(AdID, AdError)
    }

    /// An input to a placement's machine, run at the driver's current time: a value, not a closure, so waiting
    /// in ``deferred`` allocates nothing.
    private enum MachineInput {
        case startRequest(MediationContext)
        /// The actions an input returned already (``take(for:)`` runs its machine at once).
        case actions([MediationStateMachine.Action])
        case itemLoaded(Int, LineItemFill)
        case itemFailed(Int, AdError)
        case timerFired(MediationTimer, MediationContext)

        /// Runs the input on `machine` at `now`, its actions appended to `actions`. Consuming: its payload (a fill's
        /// info, an error) moves into the machine instead of being copied.
        consuming func apply(
            to machine: inout MediationStateMachine, at now: AdInstant,
            into actions: inout [MediationStateMachine.Action]
        ) {
            switch consume self {
            case .startRequest(let context): machine.startRequest(at: now, context: context, into: &actions)
            case .actions(let returned): actions.append(contentsOf: returned)
            case .itemLoaded(let index, let fill): machine.itemLoaded(index, fill: fill, at: now, into: &actions)
            case .itemFailed(let index, let error): machine.itemFailed(index, error: error, at: now, into: &actions)
            case .timerFired(let timer, let context):
                machine.timerFired(timer, at: now, context: context, into: &actions)
            }
        }
    }

    /// The configuration (validated).
    public let configuration: MediationConfiguration
    /// The host ads are loaded in.
    public let host: AdHost
    /// Answers line items' loads without a unified ad (the simulator's fast tier); `nil` (the default): every load
    /// goes through a unified ad.
    package var answering: (any LineItemAnswering)?

    // Exclusivity. The state below is private and changed only by this file's methods, through standard
    // collections and value types (the machines, the impression history, the generator) whose mutations run no code
    // but their own. Every call out of the mediator (a provider's load, the host, a timer, an event handler) is
    // made after the access that read the state has ended, and one that calls back in starts accesses of its own.
    // No two accesses can overlap, which is what the run-time check proves on each access; it is switched off
    // (`@exclusivity(unchecked)`: a third of a fast-tier request's checks), the compiler's static check is not.
    /// The configured placements' IDs, in the configuration's order. A placement is its index here everywhere in
    /// the mediator: the public API looks an ID up once (by comparing it with each: an app has a few placements, and
    /// a comparison costs less than a hash), and the per-placement state below is kept in arrays by that index, so
    /// that no step hashes a placement's name.
    private let placementIDs: [String]
    /// Each placement's machine, by placement index.
    @exclusivity(unchecked) private var machines: [MediationStateMachine] = []
    @exclusivity(unchecked) private var appHistory: ImpressionHistory
    @exclusivity(unchecked) private var random: SeededRandom
    /// Each placement's armed timers, by placement index: a few at a time (a request's deadline, its items'
    /// timeouts, a retry or an expiry), found by comparing, which costs less than hashing a timer.
    @exclusivity(unchecked) private var timers: [[(timer: MediationTimer, id: ScheduledActionID)]]
    /// The loads in flight, by placement index, then by line item index (arrays: no step hashes an index).
    @exclusivity(unchecked) private var loading: [[Load?]]
    /// The line item each load in flight belongs to, by the load's ad ID. This and the ad-ID tables below hold a
    /// few entries at a time (the loads in flight, the ads shown, the fills waiting), looked up on every step of a
    /// load: found by comparing IDs, which costs less than hashing them.
    @exclusivity(unchecked) private var loadOwners = SmallTable<AdID, LoadKey>(minimumCapacity: 8)
    /// Each placement's ready ad, by placement index.
    @exclusivity(unchecked) private var ready: [Load?]
    @exclusivity(unchecked) private var shown = SmallTable<AdID, MediationDelivery>(minimumCapacity: 4)
    /// The creatives a loading ad holds in the ledger since its fill arrived (Y18: a fill waiting in an auction or
    /// behind a slower tier already excludes its creatives from the other placements).
    @exclusivity(unchecked) private var fillHolds = SmallTable<AdID, [String]>(minimumCapacity: 8)
    /// Shown ads already counted against caps and pacing (once per ad, whichever part counted first).
    @exclusivity(unchecked) private var shownCounted: Set<AdID> = []
    /// The loads' ends waiting for the next drain, each taken out (`nil` left) as it is drained: moved, not copied.
    @exclusivity(unchecked) private var inputs: [Input?] = []
    /// The buffer of the batch drained last, emptied and kept for the next one.
    @exclusivity(unchecked) private var spareInputs: [Input?] = []
    @exclusivity(unchecked) private var drainScheduled = false
    /// The turn that drains ``inputs``, made once: scheduling it allocates no closure.
    private lazy var drainTurn: @MainActor () -> Void = { [weak self] in self?.drain() }
    /// This mediator, weakly, for the actions of its timers (one allocation fewer each than capturing it weakly).
    private lazy var reference = WeakMediator(self)
    private var handlers: [@MainActor (MediationEvent) -> Void] = []
    @exclusivity(unchecked) private var lastReports: [MediationReport?]
    /// The consent decision of each line item asked in each placement's current request, by line item index
    /// (H14); empty before the request asks its first.
    @exclusivity(unchecked) private var consents: [[ConsentDecision?]]
    /// Whether an input is running or its actions are being performed; inputs that arrive meanwhile wait in
    /// `deferred`, in order.
    @exclusivity(unchecked) private var isRunning = false
    /// Each is taken out (`nil` left) as it runs: moved, not copied.
    @exclusivity(unchecked) private var deferred: [(placement: Int, input: MachineInput)?] = []
    /// The buffer the next input's actions are appended to, kept between inputs so that one is not allocated for
    /// each (inputs never nest: one arriving while actions are performed waits in ``deferred``).
    @exclusivity(unchecked) private var spareActions: [MediationStateMachine.Action] = []
    /// Per placement: whether a line item is on a vendor's published test unit (``hasPublishedTestUnits(_:)``).
    @exclusivity(unchecked) private var publishedTestUnits: [Bool?]

    /// Creates a mediator after validating the configuration against the host's registered providers.
    ///
    /// - Throws: ``MediationConfigurationError`` listing every problem.
    public convenience init(
        configuration: MediationConfiguration, host: AdHost, random: SeededRandom = SeededRandom(seed: 0)
    ) throws(MediationConfigurationError) {
        try configuration.validate(providers: host.registry.descriptors)
        self.init(validated: configuration, host: host, random: random)
    }

    /// A configuration's placements made ready for mediators once: their IDs in the configuration's order, each
    /// one's index, and each one's machine as a new mediator starts it (its plan: orders, floors, timeouts). Every
    /// mediator made from one starts from a copy, so none sees another's state; the simulator makes one per
    /// strategy for all its users.
    ///
    /// ```swift
    /// let setup = Mediator.Setup(validated: configuration)
    /// let mediator = Mediator(setup: setup, host: host, random: SeededRandom(seed: 7))
    /// ```
    package struct Setup: Sendable {
        /// The configuration (validated).
        let configuration: MediationConfiguration
        /// The placements' IDs, in the configuration's order.
        let placementIDs: [String]
        /// Each placement's machine before its first input, by placement index.
        let machines: [MediationStateMachine]

        /// Sets up a configuration its caller validated against the providers' descriptors.
        package init(validated configuration: MediationConfiguration) {
            var ids: [String] = []
            var indices: [String: Int] = [:]
            var machines: [MediationStateMachine] = []
            for placement in configuration.placements {
                let machine = MediationStateMachine(
                    placement: placement, currency: configuration.currency,
                    timeToLive: { configuration.timeToLive(provider: $0, format: $1) })
                // A validated configuration has no placement twice; were one given twice, the later one counts.
                if let index = indices[placement.id] {
                    machines[index] = machine
                } else {
                    indices[placement.id] = ids.count
                    ids.append(placement.id)
                    machines.append(machine)
                }
            }
            self.configuration = configuration
            placementIDs = ids
            self.machines = machines
        }
    }

    /// Creates a mediator on a configuration its caller validated against the host's providers' descriptors
    /// already (the simulator validates each strategy's configuration once, not once per simulated user).
    package convenience init(validated configuration: MediationConfiguration, host: AdHost, random: SeededRandom) {
        self.init(setup: Setup(validated: configuration), host: host, random: random)
    }

    /// Creates a mediator from a configuration set up once for many (``Setup``).
    package init(setup: Setup, host: AdHost, random: SeededRandom) {
        configuration = setup.configuration
        self.host = host
        self.random = random
        appHistory = ImpressionHistory(caps: setup.configuration.appCaps, pacing: .zero)
        placementIDs = setup.placementIDs
        machines = setup.machines
        let count = setup.placementIDs.count
        loading = Array(repeating: [], count: count)
        timers = Array(repeating: [], count: count)
        ready = Array(repeating: nil, count: count)
        lastReports = Array(repeating: nil, count: count)
        consents = Array(repeating: [], count: count)
        publishedTestUnits = Array(repeating: nil, count: count)
    }

    /// Adds an event handler; handlers run on the main actor, in order.
    public func onEvent(_ handler: @escaping @MainActor (MediationEvent) -> Void) { handlers.append(handler) }

    /// Starts a request for a placement (preloading its ad). Does nothing while one runs or an ad is ready.
    ///
    /// - Throws: `invalidRequest` for an unknown placement.
    public func load(_ placementID: String) throws(AdError) {
        let placement = try placementIndex(placementID)
        let context = context()
        run(placement, .startRequest(context))
    }

    /// Whether a placement has an unexpired ad ready.
    public func isReady(_ placementID: String) -> Bool {
        guard let placement = placementIDs.firstIndex(of: placementID), let delivery = machines[placement].readyAd
        else {
            return false
        }
        return delivery.expiresAt.map { host.scheduler.now < $0 } ?? true
    }

    /// Takes a placement's ready ad to show it.
    ///
    /// - Throws: `invalidRequest` for an unknown placement; `notReady` when no ad is ready; `expired` when it
    ///   outlived its time-to-live (it is destroyed, rule G10); `capped`/`paced` when caps or pacing block an
    ///   impression now (the ad stays ready).
    public func takeAd(for placementID: String) throws(AdError) -> MediatedAd {
        // An ad answered without a unified ad (the simulator's fast tier) is refused before anything is taken.
        if let placement = placementIDs.firstIndex(of: placementID), case .answered? = ready[placement] {
            throw AdError(
                .internal, "Placement '\(placementID)' has an ad answered without a unified ad.",
                hint: "Take ads answered by a LineItemAnswering with take(for:).")
        }
        let choice = try take(for: placementID)
        guard let ad = choice.ad else {
            release(choice)
            throw AdError(
                .internal, "Placement '\(placementID)' had an ad answered without a unified ad.",
                hint: "Report this as an AdMediation bug.")
        }
        return MediatedAd(
            ad: ad, placementID: placementID, lineItemID: choice.lineItemID, price: choice.price, report: choice.report)
    }

    /// Takes a placement's ready ad as ``takeAd(for:)`` does, whether or not it has a unified ad (a load that
    /// ``answering`` answered has none).
    ///
    /// - Throws: as ``takeAd(for:)``.
    package func take(for placementID: String) throws(AdError) -> MediatedChoice {
        let placement = try placementIndex(placementID)
        let now = host.scheduler.now
        let context = context()
        // The one input that must answer at once. Called from an event handler, while earlier actions are being
        // performed, its own actions are performed after them, in the order the machine returned them all.
        let take = machines[placement].take(at: now, context: context)
        run(placement, .actions(take.actions))
        let delivery = try take.result.get()
        guard let load = ready[placement].take() else {
            throw AdError(
                .internal, "Placement '\(placementID)' had a ready ad in mediation but none in the driver.",
                hint: "Report this as an AdMediation bug.")
        }
        shown.set(load.id, to: delivery)
        return MediatedChoice(
            id: load.id, ad: load.ad, request: load.request, placementID: placementID,
            lineItemID: delivery.lineItemID, providerID: delivery.providerID, price: delivery.price,
            report: marked(delivery.report, placement: placement))
    }

    /// Destroys a mediated ad the app is done with and releases its creatives in the placement ledger.
    public func release(_ mediated: MediatedAd) {
        releaseShown(mediated.ad.id, request: mediated.ad.request, in: mediated.placementID)
        mediated.ad.destroy()
    }

    /// Releases a taken ad as ``release(_:)-(MediatedAd)`` does, destroying its unified ad if it has one.
    package func release(_ choice: MediatedChoice) {
        releaseShown(choice.id, request: choice.request, in: choice.placementID)
        choice.ad?.destroy()
    }

    /// Only a delivery still counted as shown holds creatives: one released before, or closed and dismissed (which
    /// released them already), must not take away another ad's hold of the same creative.
    private func releaseShown(_ id: AdID, request: AdRequest, in placement: String) {
        if let delivery = shown.remove(id), !request.isTest {
            releaseCreatives(delivery.creativeIDs, in: placement)
        }
    }

    /// Starts a new session: per-session caps of the app and of every placement count from zero.
    public func startNewSession() {
        appHistory.startNewSession()
        for placement in machines.indices { machines[placement].startNewSession() }
    }

    /// The report of a placement's last finished request.
    public func lastReport(for placementID: String) -> MediationReport? {
        placementIDs.firstIndex(of: placementID).flatMap { lastReports[$0] }
    }

    /// What was learned about a placement's line items with learned prices.
    public func learnedPrices(for placementID: String) -> [String: LearnedPrice] {
        placementIDs.firstIndex(of: placementID).map { machines[$0].learnedPrices } ?? [:]
    }

    // MARK: Driving

    /// A placement's index (``placementIDs``), or the error that names the configured ones.
    private func placementIndex(_ placementID: String) throws(AdError) -> Int {
        guard let index = placementIDs.firstIndex(of: placementID) else {
            let known = placementIDs.sorted().joined(separator: ", ")
            throw AdError(
                .invalidRequest, "No placement '\(placementID)' is configured (configured: \(known)).",
                hint: "Add the placement to the mediation configuration, or fix its ID.")
        }
        return index
    }

    private func context() -> MediationContext {
        MediationContext(
            appBlock: appHistory.block(at: host.scheduler.now),
            explorationRoll: Double.random(in: 0..<1, using: &random))
    }

    private func perform(_ actions: [MediationStateMachine.Action], placement: Int) {
        let placementID = placementIDs[placement]
        for action in actions {
            switch action {
            case .load(let load):
                startLoad(load, placement: placement)
            case .discard(let index):
                if let load = takeLoad(LoadKey(placement: placement, index: index)) {
                    loadOwners.remove(load.id)
                    releaseFillHold(of: load.id, in: placementID)
                    end(load)
                }
            case .startTimer(let timer, let deadline):
                let key = TimerKey(placement: placement, timer: timer)
                if let old = takeTimer(key) { host.scheduler.cancel(old) }
                let id = host.scheduler.schedule(at: deadline) { [reference] in reference.mediator?.fire(key) }
                timers[placement].append((timer, id))
            case .cancelTimer(let timer):
                if let id = takeTimer(TimerKey(placement: placement, timer: timer)) { host.scheduler.cancel(id) }
            case .deliver(let delivery):
                if let load = takeLoad(LoadKey(placement: placement, index: delivery.index)) {
                    loadOwners.remove(load.id)
                    if let replaced = ready[placement] { end(replaced) }
                    ready[placement] = load
                    // The fill already holds its creatives; a delivery without one (none was recorded) holds now.
                    if fillHolds.remove(load.id) == nil, !load.isTest {
                        host.ledger.hold(creatives: delivery.creativeIDs, in: placementID)
                    }
                }
                finished(delivery.report, placement: placement)
            case .fail(let report):
                finished(report, placement: placement)
            case .expired(let delivery):
                if let load = ready[placement].take() {
                    end(load)
                    if !load.isTest { releaseCreatives(delivery.creativeIDs, in: placementID) }
                }
                emit(.expired(placementID: placementID, lineItemID: delivery.lineItemID, at: host.scheduler.now))
            }
        }
    }

    private func finished(_ report: MediationReport, placement: Int) {
        let report = marked(report, placement: placement)
        lastReports[placement] = report
        emit(.requestFinished(report))
    }

    /// The report with its test line items (H9): those whose request is test traffic, in test mode for the
    /// placement or on a unit the vendor publishes for tests (Y16).
    private func marked(_ report: MediationReport, placement index: Int) -> MediationReport {
        var report = report
        if !consents[index].isEmpty { report.consents = consents[index] }
        // Almost always nothing is test: no request is built then (every finished request and every ad taken
        // comes here).
        let placement = report.plan.placement
        guard
            hasPublishedTestUnits(placement, index: index) || !host.testModeProviders.isEmpty
                || !report.testProviders.isEmpty
        else { return report }
        let test = placement.lineItems.filter { item in
            host.isTest(
                AdRequest(adUnitID: item.adUnitID, format: placement.format, placementID: report.placementID),
                provider: item.providerID)
        }
        report.testLineItems = Set(test.map(\.id))
        report.testProviders = Set(test.map(\.providerID))
        return report
    }

    /// Whether a line item of `placement` is on a unit its vendor publishes for tests, which a debug build marks
    /// test (Y16; a release build refuses them), asked once per placement: units and descriptors never change.
    private func hasPublishedTestUnits(_ placement: PlacementConfiguration, index: Int) -> Bool {
        if let known = publishedTestUnits[index] { return known }
        let found =
            host.buildConfiguration != .release
            && placement.lineItems.contains { item in
                (try? host.registry.provider(for: item.providerID))?.descriptor.isTestAdUnit(item.adUnitID) == true
            }
        publishedTestUnits[index] = found
        return found
    }

    private func startLoad(_ load: LineItemLoad, placement: Int) {
        let key = LoadKey(placement: placement, index: load.index)
        if let replaced = takeLoad(key) {
            releaseFillHold(of: replaced.id, in: load.placementID)
            end(replaced)
        }
        // The host sets the request's privacy signals as it admits it: the unknown ones, built once, stand in.
        let request = AdRequest(
            adUnitID: load.adUnitID, format: load.format, placementID: load.placementID, timeout: load.timeout,
            privacy: .unknown)
        let admitted: AdmittedRequest
        do {
            admitted = try host.admit(consume request, provider: load.providerID)
        } catch {
            enqueueFailure(key, error: error)
            return
        }
        let consent = admitted.consent
        Self.store(consent, at: load.index, in: &consents[placement])
        if let answering, consent.allowsPersonalisation,
            host.startup.becomeReadyWithoutWaiting(admitted.descriptor.id),
            let answer = answering.answer(admitted.request, descriptor: admitted.descriptor, at: host.scheduler.now)
        {
            let answered = AnsweredLoad(
                id: host.makeAdID(), admitted: consume admitted, answer: consume answer, owner: reference)
            Self.store(.answered(answered), at: load.index, in: &loading[placement])
            loadOwners.set(answered.id, to: key)
            play(answered)
            return
        }
        let ad = host.makeAd(consume admitted)
        Self.store(.ad(ad), at: load.index, in: &loading[placement])
        loadOwners.set(ad.id, to: key)
        ad.onEvent { [weak self, weak ad] event in
            guard let self, let ad else { return }
            self.received(event, from: ad)
        }
        ad.startLoading()
    }

    /// The load in flight of a line item, if any.
    private func loadInFlight(_ key: LoadKey) -> Load? {
        loading[key.placement].indices.contains(key.index) ? loading[key.placement][key.index] : nil
    }

    /// Takes the load in flight of a line item out of ``loading``.
    private func takeLoad(_ key: LoadKey) -> Load? {
        guard loading[key.placement].indices.contains(key.index) else { return nil }
        return loading[key.placement][key.index].take()
    }

    /// Stores `value` at line item `index` of a placement's array, growing it with nils to reach the index.
    private static func store<Value>(_ value: Value, at index: Int, in values: inout [Value?]) {
        guard index >= 0 else { return }
        if index >= values.count { values.append(contentsOf: repeatElement(nil, count: index + 1 - values.count)) }
        values[index] = value
    }

    /// Plays an answered load with a unified ad's timers: its timeout armed first (C7: exactly at it, the timeout
    /// wins), then the fetch's answer, the provider's delay, and a zero-delay turn on which the result is taken, as
    /// a unified ad takes its provider's; the end goes to mediation as the ad's event would.
    ///
    /// Each step is a method the timer calls with the load (held by the timer until it fires or is cancelled: every
    /// way a load leaves ``loading`` cancels its timers). The load holds the mediator's weak reference, so a step's
    /// action captures the load alone and allocates nothing.
    ///
    /// The timeout is armed only when it can fire: the answer's time is known as the load starts, and a result
    /// taken before the timeout cancels it unfired (most loads), so arming it then would change nothing but the
    /// work of a timer set and cancelled. At the timeout or later it is armed first, and wins a tie (C7).
    private func play(_ load: AnsweredLoad) {
        let timeout = load.admitted.request.timeout
        if (load.answeredAfter ?? .zero) + load.delay >= timeout {
            load.timeoutTimer = host.scheduler.schedule(after: timeout) { [load] in
                load.owner.mediator?.answeredLoadTimedOut(load)
            }
        }
        if let after = load.answeredAfter {
            load.stepTimer = host.scheduler.schedule(after: after) { [load] in
                load.owner.mediator?.answerArrived(load)
            }
        } else {
            answerArrived(load)
        }
    }

    /// The fetch of an answered load answered: the provider's delay runs, then the turn its result is taken on.
    private func answerArrived(_ load: AnsweredLoad) {
        let delay = load.delay
        guard delay > .zero else { return providerAnswered(load) }
        load.stepTimer = host.scheduler.schedule(after: delay) { [load] in
            load.owner.mediator?.providerAnswered(load)
        }
    }

    /// The provider of an answered load ended its load: its result is taken on the next zero-delay turn.
    private func providerAnswered(_ load: AnsweredLoad) {
        load.stepTimer = host.scheduler.schedule(after: .zero) { [load] in load.owner.mediator?.answerTaken(load) }
    }

    /// The turn on which an answered load's result is taken: it goes to mediation as the ad's event would.
    private func answerTaken(_ load: AnsweredLoad) {
        load.stepTimer = nil
        load.cancelTimers(on: host.scheduler)
        switch load.takeResult() {
        case nil: break  // taken already: a load ends once
        case .success(let info)?: enqueue(.loaded(load.id, load.admitted.descriptor.expiring(consume info)))
        case .failure(let error)?: enqueue(.failed(load.id, error.attributed(to: load.admitted.descriptor.id)))
        }
    }

    /// An answered load's timeout (C7): it fails as a unified ad's would.
    private func answeredLoadTimedOut(_ load: AnsweredLoad) {
        load.timeoutTimer = nil
        load.cancelTimers(on: host.scheduler)
        let error = AdLifecycleStateMachine.timeoutError(
            providerID: load.admitted.descriptor.id, providerCodes: load.admitted.descriptor.providerCodes,
            after: load.admitted.request.timeout)
        enqueue(.failed(load.id, error))
    }

    /// Ends a load mediation no longer needs: its unified ad destroyed, or its answer's timers cancelled.
    private func end(_ load: Load) {
        switch load {
        case .ad(let ad): ad.destroy()
        case .answered(let answered): answered.cancelTimers(on: host.scheduler)
        }
    }

    /// Runs one input through a placement's machine and performs its actions, then every input that arrived
    /// meanwhile (from an event handler), in order: a machine never sees an input before the actions of the
    /// previous one are all performed.
    private func run(_ placement: Int, _ input: consuming MachineInput) {
        deferred.append((placement, input))
        guard !isRunning else { return }
        isRunning = true
        var next = 0
        while next < deferred.count {
            let taken = deferred[next].take()
            next += 1
            if case (let placement, let input)? = consume taken { step(placement, input) }
        }
        deferred.removeAll(keepingCapacity: true)
        isRunning = false
    }

    /// Runs one input through a placement's machine and performs its actions; announces a new request.
    private func step(_ placement: Int, _ input: consuming MachineInput) {
        let now = host.scheduler.now
        var actions = spareActions
        spareActions = []
        actions.removeAll(keepingCapacity: true)
        let (before, after) = Self.counting(consume input, on: &machines[placement], at: now, into: &actions)
        if after != before {
            // Emptied with its room kept: the request's decisions then fit without growing the array one by one
            // (a report that keeps the last request's decisions keeps its own buffer).
            consents[placement].removeAll(keepingCapacity: true)
            emit(.requestStarted(placementID: placementIDs[placement], request: after, at: now))
        }
        perform(actions, placement: placement)
        spareActions = actions
    }

    /// Runs `input` on `machine` with the machine's request count before and after it, read in place: an `inout`
    /// access lends the machine, where reading a property of `machines[placement]` copies it first (its request
    /// record, its tiers and its learned prices retained and released again).
    private static func counting(
        _ input: consuming MachineInput, on machine: inout MediationStateMachine, at now: AdInstant,
        into actions: inout [MediationStateMachine.Action]
    ) -> (before: Int, after: Int) {
        let before = machine.requestCount
        input.apply(to: &machine, at: now, into: &actions)
        return (before, machine.requestCount)
    }

    /// The revenue of a delivery's impression, read in place (as ``counting(_:on:at:into:)`` reads the machine).
    private static func revenue(
        of delivery: MediationDelivery, component: String?, at now: AdInstant, in machine: inout MediationStateMachine
    ) -> RevenueEvent {
        machine.revenue(of: delivery, component: component, at: now)
    }

    private func received(_ event: AdEvent, from ad: UnifiedAd) {
        switch event {
        case .loadSucceeded(let info): enqueue(.loaded(ad.id, info))
        case .loadFailed(let error): enqueue(.failed(ad.id, error))
        case .impression(let data):
            guard let delivery = shown[ad.id], let index = placementIDs.firstIndex(of: delivery.placementID) else {
                return
            }
            let now = host.scheduler.now
            // Caps and pacing count the placement's ad once, whichever of its parts counted first.
            if shownCounted.insert(ad.id).inserted {
                machines[index].adShown(at: now)
                appHistory.record(at: now)
            }
            // Revenue follows the creatives: an ad's own impression, or, for an ad made of components (a slider's
            // cards, each its own creative), each component's; the block's own impression is not paid.
            guard ad.components.isEmpty || data.component != nil else { return }
            var revenue = Self.revenue(of: delivery, component: data.component, at: now, in: &machines[index])
            revenue.isTest = ad.request.isTest
            emit(.revenue(revenue))
        case .closed, .didDismiss:
            guard let delivery = shown.remove(ad.id) else { return }
            shownCounted.remove(ad.id)
            if !ad.request.isTest { releaseCreatives(delivery.creativeIDs, in: delivery.placementID) }
        default:
            break
        }
    }

    private func enqueueFailure(_ key: LoadKey, error: AdError) {
        // A load that could not even start (unknown provider, bad request) still ends on the next turn.
        host.scheduler.schedule(at: host.scheduler.now) { [weak self] in
            self?.run(key.placement, .itemFailed(key.index, error))
        }
    }

    private func enqueue(_ input: consuming Input) {
        inputs.append(consume input)
        guard !drainScheduled else { return }
        drainScheduled = true
        host.scheduler.schedule(at: host.scheduler.now, drainTurn)
    }

    private func drain() {
        drainScheduled = false
        var batch = spareInputs
        spareInputs = []
        swap(&batch, &inputs)
        defer {
            batch.removeAll(keepingCapacity: true)
            spareInputs = batch
        }
        // Each input is moved out in order (a batch holds one or two): iterating would copy each, its loaded ad's
        // info with it, and the batch's release destroy it again.
        for index in batch.indices {
            guard let input = batch[index].take() else { continue }
            let id: AdID
            switch input {
            case .loaded(let loaded, _): id = loaded
            case .failed(let failed, _): id = failed
            }
            guard let key = loadOwners[id], let load = loadInFlight(key), load.id == id else { continue }
            let placementID = placementIDs[key.placement]
            switch consume input {
            case .loaded(_, let info):
                // A test ad takes no part in the no-repeat rule (H17): a test unit serves every placement the same.
                let ledger = host.ledger
                let creatives = load.isTest ? [] : info.creativeIDs
                let fill = LineItemFill(
                    info: info, isExcludedCreative: creatives.contains { ledger.isExcluded($0, for: placementID) })
                if !fill.isExcludedCreative, !creatives.isEmpty {
                    host.ledger.hold(creatives: creatives, in: placementID)
                    fillHolds.set(id, to: creatives)
                }
                run(key.placement, .itemLoaded(key.index, consume fill))
            case .failed(_, let error):
                run(key.placement, .itemFailed(key.index, consume error))
            }
        }
    }

    /// Takes an armed timer out of ``timers``.
    private func takeTimer(_ key: TimerKey) -> ScheduledActionID? {
        guard let index = timers[key.placement].firstIndex(where: { $0.timer == key.timer }) else { return nil }
        return timers[key.placement].remove(at: index).id
    }

    private func fire(_ key: TimerKey) {
        _ = takeTimer(key)
        let context = context()
        run(key.placement, .timerFired(key.timer, context))
    }

    private func releaseFillHold(of id: AdID, in placement: String) {
        if let held = fillHolds.remove(id) { releaseCreatives(held, in: placement) }
    }

    private func releaseCreatives(_ creatives: [String], in placement: String) {
        for creative in creatives { host.ledger.release(creative: creative, in: placement) }
    }

    private func emit(_ event: MediationEvent) {
        for handler in handlers { handler(event) }
    }
}
