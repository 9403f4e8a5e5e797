import AdCore
import AdCreative
import AdEmbedded
import AdMediation
import CHeapStatistics
import Foundation

/// `adbench scaling`: how each piece of work grows with its size. Every series is measured at three or four sizes
/// spanning one or two decades, in seven rounds that each run every size back to back; a round's least-squares
/// log-log slope is 1 for linear work, 2 for quadratic, and a series' slope is the median of its rounds'. The result
/// is the worst slope; the goal is at most 1.15 for every series.
///
/// Series: binding N ads into one host, tearing them down, building a tree while tracking N ads, a frame with N
/// tracked ads, a frame with 1,000 ads among N static nodes, a frame with k occluders stacked over the ads, parsing
/// a document of N bytes, and one mediation decision over N line items. It also prints the memory each live ad
/// takes, with and without its card's nodes.
enum ScalingBenchmark {
    static let benchmark = Benchmark(
        name: "scaling",
        abstract: "Slopes of bind, teardown, frames, occluders, parse size and line items; worst slope is the value."
    ) {
        try await run()
    }

    /// One series: a name and, per round, the time (µs) of the work at each size.
    struct Series {
        let name: String
        let unit: String
        let sizes: [Int]
        /// Per round, the time at each size (in `sizes` order), all measured within the same second or so.
        var rounds: [[Double]] = []

        /// The series' slope: the median of the rounds' slopes. Each round measures every size back to back, so
        /// what the machine's neighbours do at that moment weighs on every size of the round alike; the median
        /// drops the rounds a burst still tipped.
        var slope: Double { Self.median(roundSlopes) }

        /// Each round's least-squares slope of log(time) over log(size).
        var roundSlopes: [Double] { rounds.map { Self.slope(sizes: sizes, times: $0) } }

        /// The median time at each size, for the report.
        var times: [Double] { sizes.indices.map { index in Self.median(rounds.map { $0[index] }) } }

        /// The least-squares slope of log(time) over log(size).
        static func slope(sizes: [Int], times: [Double]) -> Double {
            let xs = sizes.map { log(Double($0)) }
            let ys = times.map { log(Swift.max($0, 1e-3)) }
            let meanX = xs.reduce(0, +) / Double(xs.count)
            let meanY = ys.reduce(0, +) / Double(ys.count)
            let numerator = zip(xs, ys).map { ($0 - meanX) * ($1 - meanY) }.reduce(0, +)
            let denominator = xs.map { ($0 - meanX) * ($0 - meanX) }.reduce(0, +)
            return denominator > 0 ? numerator / denominator : 0
        }

        /// The median (the mean of the middle two for an even count); 0 for none.
        static func median(_ values: [Double]) -> Double {
            let sorted = values.sorted()
            guard !sorted.isEmpty else { return 0 }
            let middle = sorted.count / 2
            return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        }
    }

    @MainActor
    static func run() async throws -> BenchmarkResult {
        try await printMemoryPerAd()
        // Three sizes over the decade the issue measured: a least-squares fit that one noisy size cannot tip. Past
        // 10,000 ads (100,000 nodes) a frame is bound by memory latency on a shared machine, not by the work (see
        // Performance.md: 30,000 ads measured 5 to 12 ms a frame from run to run).
        let adCounts = [1_000, 3_000, 10_000]
        let series: [Series] = [
            try await measure("bind N ads", "ads", adCounts) { try await bindTime($0).bind },
            try await measure("tear down N ads", "ads", adCounts) { try await bindTime($0).teardown },
            try await measure("build a tree tracking N ads", "ads", adCounts) { try await buildTime($0) },
            try await measure("frame, N tracked ads", "ads", adCounts) { try frameTime(ads: $0) },
            try await measure("frame, 1,000 ads in N nodes", "nodes", [10_000, 30_000, 100_000]) {
                try frameTime(ads: 1_000, totalNodes: $0)
            },
            try await measure("frame, k stacked occluders", "occluders", [500, 1_500, 5_000]) {
                try occluderFrameTime(stackedOccluders: $0)
            },
            try await measure("parse N bytes", "bytes", [20_000, 200_000, 2_000_000]) { try parseTime($0) },
            try await measure("decide over N line items", "items", [10, 100, 1_000]) { decisionTime($0) },
        ].compactMap { $0 }
        print("")
        for item in series {
            let points = zip(item.sizes, item.times).map { "\($0.0) \(item.unit): \(format($0.1)) us" }
            print(
                "  \(item.name.padding(toLength: 30, withPad: " ", startingAt: 0)) slope \(format(item.slope))  "
                    + points.joined(separator: ", "))
        }
        let worst = series.map(\.slope).max() ?? 0
        print("worst slope: \(format(worst)) (goal: every slope <= 1.15)")
        return BenchmarkResult(name: "scaling", value: worst, unit: "slope", baseline: 1)
    }

