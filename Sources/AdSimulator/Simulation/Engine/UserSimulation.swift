public import AdCore
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

    /// What this user's run counted.
    public private(set) var tally = SimulationTally()
    /// Called with every mediation request as it finishes; nil (the default) builds no record.
    public var onRequest: ((SimulatedRequestRecord) -> Void)?

    private let validated: ValidatedScenario
    private let variant: String
    private let user: UInt64
    private let draws: SimulationDraws
    private let oracle: SimulationOracle
    private let driver: VirtualTimeDriver
    private let server: SimulatedAdServer
    private let host: AdHost
    private let mediator: Mediator
    private let feed: HostNodeID?
    private let context: HostContextProvider
    private let cells: [SimulatedAdCell]
    private let viewport: Double
    private let contentHeight: Double
    private let buttons: [ScreenButton]
    /// The ad bound in each cell (by cell index).
    private var bound: [MediatedAd?]
    /// The cells before this index are gone: scrolled more than a viewport above the screen. A session only scrolls
    /// down and the cells are in feed order, so the gone cells are always the first ones.
    private var firstLiveCell = 0
    private var shownAds: Set<AdID> = []
    /// The ads whose click was drawn (once per ad).
    private var clickDrawn: Set<AdID> = []
    /// The draw key (`request`) and the oracle's answer of each placement's running request, and the session it
    /// started in and when (since that session started).
    private var pending: [String: Started] = [:]
    private typealias Started = (request: UInt64, best: SimulationOracle.Best?, session: UInt64, startedAt: Duration)
    private var impressionCount: UInt64 = 0
    private var gesture: UInt64 = 0
    /// The running session and when it started (for the records and the session timeline).
    private var session: UInt64 = 0
    private var sessionStart: AdInstant?

    /// Builds the user's app and stack.
    ///
    /// - Throws: what the host, the tree or the mediator refuse (a configuration the providers cannot run).
    public init(
        validated: ValidatedScenario, providers: SimulationProviders, market: SimulatedMarket,
        oracle: SimulationOracle, variant: String, configuration: MediationConfiguration, user: UInt64
    ) throws(AdError) {
        self.validated = validated
        self.variant = variant
        self.user = user
        self.oracle = oracle
        draws = market.draws
        let seed = SimulationDraws.mix(market.draws.seed ^ SimulationDraws.mix(user))
        driver = VirtualTimeDriver(seed: seed, taskExecutor: Self.executor)
        server = SimulatedAdServer(market: market, user: user, driver: driver)
        host = try providers.makeHost(scheduler: driver, transport: server, seed: seed)
        do {
            mediator = try Mediator(configuration: configuration, host: host, random: SeededRandom(seed: seed))
        } catch {
            throw error.adError
        }
        let app = validated.scenario.app
        let tree = host.tree
        let window = tree.addWindow(
            scene: "main", frame: Rect(x: 0, y: 0, width: app.window.width, height: app.window.height), isKey: true)
        let root = try tree.rootNode(of: window)
        buttons = app.screens.flatMap(\.buttons)
        let toolbar = buttons.isEmpty ? 0 : Self.toolbarHeight
        viewport = max(app.window.height - toolbar, 1)
        let bar = try tree.makeNode(
            frame: Rect(x: 0, y: viewport, width: app.window.width, height: toolbar), isOpaque: true)
        try tree.addChild(bar, to: root)
        context = try HostContextProvider(tree: tree)
        try tree.addChild(context.node, to: bar)
        var cells: [SimulatedAdCell] = []
        var contentHeight = 0.0
        if let layout = app.screens.compactMap(\.feed).first {
            let node = try tree.makeNode(
                frame: Rect(x: 0, y: 0, width: app.window.width, height: viewport), clipsToBounds: true)
            try tree.addChild(node, to: root)
            feed = node
            var slots: [Int: FeedAdSlot] = [:]
            for slot in layout.ads {
                for position in slot.positions(inFeedOf: layout.cells) where slots[position] == nil {
                    slots[position] = slot
                }
            }
            for index in 0..<layout.cells {
                guard let slot = slots[index] else {
                    contentHeight += layout.cellHeight
                    continue
                }
                let height = slot.height ?? layout.cellHeight
                if let format = configuration.placement(slot.placement)?.format {
                    cells.append(
                        try SimulatedAdCell(
                            placement: slot.placement, format: format, y: contentHeight, height: height,
                            width: app.window.width, in: node, of: tree))
                }
                contentHeight += height
            }
        } else {
            feed = nil
        }
        self.cells = cells
        bound = Array(repeating: nil, count: cells.count)
        self.contentHeight = contentHeight
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
    }

    // MARK: A session

    private func run(session: UInt64) async {
        let users = validated.scenario.users
        mediator.startNewSession()
        let seconds = draws.sample(
            users.sessionSeconds, DrawKey(user: user, request: session, purpose: .sessionLength),
            in: ScenarioUsers.sessionSecondsNumber.range)
        let length = Duration.milliseconds(Int64(exactly: (seconds * 1_000).rounded()) ?? 1_000)
        let start = driver.now
        self.session = session
        sessionStart = start
        let end = start.advanced(by: length)
        for placement in placementsShown() { try? mediator.load(placement) }
        // Full-screen opens: the whole part of the mean, plus one with the fractional part's probability.
        let mean = users.fullScreenOpensPerSession
        let whole = mean.rounded(.down)
        let extra = draws.happens(
            probability: mean - whole, DrawKey(user: user, request: session, purpose: .fullScreenOpen))
        let opens = buttons.isEmpty ? 0 : (Int(exactly: whole) ?? 0) + (extra ? 1 : 0)
        var openTimes: [AdInstant] = (0..<opens).map { index in
            start.advanced(by: length * (Double(index + 1) / Double(opens + 1)))
        }
        var offset = 0.0
        try? scroll(to: offset)
        while driver.now < end {
            if let next = openTimes.first, driver.now >= next {
                openTimes.removeFirst()
                await open(buttons[(opens - openTimes.count - 1) % buttons.count], until: end)
                continue
            }
            let key = DrawKey(user: user, request: gesture, purpose: .scrollSpeed)
            let speed = draws.sample(users.scrolling.speedPointsPerSecond, key, in: ScrollBehavior.speedNumber.range)
            let dwell = draws.sample(
                users.scrolling.dwellSeconds, DrawKey(user: user, request: gesture, purpose: .dwell),
                in: ScrollBehavior.dwellNumber.range)
            gesture += 1
            let target = min(offset + viewport, max(contentHeight - viewport, 0))
            if target > offset {
                let duration = Duration.milliseconds(Int64(exactly: ((target - offset) / speed * 1_000).rounded()) ?? 0)
                let steps = max(1, Int(exactly: (duration / Self.scrollStep).rounded(.up)) ?? 1)
                let from = offset
                for step in 1...steps {
                    offset = from + (target - from) * Double(step) / Double(steps)
                    try? scroll(to: offset)
                    await run(for: duration / steps, until: end)
                }
            }
            let pause = Duration.milliseconds(Int64(exactly: (dwell * 1_000).rounded()) ?? 0)
            let wait = openTimes.first.map { min(pause, driver.now.duration(to: $0)) } ?? pause
            await run(for: max(wait, .milliseconds(1)), until: end)
        }
        for index in bound.indices { unbind(index) }
        firstLiveCell = 0
    }

    /// The placements the screens show (feed slots and buttons), in configuration order.
    private func placementsShown() -> [String] {
        let shown = Set(cells.map(\.placement) + buttons.map(\.placement))
        return validated.configuration.placements.map(\.id).filter { shown.contains($0) }
    }

    /// Runs virtual time `duration`, but not past `end`; binds the cells coming near first.
    private func run(for duration: Duration, until end: AdInstant) async {
        bindNearby()
        let left = driver.now.duration(to: end)
        await driver.run(for: max(min(duration, left), .zero))
        bindNearby()
    }

    private func scroll(to offset: Double) throws(AdError) {
        guard let feed else { return }
        try host.tree.setBoundsOrigin(feed, Point(x: 0, y: offset))
        currentOffset = offset
        bindNearby()
    }

    private var currentOffset = 0.0

    /// Binds the ready ads into the empty cells within one viewport below the screen; releases the ads of cells
    /// one viewport above it.
    private func bindNearby() {
        while firstLiveCell < cells.count,
            cells[firstLiveCell].y + cells[firstLiveCell].height < currentOffset - viewport
        {
            unbind(firstLiveCell)
            firstLiveCell += 1
        }
        for index in firstLiveCell..<cells.count {
            let cell = cells[index]
            if cell.y >= currentOffset + 2 * viewport { break }
            guard bound[index] == nil, cell.y + cell.height > currentOffset, mediator.isReady(cell.placement)
            else { continue }
            guard let mediated = try? mediator.takeAd(for: cell.placement) else { continue }
            // The call-to-action a click goes to: the cell's, or for a slider each bound card's, by component.
            var targets: [String: HostNodeID] = [:]
            do throws(AdError) {
                if cell.cards.isEmpty {
                    try cell.main.bind(mediated.ad)
                    targets[""] = cell.main.callToAction
                } else {
                    let content = try cell.main.bind(mediated.ad)
                    for (card, layout) in zip(content.components, cell.cards) {
                        try layout.bind(mediated.ad, part: card.part)
                        targets[card.id] = layout.callToAction
                    }
                }
                took(mediated, clickTargets: targets)
                bound[index] = mediated
            } catch {
                took(mediated, clickTargets: [:])
                mediator.release(mediated)
            }
            try? mediator.load(cell.placement)
        }
    }

    private func unbind(_ index: Int) {
        guard let mediated = bound[index] else { return }
        bound[index] = nil
        mediator.release(mediated)
    }

    /// Taps a button: presents its placement's ready ad, lets it play, closes it, loads the next.
    private func open(_ button: ScreenButton, until end: AdInstant) async {
        guard mediator.isReady(button.placement), let mediated = try? mediator.takeAd(for: button.placement) else {
            return
        }
        took(mediated, clickTargets: [:])
        do throws(AdError) {
            try mediated.ad.present(from: context)
            await run(for: Self.playTime, until: end.advanced(by: Self.playTime))
        } catch {}
        mediator.release(mediated)
        try? mediator.load(button.placement)
    }

    /// Counts an ad the app took and watches its impressions and clicks. `clickTargets` are the call-to-action
    /// nodes by component ID ("" for the ad itself): the first impression of a part with one draws the click.
    private func took(_ mediated: MediatedAd, clickTargets: [String: HostNodeID]) {
        server.adTaken(mediated.placementID)
        let provider = mediated.ad.providerID.rawValue
        let placement = mediated.placementID
        count(placement, provider) { $0.used += 1 }
        let format = mediated.ad.request.format
        let ad = mediated.ad
        ad.onEvent { [weak self, weak ad] event in
            guard let self, let ad else { return }
            switch event {
            case .impression(let data):
                if shownAds.insert(ad.id).inserted {
                    count(placement, provider) { $0.impressions += 1 }
                    let elapsed = sinceSessionStart(driver.now)
                    tally.updateTimeline(variant) { $0.recordImpression(at: elapsed) }
                }
                if let target = clickTargets[data.component ?? ""], clickDrawn.insert(ad.id).inserted {
                    clickMaybe(ad, format: format, on: target)
                }
            case .click:
                count(placement, provider) { $0.clicks += 1 }
            default:
                break
            }
        }
    }

    /// Clicks a just-shown ad's call-to-action (a slider's first shown card's) with the format's click-through rate.
    /// Presented full-screen ads have no click view in the host's tree; they are not clicked.
    private func clickMaybe(_ ad: UnifiedAd, format: AdFormat, on target: HostNodeID) {
        let rate = validated.scenario.users.clickThroughRate[format] ?? 0
        let key = DrawKey(user: user, request: impressionCount, purpose: .click)
        impressionCount += 1
        guard rate > 0, draws.happens(probability: rate, key) else { return }
        ad.click(on: target)
    }

    // MARK: Counting

    private func count(_ placement: String, _ provider: String, _ change: (inout TallyRow) -> Void) {
        tally.update(SimulationTally.Key(variant: variant, placement: placement, provider: ""), change)
        tally.update(SimulationTally.Key(variant: variant, placement: placement, provider: provider), change)
    }

    private func record(_ event: MediationEvent) {
        switch event {
        case .requestStarted(let placement, _, _):
            server.requestStarted(placement)
            let (opportunity, attempt) = server.current(placement)
            let request = SimulatedAdServer.requestKey(opportunity: opportunity, attempt: attempt)
            let best = oracle.best(placement: placement, user: user, request: request)
            pending[placement] = (request, best, session, sinceSessionStart(driver.now))
        case .requestFinished(let report):
            finished(report)
        case .revenue(let paid):
            count(paid.placementID, paid.providerID.rawValue) { $0.revenueMicros += paid.revenue.micros }
            let elapsed = sinceSessionStart(driver.now)
            tally.updateTimeline(variant) { $0.recordRevenue(paid.revenue.micros, at: elapsed) }
        case .expired:
            break
        }
    }

    private func finished(_ report: MediationReport) {
        let placement = report.placementID
        let started = pending.removeValue(forKey: placement)
        let best = started?.best
        // The winner's value is its market price on the request's draws (what the oracle compares), whatever price
        // the provider reported to mediation (IFLY and Yandex report none: mediation pays the configured price).
        let winnerPrice = report.winner.flatMap { winner in
            server.market.entry(placement: placement, lineItem: winner).map { entry in
                MarketDraw(market: entry.market, draws: draws, user: user, request: started?.request ?? 0).priceMicros
            }
        }
        tally.update(SimulationTally.Key(variant: variant, placement: placement, provider: "")) { row in
            row.requests += 1
            if let best {
                row.oraclePriceMicros += best.priceMicros
                row.oracleTimeToAd.record(best.latency)
            }
            if report.winner != nil {
                row.fills += 1
                row.winningPriceMicros += winnerPrice ?? report.price?.micros ?? 0
                row.timeToAd.record(report.startedAt.duration(to: report.finishedAt))
            }
        }
        for item in report.items {
            let key = SimulationTally.Key(variant: variant, placement: placement, provider: item.providerID.rawValue)
            let asked = Self.wasAsked(item.state)
            let filled = Self.hasFilled(item.state)
            let change: (inout TallyRow) -> Void = { row in
                if asked { row.requests += 1 }
                if filled { row.fills += 1 }
                if item.state == .timeout { row.timeouts += 1 }
                if item.state == .error { row.errors += 1 }
                if item.state == .excludedCreative { row.exclusions += 1 }
            }
            tally.update(key, change)
            tally.update(SimulationTally.Key(variant: variant, placement: placement, provider: "")) { row in
                if item.state == .timeout { row.timeouts += 1 }
                if item.state == .error { row.errors += 1 }
                if item.state == .excludedCreative { row.exclusions += 1 }
            }
        }
        if let onRequest {
            let started = started ?? (0, nil, session, sinceSessionStart(report.startedAt))
            onRequest(requestRecord(report, started: started, winnerPrice: winnerPrice))
        }
    }

    /// Whether a line item in `state` counts as asked for an ad: mediation did not skip it (not reached, priced
    /// below the floor, capped, its provider not started, or excluded by the request's privacy signals). Every
    /// state is named, so a new one must be placed here.
    private static func wasAsked(_ state: LineItemState) -> Bool {
        switch state {
        case .loading, .filled, .noFill, .error, .timeout, .outbid, .excludedCreative: true
        case .notAttempted, .belowFloor, .capped, .notReady, .excludedByPrivacy: false
        }
    }

    /// Whether a line item in `state` answered with an ad (whether or not it won). Every state is named.
    private static func hasFilled(_ state: LineItemState) -> Bool {
        switch state {
        case .filled, .outbid, .excludedCreative: true
        case .notAttempted, .loading, .noFill, .error, .timeout, .belowFloor, .capped, .notReady, .excludedByPrivacy:
            false
        }
    }

    private func sinceSessionStart(_ instant: AdInstant) -> Duration {
        sessionStart.map { $0.duration(to: instant) } ?? .zero
    }

    /// The record of a finished request, for ``onRequest``.
    private func requestRecord(
        _ report: MediationReport, started: Started, winnerPrice: Int64?
    ) -> SimulatedRequestRecord {
        let best = started.best
        let winner = report.winner
        let items = report.items
        let duration = report.startedAt.duration(to: report.finishedAt).wholeMilliseconds
        return SimulatedRequestRecord(
            variant: variant, user: user, session: started.session, placement: report.placementID,
            requestKey: started.request,
            winnerLineItem: winner,
            winnerProvider: winner.flatMap { id in items.first { $0.lineItemID == id }?.providerID.rawValue },
            outcome: winner != nil ? "filled" : report.error?.code.rawValue ?? "noFill",
            winningPriceMicros: winner == nil ? nil : winnerPrice ?? report.price?.micros,
            reportedPriceMicros: winner == nil ? nil : report.price?.micros, oracleLineItem: best?.lineItem,
            oraclePriceMicros: best?.priceMicros, durationMs: duration, timeToAdMs: winner == nil ? nil : duration,
            oracleLatencyMs: best.map { $0.latency.wholeMilliseconds },
            startedAtMs: started.startedAt.wholeMilliseconds,
            itemsAsked: items.count { Self.wasAsked($0.state) },
            timeouts: items.count { $0.state == .timeout }, errors: items.count { $0.state == .error })
    }
}
