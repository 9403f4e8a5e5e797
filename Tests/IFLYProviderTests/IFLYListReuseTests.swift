import AdCore
import AdTestSupport
import IFLYProvider
import Testing

/// A recycled list of 50 rows (200 points each) in the 800-point feed, 20 of them ads owned by the data layer,
/// scrolled up and down in virtual time with cells reused (rules I16, I17, I18, with I24 exposure and I14 clicks).
@MainActor
private final class RecycledList {
    struct Cell {
        let container: HostNodeID
        let media: HostNodeID
        let title: HostNodeID
        let badge: HostNodeID
        let cta: HostNodeID
        let close: HostNodeID
    }

    static let rows = 50
    static let rowHeight = 200.0
    static let viewport = 800.0
    static let step = Duration.milliseconds(50)

    let ifly: IFLYWorld
    /// The data layer: row → ad (I18). A removed ad is gone from here for good.
    var ads: [Int: NativeFeedAd] = [:]
    var offset = 0.0
    private var pool: [Cell] = []
    private(set) var rowCell: [Int: Cell] = [:]
    /// Per cell (by container), the last ad it showed: a stale route the test tries after reuse.
    private var lastAdInCell: [HostNodeID: NativeFeedAd] = [:]

    // The oracle: continuous time each ad row has been at least 2/3 visible, and the visits that lasted 500 ms.
    private var visibleFor: [Int: Duration] = [:]
    private(set) var qualifyingVisits: [Int: Int] = [:]
    private(set) var countedClicks: [Int: Int] = [:]
    private(set) var staleRoutesTried = 0
    private(set) var reusedCells = 0

    init(ifly: IFLYWorld) { self.ifly = ifly }

    static func isAdRow(_ row: Int) -> Bool { row % 5 == 1 || row % 5 == 3 }

    func loadAds() async throws {
        let fixtures = ["single-image-redirect.xml", "multi-image-three.xml", "multi-image-two.xml"]
        for row in 0..<Self.rows where Self.isAdRow(row) {
            let ad = try ifly.makeAd(unit: "row-\(row)", body: try IFLYWorld.fixture(fixtures[row % 3]))
            await ad.load()
            ads[row] = ad
        }
    }

    func ratio(ofRow row: Int) -> Double {
        let top = Double(row) * Self.rowHeight
        let overlap = min(top + Self.rowHeight, offset + Self.viewport) - max(top, offset)
        return max(0, overlap) / Self.rowHeight
    }

    private func makeCell() throws -> Cell {
        let tree = ifly.tree
        let container = try tree.makeNode(frame: Rect(x: 0, y: -1000, width: 400, height: Self.rowHeight))
        try tree.addChild(container, to: ifly.world.feed)
        func child(_ frame: Rect) throws -> HostNodeID {
            let node = try tree.makeNode(frame: frame)
            try tree.addChild(node, to: container)
            return node
        }
        return Cell(
            container: container, media: try child(Rect(x: 10, y: 50, width: 380, height: 90)),
            title: try child(Rect(x: 10, y: 10, width: 300, height: 30)),
            badge: try child(Rect(x: 320, y: 10, width: 70, height: 30)),
            cta: try child(Rect(x: 10, y: 150, width: 200, height: 40)),
            close: try child(Rect(x: 360, y: 155, width: 30, height: 30)))
    }