    /// How many rounds a series runs; each measures every size (a smaller one several times, see ``measure``).
    private static let rounds = 7

    /// Measures `work` in ``rounds`` rounds, each running every size back to back; `nil` when
    /// `ADBENCH_SERIES=<words>` selects only the series whose name contains those words (for profiling one) and this
    /// is not one of them.
    @MainActor
    private static func measure(
        _ name: String, _ unit: String, _ sizes: [Int], _ work: (Int) async throws -> Double
    ) async throws -> Series? {
        if let only = ProcessInfo.processInfo.environment["ADBENCH_SERIES"], !only.isEmpty, !name.contains(only) {
            return nil
        }
        var result = Series(name: name, unit: unit, sizes: sizes)
        // Within a round a smaller size is cheaper and a burst of noise weighs more on it: it runs more times (the
        // square root of how many times smaller than the largest it is, rounded up) and keeps its fastest run (noise
        // only ever adds time). Pairing the sizes within a round, rather than keeping each size's fastest run of the
        // whole series, keeps the small sizes' extra runs from catching a quieter moment than the large size's did.
        let largest = Double(sizes.max() ?? 1)
        let runsOfSize = sizes.map { Int((largest / Double(Swift.max($0, 1))).squareRoot().rounded(.up)) }
        for _ in 0..<rounds {
            var times: [Double] = []
            for (position, size) in sizes.enumerated() {
                var fastest = Double.infinity
                for _ in 0..<runsOfSize[position] { fastest = Swift.min(fastest, try await work(size)) }
                times.append(fastest)
            }
            result.rounds.append(times)
        }
        let slopes = result.roundSlopes.map { format($0) }.joined(separator: ", ")
        print(
            "  measured \(name): \(zip(sizes, result.times).map { "\($0.0) -> \(format($0.1)) us" }); rounds' slopes \(slopes)"
        )
        return result
    }

    // MARK: Hosts

    /// A host with one tall window holding a scrolling, clipping feed, and a provider whose ads need no asset.
    @MainActor
    private struct Stage {
        let driver = VirtualTimeDriver(seed: 3)
        let host: AdHost
        let tree: HostTree
        let feed: HostNodeID
        let root: HostNodeID

        init() throws {
            host = AdHost(
                registry: try ProviderRegistry([ScalingProvider()]), scheduler: driver, transport: ScalingTransport(),
                beacons: RecordingBeaconSender())
            tree = host.tree
            let window = tree.addWindow(scene: "main", frame: Rect(x: 0, y: 0, width: 400, height: 800))
            root = try tree.rootNode(of: window)
            feed = try tree.makeNode(frame: Rect(x: 0, y: 0, width: 400, height: 800), clipsToBounds: true)
            try tree.addChild(feed, to: root)
        }

