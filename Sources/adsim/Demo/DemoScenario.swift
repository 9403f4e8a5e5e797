import AdCore
import AdEmbedded
import AdMediation
import AdRuntime
import AdSimulator
import BuiltInProviders
import Foundation

/// The demo, end to end, in virtual time: builds the host app (``DemoHostApp``), the registry of the three
/// providers, the mediator over ``DemoConfiguration``, and plays the user's script, recording everything in a
/// ``DemoTimeline`` and counting it in a ``DemoSummary``.
///
/// The script: the app launches and mediates its three placements; the feed renders its first screen (an IFLY
/// ad) and binds the Yandex slider further down; a second IFLY ad is fetched for a later cell; the user scrolls
/// to the slider, taps a card, swipes to the next card, scrolls on to the second IFLY ad and taps it; then taps
/// the toolbar's button, which presents the Google rewarded video; it plays to the end (reward) and the user
/// closes it.
@MainActor
final class DemoScenario {
    /// What the demo recorded.
    let timeline = DemoTimeline()
    /// The per-placement counts.
    private(set) var summary = DemoSummary(placements: DemoConfiguration.configuration.placements)

    private let driver: VirtualTimeDriver
    private let transport: DemoTransport
    private let host: AdHost
    private let app: DemoHostApp
    private let mediator: Mediator
    /// The ads the app took: it owns them (a `UnifiedAd` nobody holds is gone, and its trackers with it).
    private var shown: [MediatedAd] = []
    private var slider: MediatedAd?
    private var feedAds: [MediatedAd] = []
    private var rewarded: MediatedAd?
    private var coins = 0

    /// Where the demo's provider work runs: the main queue, as the simulator's (`UserSimulation`). Two answers due at
    /// the same virtual instant then resume in the driver's order; on the global pool they raced, and the timeline
    /// of two runs could differ (seen under the thread sanitizer: a Google ask and a Yandex fill, both at 300 ms).
    private static let executor = MainQueueTaskExecutor()

    /// Builds the app, the host and the mediator over the fixture folder.
    init(fixtures: URL) throws(AdError) {
        driver = VirtualTimeDriver(seed: BuiltInRegistry.seed, taskExecutor: Self.executor)
        transport = DemoTransport(directory: fixtures, scripts: DemoConfiguration.scripts, driver: driver)
        host = try SimulationProviders.builtIn.makeHost(
            scheduler: driver, transport: transport, seed: BuiltInRegistry.seed)
        app = try DemoHostApp(tree: host.tree)
        do {
            mediator = try Mediator(
                configuration: DemoConfiguration.configuration, host: host,
                random: SeededRandom(seed: BuiltInRegistry.seed))
        } catch {
            throw error.adError
        }
        host.landingOpener = RecordingLandingOpener { [weak self] url in
            self?.hostApp("opens the landing page \(url)")
            return true
        }
        mediator.onEvent { [weak self] event in self?.record(event) }
        transport.onFetch = { [weak self] provider, adUnit in self?.recordAsk(provider: provider, adUnit: adUnit) }
    }

    /// Plays the whole script, with the nonisolated parts of its awaits on the main queue too.
    func run() async throws(AdError) {
        try await withTaskExecutorPreference(Self.executor) { () async throws(AdError) in try await play() }
    }