    /// Scrolls to `newOffset` and lays out: cells of rows that left are detached by container and reused.
    func scroll(to newOffset: Double) throws {
        offset = min(max(newOffset, 0), Double(Self.rows) * Self.rowHeight - Self.viewport)
        try ifly.tree.setBoundsOrigin(ifly.world.feed, Point(x: 0, y: offset))
        for (row, cell) in rowCell where ratio(ofRow: row) == 0 {
            rowCell[row] = nil
            let shown = ifly.loader.ad(attachedTo: cell.container)
            ifly.loader.detachAd(fromContainer: cell.container)
            // Synchronous (I17): nothing of the ad is left on the cell when the call returns.
            #expect(ifly.loader.ad(attachedTo: cell.container) == nil)
            #expect(ifly.host.owner(ofClickView: cell.cta) == nil)
            if let shown { #expect(shown.unified.phase == .loaded && shown.attachedContainer == nil) }
            pool.append(cell)
        }
        for row in 0..<Self.rows where ratio(ofRow: row) > 0 && rowCell[row] == nil {
            let cell: Cell
            if let reused = pool.popLast() {
                cell = reused
                reusedCells += 1
            } else {
                cell = try makeCell()
            }
            try ifly.tree.setFrame(
                cell.container, Rect(x: 0, y: Double(row) * Self.rowHeight, width: 400, height: Self.rowHeight))
            rowCell[row] = cell
            if let ad = ads[row] {
                try ad.attach(
                    with: NativeFeedAdViewBinder(
                        containerView: cell.container,
                        renderViews: [.media: cell.media, .title: cell.title, .badge: cell.badge],
                        clickViews: [cell.cta], closeView: cell.close))
            }
            tryStaleRoute(cell: cell, nowShowing: ads[row])
            if let ad = ads[row] { lastAdInCell[cell.container] = ad }
        }
    }

    /// The ad a reused cell showed before must never take a click on it now.
    private func tryStaleRoute(cell: Cell, nowShowing: NativeFeedAd?) {
        guard let previous = lastAdInCell[cell.container], previous !== nowShowing,
            previous.unified.phase != .destroyed
        else { return }
        staleRoutesTried += 1
        let clicksBefore = ifly.events(of: previous).filter { $0 == "didClick" }.count
        #expect(previous.click(on: cell.cta) != .counted)
        #expect(ifly.events(of: previous).filter { $0 == "didClick" }.count == clicksBefore)
    }

    /// Lets one step of virtual time pass and updates the oracle.
    func tick() {
        ifly.driver.advance(by: Self.step)
        for row in ads.keys {
            if ratio(ofRow: row) >= 2.0 / 3.0 {
                let before = visibleFor[row, default: .zero]
                visibleFor[row] = before + Self.step
                if before < .milliseconds(500) && before + Self.step >= .milliseconds(500) {
                    qualifyingVisits[row, default: 0] += 1
                }
            } else {
                visibleFor[row] = .zero
            }
        }
    }

    /// Taps the CTA of every fully visible ad cell, routed by container as a real list does.
    func tapVisibleAds() {
        for (row, cell) in rowCell where ratio(ofRow: row) == 1 {
            guard let ad = ads[row] else {
                #expect(ifly.loader.ad(attachedTo: cell.container) == nil)
                continue
            }
            let routed = ifly.loader.ad(attachedTo: cell.container)
            #expect(routed === ad)
            let outcome = routed?.click(on: cell.cta)
            if qualifyingVisits[row, default: 0] > 0 {
                #expect(outcome == .counted || outcome == .repeated, "row \(row): \(String(describing: outcome))")
                if outcome == .counted { countedClicks[row, default: 0] += 1 }
            } else if case .rejected(let error)? = outcome {
                #expect(error.hint?.hasPrefix("[71503/impression]") == true)
            } else {
                Issue.record("row \(row) took a click before its exposure: \(String(describing: outcome))")
            }
        }
    }
}

@MainActor
@Suite("IFLY list reuse: 50 recycled cells, 20 ads (I16, I17, I18)")
struct IFLYListReuseTests {
    @Test(
        "I16: scrolling a recycled list exposes each ad once when really visible, routes no click to the wrong ad")
    func i16_recycledListScenario() async throws {
        let ifly = try IFLYWorld()
        let list = RecycledList(ifly: ifly)
        try await list.loadAds()
        #expect(list.ads.count == 20)
        // (points per second, seconds): pauses, slow and fast flings, down and up.
        let script: [(Double, Double)] = [
            (0, 1), (2000, 1), (0, 0.7), (400, 3), (3000, 1.2), (0, 0.3), (-1500, 2), (0, 1), (800, 4),
            (-5000, 1), (600, 3), (2500, 2), (0, 0.6), (-300, 2), (-1200, 3), (0, 1), (1500, 2.5),
        ]
        var removed: [NativeFeedAd] = []
        var eventsAtRemoval: [Int] = []
        var removedFeedAds: [(ad: IFLYFeedAd, wasExposed: Bool, cta: HostNodeID?)] = []
        var stepIndex = 0
        try list.scroll(to: 0)
        for (velocity, seconds) in script {
            for _ in 0..<Int((seconds / 0.05).rounded()) {
                stepIndex += 1
                try list.scroll(to: list.offset + velocity * 0.05)
                list.tick()
                if stepIndex % 7 == 0 { list.tapVisibleAds() }
                if stepIndex == 120 {
                    // The data layer removes three ads for good (I18): detach, drop the delegate, release.
                    for row in [1, 11, 21] {
                        guard let ad = list.ads.removeValue(forKey: row) else { continue }
                        let feedAd = try #require(ad.feedAd)
                        removedFeedAds.append((feedAd, feedAd.isExposed, list.rowCell[row]?.cta))
                        ad.destroy()
                        removed.append(ad)
                        eventsAtRemoval.append(ifly.events(of: ad).count)
                        #expect(
                            ifly.loader.ad(attachedTo: list.rowCell[row]?.container ?? HostNodeID(rawValue: -1)) == nil)
                    }
                }
            }
        }
        ifly.driver.advance(by: .seconds(2))
        list.tapVisibleAds()