        /// A card of 10 nodes (the container, an opaque background, a call-to-action and 7 labels) at `y`.
        func addCard(y: Double, under parent: HostNodeID? = nil) throws -> (container: HostNodeID, cta: HostNodeID) {
            let container = try tree.makeNode(frame: Rect(x: 0, y: y, width: 400, height: 100))
            try tree.addChild(container, to: parent ?? feed)
            let background = try tree.makeNode(frame: Rect(x: 0, y: 0, width: 20, height: 100), isOpaque: true)
            try tree.addChild(background, to: container)
            let cta = try tree.makeNode(frame: Rect(x: 300, y: 60, width: 90, height: 30))
            try tree.addChild(cta, to: container)
            for label in 0..<7 {
                let node = try tree.makeNode(frame: Rect(x: 30, y: Double(label) * 12 + 4, width: 200, height: 10))
                try tree.addChild(node, to: container)
            }
            return (container, cta)
        }

        /// `count` ads loaded (not bound).
        func loadedAds(_ count: Int) async throws -> [UnifiedAd] {
            var ads: [UnifiedAd] = []
            ads.reserveCapacity(count)
            for _ in 0..<count {
                let ad = try host.makeAd(AdRequest(adUnitID: "unit", format: .native), provider: ScalingProvider.id)
                ad.load()
                ads.append(ad)
            }
            await driver.settle()
            guard ads.allSatisfy({ $0.phase == .loaded }) else {
                throw AdError(.internal, "The scaling benchmark's ads did not load.")
            }
            return ads
        }
    }

    // MARK: Series

    /// Binding `count` loaded ads to prebuilt cards, then destroying them (click views, trackers, claims released).
    @MainActor
    private static func bindTime(_ count: Int) async throws -> (bind: Double, teardown: Double) {
        let stage = try Stage()
        var cards: [(container: HostNodeID, cta: HostNodeID)] = []
        for index in 0..<count { cards.append(try stage.addCard(y: Double(index) * 110)) }
        let ads = try await stage.loadedAds(count)
        stage.driver.runDue()
        evictCaches()
        let bind = try Stopwatch.microseconds {
            for (ad, card) in zip(ads, cards) {
                try ad.bind(AdBinding(container: card.container, clickViews: [card.cta]))
            }
        }
        evictCaches()
        let teardown = Stopwatch.microseconds { for ad in ads { ad.destroy() } }
        guard stage.host.trackers.count == 0 else { throw AdError(.internal, "Trackers survived the teardown.") }
        return (bind, teardown)
    }

    /// Writes more memory than this machine's caches hold (384 MiB against a 260 MiB last level), so that the next
    /// timed step starts from memory at every size, as an app's binding of ads loaded a while before, or teardown of
    /// ads bound long before, does. Without it the ads just loaded or bound are still cached, more of them the fewer
    /// there are, and how much of the largest size stays cached depends on what the machine's neighbours run: the
    /// series would measure the cache (bind: 1.07-1.20 over three runs of the same binary without it).
    private static func evictCaches() {
        var buffer = [UInt8](repeating: 0, count: 384 << 20)
        var sum = 0
        buffer.withUnsafeMutableBytes { bytes in
            for offset in stride(from: 0, to: bytes.count, by: 64) {
                bytes[offset] = UInt8(truncatingIfNeeded: offset >> 6)
                sum &+= Int(bytes[offset])
            }
        }
        if sum == -1 { print("unreachable: \(sum)") }  // keeps the writes
    }

    /// Building the feed card by card, binding each card's ad as it is added (the tree changes between binds).
    @MainActor
    private static func buildTime(_ count: Int) async throws -> Double {
        let stage = try Stage()
        let ads = try await stage.loadedAds(count)
        return try Stopwatch.microseconds {
            for (index, ad) in ads.enumerated() {
                let card = try stage.addCard(y: Double(index) * 110)
                try ad.bind(AdBinding(container: card.container, clickViews: [card.cta]))
            }
            stage.driver.runDue()
        }
    }