    private func play() async throws(AdError) {
        for line in DemoConfiguration.notes { timeline.append(.zero, "app", .note, line) }
        hostApp(
            "launches: a 390x844 window; a feed with cells at y=140 (native), 1000 (slider), 1700 (native); "
                + "a button")
        await host.startProviders()  // at launch, as Yandex's seed asks (Docs/Integration.md, H1)
        try mediator.load(DemoConfiguration.slider)
        try mediator.load(DemoConfiguration.feed)
        try mediator.load(DemoConfiguration.rewarded)

        await run(until: .seconds(1))
        hostApp("shows the feed's first screen (cell 1) and binds the slider cell below the fold")
        try bindSlider()
        try attachFeedAd(to: app.firstCell, name: "cell 1 (y=140, on screen)")
        try mediator.load(DemoConfiguration.feed)

        await run(until: .seconds(2))
        hostApp("prepares cell 2 below the fold")
        try attachFeedAd(to: app.secondCell, name: "cell 2 (y=1700, below the fold)")

        await run(until: .seconds(3))
        user("scrolls the feed to y=900: the slider is on screen (card 1 whole, card 2 only 27 %)")
        try app.scrollFeed(to: 900)

        await run(until: .seconds(5))
        user("taps the call-to-action of slider card 1")
        if let cta = app.slider.cards.first?.callToAction { _ = slider?.ad.click(on: cta) }

        await run(until: .seconds(6))
        user("swipes the slider to card 2")
        try app.swipeSlider(toCard: 1)

        await run(until: .seconds(8))
        user("scrolls the feed to y=1550: the second IFLY cell is on screen")
        try app.scrollFeed(to: 1_550)

        await run(until: .seconds(9))
        user("taps the call-to-action of the second IFLY ad")
        if let cta = app.secondCell.callToAction { _ = feedAds.last?.ad.click(on: cta) }

        await run(until: .seconds(10))
        user("taps the button \"Watch a video for 10 coins\"")
        try presentRewarded()

        await run(until: .seconds(31))
        user("closes the video")
        try rewarded?.ad.close()

        await run(until: .seconds(32))
        timeline.flushRevenue()
        summary.finish(at: driver.now, coins: coins)
    }

    // MARK: The host app's ad code

    /// Binds the slider through the one native path: the block, then each card the layout has room for.
    private func bindSlider() throws(AdError) {
        let mediated = try mediator.takeAd(for: DemoConfiguration.slider)
        watch(mediated)
        slider = mediated
        let content = try app.slider.block.bind(mediated.ad)
        let cards = zip(content.components, app.slider.cards)
        for (card, layout) in cards { try layout.bind(mediated.ad, part: card.part) }
        let ids = cards.map(\.0.id).joined(separator: ", ")
        timeline.append(
            now, mediated.placementID, .bind,
            "\(mediated.lineItemID): block (\(Self.kinds(app.slider.block.rendered(content)))) and \(min(content.components.count, app.slider.cards.count)) "
                + "cards (\(ids)) bound at y=1000")
    }

    /// Binds a feed ad, whichever provider won, through the one native path.
    private func attachFeedAd(to cell: NativeLayout, name: String) throws(AdError) {
        let mediated = try mediator.takeAd(for: DemoConfiguration.feed)
        watch(mediated)
        feedAds.append(mediated)
        let content = try cell.bind(mediated.ad)
        let title = content[.title]?.text.map { " \"\($0)\"" } ?? ""
        timeline.append(
            now, mediated.placementID, .bind,
            "\(mediated.lineItemID): \(mediated.ad.providerID) ad \(mediated.ad.info?.creativeIDs.first ?? "-")\(title) "
                + "(\(Self.kinds(cell.rendered(content)))) bound to \(name)")
    }

    /// The kinds of rendered assets, with the media's shape: `title, callToAction, media: 3 images, badge`.
    private static func kinds(_ assets: [NativeAsset]) -> String {
        assets.map { asset in
            switch asset.value {
            case .images(let images): "\(asset.kind): \(images.count) images"
            case .video: "\(asset.kind): video"
            default: asset.kind.rawValue
            }
        }.joined(separator: ", ")
    }

    /// Presents the rewarded ad, whichever provider won, through the one full-screen path; its reward comes as the
    /// ad's `rewardEarned` event (``watch(_:)``).
    private func presentRewarded() throws(AdError) {
        let mediated = try mediator.takeAd(for: DemoConfiguration.rewarded)
        watch(mediated)
        rewarded = mediated
        let info = mediated.ad.info
        let reward = info?.reward.map { "\($0.amount) \($0.type)" } ?? "no reward"
        let length = info?.videoDuration.map { "\($0.components.seconds) s, " } ?? ""
        timeline.append(
            now, mediated.placementID, .bind,
            "\(mediated.lineItemID): \(mediated.ad.descriptor.displayName) rewarded video (\(length)\(reward)) "
                + "presented from the toolbar's context")
        try mediated.ad.present(from: app.context)
    }

    // MARK: Recording

    private var now: AdInstant { driver.now }

    private func user(_ text: String) { timeline.append(now, "app", .user, text) }

    private func hostApp(_ text: String) { timeline.append(now, "app", .app, text) }