        // Each remaining ad was exposed exactly once if, and only if, it was really visible long enough.
        var exposedAds = 0
        for (row, ad) in list.ads {
            let exposures = ifly.events(of: ad).filter { $0 == "didExpose" }.count
            let expected = list.qualifyingVisits[row, default: 0] > 0 ? 1 : 0
            #expect(
                exposures == expected, "row \(row): \(exposures) exposures, \(list.qualifyingVisits[row] ?? 0) visits")
            exposedAds += expected
            // Clicks reached only the ad in the cell: one counted click per ad at most, all its own.
            #expect(ifly.events(of: ad).filter { $0 == "didClick" }.count == list.countedClicks[row, default: 0])
            #expect(list.countedClicks[row, default: 0] <= 1)
        }
        // An ad removed for good emits nothing more: late SDK callbacks and taps on its old cell send no beacon,
        // raise no callback and change nothing.
        let beaconsBefore = ifly.beacons.sent
        for (ad, removedAd) in zip(removed, removedFeedAds) {
            removedAd.ad.didRecordImpression(ImpressionData(providerID: IFLYProvider.id, adUnitID: "late"))
            removedAd.ad.didRecordClick(on: removedAd.cta, part: .main)
            if let cta = removedAd.cta { #expect(ad.click(on: cta) != .counted) }
        }
        ifly.driver.advance(by: .seconds(2))
        await ifly.driver.settle()
        #expect(ifly.beacons.sent == beaconsBefore)
        for ((ad, count), removedAd) in zip(zip(removed, eventsAtRemoval), removedFeedAds) {
            #expect(ifly.events(of: ad).count == count)
            #expect(ad.unified.phase == .destroyed)
            #expect(removedAd.ad.isExposed == removedAd.wasExposed)
            #expect(removedAd.ad.binding == nil)
        }
        #expect(removedFeedAds.contains { !$0.wasExposed })
        #expect(removed.count == 3)
        // The scenario exercised what it claims: reuse, stale routes, exposed and unexposed ads, repeat visits.
        #expect(list.reusedCells > 50)
        #expect(list.staleRoutesTried > 5)
        #expect(exposedAds > 3 && exposedAds < list.ads.count)
        #expect(list.qualifyingVisits.values.contains { $0 > 1 })
        #expect(list.countedClicks.values.reduce(0, +) > 2)
        let exposures = ifly.beacons.sent.filter { $0.kind == .impression }.count
        let removedExposures = removed.map { ifly.events(of: $0).filter { $0 == "didExpose" }.count }.reduce(0, +)
        #expect(exposures == exposedAds + removedExposures)
    }

    @Test("I17: one container shows one ad: a second ad attached to it without detaching the first is refused")
    func i17_oneContainerShowsOneAd() async throws {
        let ifly = try IFLYWorld()
        let cell = try ifly.addCell(y: 0)
        // Two ads made without the loader: nothing detaches the first one for the second.
        let first = try ifly.makeAd(unit: "first", body: try IFLYWorld.fixture("single-image-redirect.xml"))
        let second = try ifly.makeAd(unit: "second", body: try IFLYWorld.fixture("multi-image-two.xml"))
        await first.load()
        await second.load()
        let standalone = NativeFeedAd(unified: second.unified, host: ifly.host)
        try first.attach(with: ifly.binder(cell, for: first))
        var binder = ifly.binder(cell, for: second)
        binder.clickViews = []  // the call-to-action is the first ad's: the container itself is what collides
        let error = thrownError { try standalone.attach(with: binder) }
        #expect(error?.code == .invalidBinder)
        #expect(error?.hint?.contains("I17") == true)
        #expect(ifly.host.ad(shownIn: cell.container) == first.unified.id)
        // Detached per container, synchronously (I16, I17), the container is free for the second ad at once.
        #expect(first.detach(from: cell.container))
        #expect(ifly.host.ad(shownIn: cell.container) == nil)
        try standalone.attach(with: binder)
        #expect(ifly.host.ad(shownIn: cell.container) == second.unified.id)
    }
}