    /// The median frame (scroll the feed 3 points, run due work, evaluate every tracker) with `ads` tracked ads
    /// in the scrolling feed (a list of cards, most of them off screen, as in an app) and `totalNodes` nodes in all
    /// (static filler beside the feed, one in ten opaque).
    @MainActor
    private static func frameTime(ads: Int, totalNodes: Int? = nil) throws -> Double {
        let stage = try Stage()
        let rule = ImpressionRule(minimumVisibleRatio: 0.5, minimumDuration: .seconds(3600))
        for index in 0..<ads {
            let card = try stage.addCard(y: Double(index) * 110)
            stage.host.trackers.track(node: card.container, rule: rule) { _ in }
        }
        if let totalNodes {
            let filler = try stage.tree.makeNode(frame: Rect(x: 0, y: 0, width: 400, height: 800))
            try stage.tree.addChild(filler, to: stage.root, at: 0)
            var parent = filler
            while stage.tree.nodeCount < totalNodes {
                let count = stage.tree.nodeCount
                let node = try stage.tree.makeNode(
                    frame: Rect(x: Double(count % 37), y: Double(count % 53), width: 30, height: 20),
                    isOpaque: count % 10 == 0)
                try stage.tree.addChild(node, to: parent)
                if count % 50 == 0 { parent = node }
            }
        }
        return try medianFrame(stage, trackers: ads)
    }

    /// The median frame with 100 tracked ads side by side under `stackedOccluders` thin opaque strips, each strip
    /// across every ad and none covering one whole: each ad's covered area is the union of all of them.
    @MainActor
    private static func occluderFrameTime(stackedOccluders: Int) throws -> Double {
        let stage = try Stage()
        let rule = ImpressionRule(minimumVisibleRatio: 0.5, minimumDuration: .seconds(3600))
        for index in 0..<100 {
            let card = try stage.tree.makeNode(
                frame: Rect(x: Double(index % 10) * 40, y: Double(index / 10) * 40, width: 36, height: 36))
            try stage.tree.addChild(card, to: stage.feed)
            stage.host.trackers.track(node: card, rule: rule) { _ in }
        }
        for index in 0..<stackedOccluders {
            let y = Double(index % 400)
            let width = 400 - Double(index % 13)
            let occluder = try stage.tree.makeNode(frame: Rect(x: 0, y: y, width: width, height: 0.5), isOpaque: true)
            try stage.tree.addChild(occluder, to: stage.root)
        }
        return try medianFrame(stage, trackers: 100)
    }

    /// Scrolls the feed 3 points a frame, runs due work and evaluates every tracker; the median of 200 frames.
    @MainActor
    private static func medianFrame(_ stage: Stage, trackers: Int) throws -> Double {
        let frame = Duration.nanoseconds(8_333_333)
        var samples: [Double] = []
        var offset = 0.0
        for index in 0..<260 {
            offset = offset >= 300 ? 0 : offset + 3
            let time = try Stopwatch.microseconds {
                try stage.tree.setBoundsOrigin(stage.feed, Point(x: 0, y: offset))
                stage.driver.advance(by: frame)
                stage.host.tick()
            }
            if index >= 60 { samples.append(time) }
        }
        guard stage.host.trackers.count == trackers else { throw AdError(.internal, "A frame lost trackers.") }
        return Stopwatch.median(samples)
    }

    /// Parsing one VAST document of about `bytes` bytes (an inline ad with as many creatives as it takes).
    private static func parseTime(_ bytes: Int) throws -> Double {
        var xml = "<VAST version=\"4.2\"><Ad id=\"a\"><InLine><AdSystem>S</AdSystem><AdTitle>T</AdTitle>"
        xml += "<Impression>https://t.example/imp</Impression><Creatives>"
        var index = 0
        while xml.utf8.count < bytes - 200 {
            xml += "<Creative id=\"c\(index)\"><Linear><Duration>00:00:15</Duration><TrackingEvents>"
            xml += "<Tracking event=\"start\">https://t.example/start?c=\(index)</Tracking>"
            xml += "<Tracking event=\"complete\">https://t.example/complete?c=\(index)</Tracking></TrackingEvents>"
            xml += "<MediaFiles><MediaFile delivery=\"progressive\" type=\"video/mp4\" width=\"640\" height=\"360\">"
            xml += "https://cdn.example/v\(index).mp4</MediaFile></MediaFiles></Linear></Creative>"
            index += 1
        }
        xml += "</Creatives></InLine></Ad></VAST>"
        let data = Data(xml.utf8)
        var limits = VASTParserLimits()
        limits.maxInputBytes = 16 << 20
        limits.maxCreativesPerAd = 1 << 20
        let parser = VASTParser(limits: limits)
        var samples: [Double] = []
        for _ in 0..<9 {
            var creatives = 0
            let time = Stopwatch.microseconds {
                creatives = (try? parser.parse(data))?.ads.first?.inLine?.creatives.count ?? -1
            }
            guard creatives == index else {
                throw AdError(.internal, "The \(bytes)-byte document parsed to \(creatives) creatives.")
            }
            samples.append(time)
        }
        return Stopwatch.median(samples)
    }