    private func recordAsk(provider: ProviderID, adUnit: String) {
        guard let (placement, item) = DemoConfiguration.lineItem(forAdUnit: adUnit) else { return }
        let mode: String
        switch item.mode {
        case .bidder: mode = "bidder"
        case .waterfall(_, let price, _): mode = "waterfall, \(DemoConfiguration.eCPM(price)) eCPM"
        }
        timeline.append(now, placement, .ask, "\(item.id) (\(mode)): \(provider) ad unit \(adUnit)")
    }

    private func record(_ event: MediationEvent) {
        switch event {
        case .requestStarted(let placementID, let request, let at):
            summary.requestStarted(placementID)
            timeline.append(at, placementID, .request, "#\(request) " + Self.plan(of: placementID))
        case .requestFinished(let report):
            for line in DemoReportLines.outcomes(of: report) {
                timeline.append(report.finishedAt, report.placementID, .outcome, line)
            }
            timeline.append(report.finishedAt, report.placementID, .chosen, DemoReportLines.chosen(report))
            if let winner = report.winner, let item = report.item(winner) {
                summary.chose(item.providerID, in: report.placementID)
            }
        case .expired(let placementID, let lineItemID, let at):
            timeline.append(at, placementID, .chosen, "the ready ad of \(lineItemID) expired before it was shown")
        case .revenue(let paid):
            summary.earned(paid.revenue.micros, in: paid.placementID)
            timeline.holdRevenue(
                DemoEvent(
                    time: paid.at, placement: paid.placementID, kind: .revenue,
                    text: (paid.isTest ? "[test] " : "") + "\(paid.lineItemID) (\(paid.providerID)): "
                        + "\(paid.revenue.micros) micros \(paid.revenue.currency) "
                        + "= \(DemoConfiguration.dollars(paid.revenue.micros)) (\(paid.revenue.precision.rawValue))"))
        }
    }

    private static func plan(of placementID: String) -> String {
        guard let placement = DemoConfiguration.configuration.placement(placementID) else { return "started" }
        var text = "started: \(placement.format), \(placement.strategy.rawValue)"
        if placement.floorMicros > 0 { text += ", floor \(DemoConfiguration.eCPM(placement.floorMicros)) eCPM" }
        if placement.parallelTierSize > 1 { text += ", \(placement.parallelTierSize) items per tier" }
        return text + ", \(placement.lineItems.count) line items"
    }

    /// Logs the lifecycle events of a mediated ad the app took.
    private func watch(_ mediated: MediatedAd) {
        shown.append(mediated)
        let placement = mediated.placementID
        let label = mediated.lineItemID
        // A slider's own impression (no card named) is its block's: told by the format, never by the provider.
        let whole = mediated.ad.request.format == .nativeSlider ? "block" : "ad"
        mediated.ad.onEvent { [weak self] event in
            guard let self else { return }
            switch event {
            case .impression(let data):
                summary.impression(in: placement)
                let what = data.component.map { "card \($0)" } ?? whole
                timeline.appendImpression(
                    DemoEvent(time: now, placement: placement, kind: .impression, text: "\(label): \(what) counted"))
            case .click(let component):
                summary.click(in: placement)
                let what = component.map { "card \($0)" } ?? "ad"
                timeline.append(now, placement, .click, "\(label): \(what) click counted")
            case .clickRejected(let error):
                timeline.append(now, placement, .click, "\(label): click rejected: \(error.hint ?? error.message)")
            case .jumped(let success):
                timeline.append(
                    now, placement, .click,
                    "\(label): " + (success ? "the landing page opened" : "the landing page could not open"))
            case .bindingFailed(let error):
                timeline.append(now, placement, .bind, "\(label): binding failed: \(error.message)")
            case .willPresent:
                timeline.append(now, placement, .present, "\(label): the video covers the window")
            case .failedToPresent(let error):
                timeline.append(now, placement, .present, "\(label): failed to present: \(error.message)")
            case .rewardEarned(let reward):
                coins += reward.amount
                timeline.append(now, placement, .reward, "\(label): earned \(reward.amount) \(reward.type)")
            case .didDismiss:
                timeline.append(now, placement, .dismiss, "\(label): dismissed; the feed is visible again")
            default:
                break
            }
        }
    }

    // MARK: Virtual time

    /// Runs virtual time to `target`, letting every provider answer and every timer fire on the way.
    private func run(until target: Duration) async {
        await driver.run(for: driver.now.duration(to: AdInstant(sinceEpoch: target)))
    }
}
