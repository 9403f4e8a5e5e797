@_spi(AdBridgeInternal) public import AdCore
import AdEmbedded
public import AdMediation
import AdRuntime

/// One simulated user running one strategy variant through the real stack, in virtual time: a fresh `AdHost`,
/// `VirtualTimeDriver` and `Mediator` with the variant's configuration, the three real providers loading through
/// the user's ``SimulatedAdServer``, a feed (the first screen with one) with native and slider cells at the
/// scenario's positions, and a toolbar with the screens' buttons and the context full-screen ads are presented
/// from.
///
/// Each session: every placement of the app is preloaded; the user scrolls one viewport height per gesture at a
/// drawn speed (in steps of at most 250 ms, so the geometry engine sees the cells pass), then dwells a drawn time;
/// an ad cell within one viewport below the screen takes the placement's ready ad and binds it through
/// `NativeLayout.bind` (the one render path), and the placement is loaded again. Impressions are what the geometry
/// engine counts; a shown ad is clicked with the format's click-through rate by a real `click(on:)` on its
/// call-to-action. The full-screen buttons are tapped the drawn number of times, evenly spread over the session;
/// a ready ad is presented from the toolbar's context and released after ``playTime``. Revenue is the mediator's
/// revenue events. Everything is counted into ``tally`` under the variant's name.
///
/// This file builds the app and runs the sessions; a session's scrolling, binding and button taps are in
/// `UserSimulation+Session.swift`, the counting of ads taken, impressions, clicks and requests in
/// `UserSimulation+Counting.swift`. For those extensions the stored state is internal rather than private (and the
/// setter of ``tally``), as are `run(session:)`, `took(_:clickTargets:)` and `record(_:)`.
///
/// ```swift
/// let user = try UserSimulation(validated: validated, market: market, oracle: oracle, variant: variant,
///                               configuration: configuration, user: 0)
/// await user.run()
/// print(user.tally.row(variant: variant.name))
/// ```
@MainActor
public final class UserSimulation {
    /// How long a presented full-screen ad plays before the user closes it.
    public static let playTime: Duration = .seconds(30)
    /// The longest step of a scroll gesture.
    public static let scrollStep: Duration = .milliseconds(250)
    /// Where every user's provider work runs: the main queue, so a run never changes threads.
    private static let executor = MainQueueTaskExecutor()
    /// The height of the toolbar holding the buttons.
    static let toolbarHeight = 60.0

    // Exclusivity. The state marked `@exclusivity(unchecked)` is changed only by this type's methods (here and in
    // its two extension files), through standard collections, numbers and the tally, whose update closures are
    // those files' own and read only their locals. A call out (to the mediator, an ad, the server) is made after
    // the access that read the state has ended, so an event it sends back starts accesses of its own. No two can
    // overlap, which the run-time check proves on each access; it is switched off, the compiler's static check is
    // not. The cells stay checked: building one changes the host's tree while the cell is being changed.
    /// What this user's run counted: complete when ``run()`` returns (the rows it counts are added when it ends).
    @exclusivity(unchecked) public internal(set) var tally = SimulationTally()
    /// The rows counted since the run began, added to ``tally`` when it ends.
    @exclusivity(unchecked) var counts = UserTally()
    /// Called with every mediation request as it finishes; nil (the default) builds no record.
    public var onRequest: ((SimulatedRequestRecord) -> Void)?

    let validated: ValidatedScenario
    let variant: String
    let user: UInt64
    let draws: SimulationDraws
    let oracle: SimulationOracle
    let driver: VirtualTimeDriver
    let server: SimulatedAdServer
    let host: AdHost
    let mediator: Mediator
    let feed: HostNodeID?
    let context: HostContextProvider
    /// The feed as the user's strategy lays it out (shared by its users): its cells' places, its content height,
    /// where each cell ends, the placements shown. A session reads the cells' places here, in place.
    let layout: SimulatedFeed
    /// The feed's ad cells, in feed order, with their nodes (built when first bound into: the full tier only).
    var cells: [SimulatedAdCell]
    let viewport: Double
    /// With a reach model, the bottom of the deepest cell the running session reaches: no cell below it is bound.
    @exclusivity(unchecked) var reachBottom: Double?
    let buttons: [ScreenButton]
    /// The ad bound in each cell (by cell index).
    @exclusivity(unchecked) var bound: [BoundAd?]
    /// The cells before this index are gone: scrolled more than a viewport above the screen. A session only scrolls
    /// down and the cells are in feed order, so the gone cells are always the first ones.
    @exclusivity(unchecked) var firstLiveCell = 0
    @exclusivity(unchecked) var currentOffset = 0.0
    @exclusivity(unchecked) var shownAds: Set<AdID> = []
    /// The ads whose click was drawn (once per ad).
    @exclusivity(unchecked) var clickDrawn: Set<AdID> = []
    /// The draw key (`request`) and the oracle's answer of each placement's running request, and the session it
    /// started in and when (since that session started).
    @exclusivity(unchecked) var pending = SmallTable<String, Started>()
    typealias Started = (request: UInt64, best: SimulationOracle.Best?, session: UInt64, startedAt: Duration)
    @exclusivity(unchecked) var impressionCount: UInt64 = 0
    @exclusivity(unchecked) var gesture: UInt64 = 0
    /// The running session and when it started (for the records and the session timeline).
    @exclusivity(unchecked) var session: UInt64 = 0
    @exclusivity(unchecked) var sessionStart: AdInstant?
    /// The fast tier's rates by placement and provider (``FastTierCalibration/Key``); nil in
    /// the full tier.
    let fastRates: [FastTierCalibration.Key: FastTierCalibration.Rate]?
    /// The ads the fast tier used (the key of their drawn impressions and clicks).
    @exclusivity(unchecked) var fastTierUsed: UInt64 = 0
    /// The prices of the shown ads by placement and provider, in micros, once per ad (a full-tier pilot's
    /// calibration).
    @exclusivity(unchecked) var shownPriceMicros: [FastTierCalibration.Key: Int64] = [:]

