import AdCore
import AdEmbedded

/// `adbench visibility`: per-frame visibility + impression evaluation for 1,000 tracked ads in a 10,000-node tree
/// with 10 horizontally scrolling containers and 4 occluders, every container scrolling every frame.
///
/// Baseline, measured in the same run: a bare walk that visits every node of the same tree once per frame.
/// The impression rule needs one hour, so all 1,000 trackers stay live in every measured frame (the worst case).
enum VisibilityBenchmark {
    static let benchmark = Benchmark(
        name: "visibility",
        abstract: "Per-frame visibility + impression evaluation: 1,000 ads, 10,000 nodes, 10 scrolling lists."
    ) {
        try run()
    }

    private static let frames = 2_000
    private static let warmUp = 200

    @MainActor
    private static func run() throws -> BenchmarkResult {
        let driver = VirtualTimeDriver(seed: 7)
        let tree = HostTree()
        let host = AdHost(
            tree: tree, registry: ProviderRegistry(), scheduler: driver, transport: InMemoryTransport(),
            beacons: RecordingBeaconSender())
        let window = tree.addWindow(scene: "main", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        let root = try tree.rootNode(of: window)
        let rule = ImpressionRule(minimumVisibleRatio: 0.5, minimumDuration: .seconds(3600))
        var lists: [HostNodeID] = []
        for list in 0..<10 {
            let container = try tree.makeNode(
                frame: Rect(x: 0, y: Double(list) * 80, width: 400, height: 80), clipsToBounds: true)
            try tree.addChild(container, to: root)
            lists.append(container)
            for card in 0..<100 {
                let ad = try tree.makeNode(frame: Rect(x: Double(card) * 110, y: 0, width: 100, height: 80))
                try tree.addChild(ad, to: container)
                for part in 0..<9 {
                    let node = try tree.makeNode(
                        frame: Rect(x: 4, y: Double(part) * 8 + 2, width: 92, height: 7), isOpaque: part == 0)
                    try tree.addChild(node, to: ad)
                }
                host.trackers.track(node: ad, rule: rule) { _ in }
            }
        }
        for frame in [
            Rect(x: 0, y: 0, width: 400, height: 44), Rect(x: 320, y: 700, width: 60, height: 60),
            Rect(x: 0, y: 760, width: 400, height: 40), Rect(x: 100, y: 300, width: 150, height: 120),
        ] {
            let occluder = try tree.makeNode(frame: frame, isOpaque: true)
            try tree.addChild(occluder, to: root)
        }
        print("tree: \(tree.nodeCount) nodes, \(host.trackers.count) tracked ads, \(lists.count) scrolling lists")

        // The baseline's own copy of the tree's shape, walked with an explicit stack.
        var children: [[Int32]] = Array(repeating: [], count: tree.nodeCount)
        for index in 0..<tree.nodeCount {
            children[index] = try tree.children(of: HostNodeID(rawValue: Int32(index))).map(\.rawValue)
        }
        var stack: [Int32] = []
        stack.reserveCapacity(64)
        var visited = 0
        var walkSamples: [Double] = []
        var frameSamples: [Double] = []
        var offset = 0.0
        let frameDuration = Duration.nanoseconds(8_333_333)
        for frame in 0..<(frames + warmUp) {
            let walk = Stopwatch.microseconds {
                stack.append(root.rawValue)
                while let node = stack.popLast() {
                    visited &+= 1
                    stack.append(contentsOf: children[Int(node)])
                }
            }
            offset = offset >= 10_000 ? 0 : offset + 3
            let step = try Stopwatch.microseconds {
                for list in lists { try tree.setBoundsOrigin(list, Point(x: offset, y: 0)) }
                driver.advance(by: frameDuration)
            }
            if frame >= warmUp {
                walkSamples.append(walk)
                frameSamples.append(step)
            }
        }
        guard host.trackers.count == 1_000, visited > 0 else {
            throw AdError(.internal, "The benchmark lost trackers (\(host.trackers.count) left).")
        }
        let value = Stopwatch.median(frameSamples)
        let baseline = Stopwatch.median(walkSamples)
        let p99 = frameSamples.sorted()[frameSamples.count * 99 / 100]
        print("per frame: median \(value) us, p99 \(p99) us over \(frames) frames (goal: <= 250 us)")
        print("bare walk of \(tree.nodeCount) nodes: median \(baseline) us")
        return BenchmarkResult(name: "visibility", value: value, unit: "us", baseline: baseline)
    }
}