    /// One mediation decision over `items` line items (half bidders), per request.
    private static func decisionTime(_ items: Int) -> Double {
        let (placement, bids) = MediationBenchmark.placement(itemCount: items)
        var driver = MediationBenchmark.Driver(placement: placement, bids: bids)
        let requests = Swift.max(20, 20_000 / items)
        for round in 0..<requests { driver.oneRequest(round) }
        var samples: [Double] = []
        for _ in 0..<9 {
            samples.append(
                Stopwatch.microseconds { for round in 0..<requests { driver.oneRequest(round) } } / Double(requests))
        }
        return Stopwatch.median(samples)
    }

    // MARK: Memory

    /// Prints the heap each live, bound ad takes (glibc's `mallinfo2`), with and without its card's 10 nodes: the
    /// heap in use after 10,000 of each, less before (the transport keeps no record of its requests).
    @MainActor
    private static func printMemoryPerAd() async throws {
        do {
            let count = 10_000
            let stage = try Stage()
            var cards: [(container: HostNodeID, cta: HostNodeID)] = []
            let beforeCards = Int(adbench_heap_bytes_in_use())
            for index in 0..<count { cards.append(try stage.addCard(y: Double(index) * 110)) }
            let beforeAds = Int(adbench_heap_bytes_in_use())
            let ads = try await stage.loadedAds(count)
            for (ad, card) in zip(ads, cards) {
                try ad.bind(AdBinding(container: card.container, clickViews: [card.cta]))
            }
            stage.host.tick()
            let after = Int(adbench_heap_bytes_in_use())
            let perAd = Double(after - beforeAds) / Double(count)
            let perAdWithCard = Double(after - beforeCards) / Double(count)
            print(
                "memory per live bound ad: \(format(perAd / 1024)) KB; with its 10-node card \(format(perAdWithCard / 1024)) KB"
            )
            withExtendedLifetime(ads) {}
        }
    }

    private static func format(_ value: Double) -> String { String(format: "%.2f", value) }
}

/// The scaling benchmark's transport: every request gets the same two bytes at once, and nothing is recorded.
private struct ScalingTransport: ResponseTransport {
    func fetch(_ request: TransportRequest) async throws(AdError) -> TransportResponse {
        TransportResponse(body: Array("cr".utf8))
    }
}

/// The scaling benchmark's provider: every ad loads at once from the transport's body and needs no asset.
private struct ScalingProvider: AdProvider {
    static let id: ProviderID = "scaling"
    let descriptor = ProviderDescriptor(
        id: ScalingProvider.id, displayName: "Scaling", version: ProviderVersion(1, 0, 0, 0),
        supportedFormats: [.native])

    @MainActor
    func load(_ request: AdRequest, environment: ProviderEnvironment) async throws(AdError) -> any ProviderAd {
        let response = try await environment.transport.fetch(
            TransportRequest(providerID: descriptor.id, adUnitID: request.adUnitID))
        return ScalingAd(
            info: LoadedAdInfo(
                providerID: descriptor.id, adUnitID: request.adUnitID, format: .native,
                creativeID: String(decoding: response.body, as: UTF8.self), loadedAt: environment.scheduler.now))
    }
}

@MainActor
private final class ScalingAd: ProviderAd {
    let info: LoadedAdInfo
    init(info: LoadedAdInfo) { self.info = info }
    func attach(_ binding: AdBinding, part: AdPart, context: ProviderContext) throws(AdError) {}
}