    /// An ad in a cell: bound into its nodes (the full tier), or taken and counted (the fast tier binds nothing).
    /// Indirect: its payload lives in one box, so a cell's entry is one reference (an empty cell tested, a cell
    /// emptied or the array of a feed's cells made without copying a mediated ad's report field by field).
    indirect enum BoundAd {
        case bound(MediatedAd)
        case taken(MediatedChoice)
    }

    /// Builds the user's app and stack (the full tier).
    ///
    /// - Throws: what the host, the tree or the mediator refuse (a configuration the providers cannot run).
    public convenience init(
        validated: ValidatedScenario, providers: SimulationProviders, market: SimulatedMarket,
        oracle: SimulationOracle, variant: String, configuration: MediationConfiguration, user: UInt64
    ) throws(AdError) {
        try self.init(
            validated: validated, providers: providers, market: market, oracle: oracle, variant: variant,
            prepared: SimulatedConfiguration(configuration, of: validated, validatingFor: providers), user: user,
            fastRates: nil)
    }

    /// Builds the user's app and stack on a configuration prepared once for every user of its strategy
    /// (``SimulatedConfiguration``: validated, its mediation set up, the feed laid out); with `fastRates`, the fast
    /// tier's: `providers` is the fast tier's set (``FastTierProvider``s), the server answers them with its draws,
    /// and no cell's nodes are ever built.
    init(
        validated: ValidatedScenario, providers: SimulationProviders, market: SimulatedMarket,
        oracle: SimulationOracle, variant: String, prepared: SimulatedConfiguration, user: UInt64,
        fastRates: [FastTierCalibration.Key: FastTierCalibration.Rate]?
    ) throws(AdError) {
        self.validated = validated
        self.fastRates = fastRates
        self.variant = variant
        self.user = user
        self.oracle = oracle
        draws = market.draws
        let seed = SimulationDraws.mix(market.draws.seed ^ SimulationDraws.mix(user))
        driver = VirtualTimeDriver(seed: seed, taskExecutor: Self.executor)
        server = SimulatedAdServer(market: market, user: user, driver: driver, answersFastTier: fastRates != nil)
        host = try providers.makeHost(scheduler: driver, transport: server, seed: seed)
        mediator = Mediator(setup: prepared.mediation, host: host, random: SeededRandom(seed: seed))
        let app = validated.scenario.app
        buttons = app.screens.flatMap(\.buttons)
        let (frame, toolbar) = try EmbeddedApp.withToolbar(
            tree: host.tree, width: app.window.width, height: app.window.height,
            toolbarHeight: buttons.isEmpty ? 0 : Self.toolbarHeight)
        viewport = frame.viewport
        context = toolbar.context
        feed = prepared.feed.hasFeed ? frame.feed : nil
        layout = prepared.feed
        cells = prepared.feed.cells
        bound = Array(repeating: nil, count: prepared.feed.cells.count)
        if fastRates != nil, let behaviors = providers.answeringBehaviors {
            mediator.answering = FastTierAnswers(server: server, behaviors: behaviors)
        }
        mediator.onEvent { [weak self] event in self?.record(event) }
    }

    /// Starts the providers, runs every session of the user, then releases every ad and lets the answers still
    /// pending arrive.
    public func run() async {
        // The user's own task prefers the main queue too: a nonisolated async call it makes (the driver's
        // `Task.yield()` while it settles) then stays on the main queue instead of waking a thread of the global
        // pool and coming back, twice a yield.
        await withTaskExecutorPreference(Self.executor) {
            // The app starts its providers at launch, as Yandex's seed asks (Docs/Integration.md, H1).
            await host.startProviders()
            let users = validated.scenario.users
            for session in 0..<(UInt64(exactly: users.sessionsPerUser) ?? 1) {
                await run(session: session)
            }
            await driver.run(for: SimulatedAdServer.silence + .seconds(1))
        }
        counts.drain(into: &tally, variant: variant)
    }
}
