import AdCreative
import CLibXML2
import Foundation
import FoundationXML

/// `adbench parse`: the typed VAST model against the floor of any libxml2-based parser.
///
/// The 69 VAST 2-4 IAB samples are repeated as 2,000 separate in-memory documents (or, with
/// `ADBRIDGE_PARSE_DOCUMENTS=<folder>`, every VAST document in that folder, e.g. a scenario's creatives, so their
/// parse cost can be compared with the IAB samples'). Measured, in one run:
/// the typed model (``VASTParser``), a bare libxml2 SAX2 pass whose callbacks touch every element name,
/// attribute value and text and build nothing (the baseline), a bare `xmlTextReader` walk and a Foundation
/// `XMLParser` delegate walk.
enum ParseBenchmark {
    static let documentCount = 2000
    /// Rounds per walk, interleaved; the round with the smallest total is kept. Fifteen, not seven: on this
    /// project's noisy 2-core machine seven rounds left the ratio varying by about ±0.03 from run to run, fifteen
    /// by about ±0.015 (the walks take about a second each way).
    static let rounds = 15

    static let benchmark = Benchmark(
        name: "parse",
        abstract: "Parse 2,000 IAB VAST documents to the typed model vs a bare libxml2 SAX2 pass."
    ) {
        try run()
    }

    static func samplesFolder() -> URL? {
        if let override = ProcessInfo.processInfo.environment["ADBRIDGE_IAB_SAMPLES"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        guard let root = try? PackageRoot.url() else { return nil }
        let folder = root.deletingLastPathComponent().appendingPathComponent("shared/corpus/iab-vast-samples")
        return FileManager.default.fileExists(atPath: folder.path) ? folder : nil
    }

    /// The documents to parse, a description of them for the report's first line, and whether they may hold no
    /// ad (a chosen folder's no-fill answers are parsed as providers parse them, `allowNoAd: true`).
    static func loadDocuments() throws -> (documents: [Data], source: String, allowNoAd: Bool) {
        let chosen = ProcessInfo.processInfo.environment["ADBRIDGE_PARSE_DOCUMENTS"].flatMap { $0.isEmpty ? nil : $0 }
        guard let folder = chosen.map({ URL(fileURLWithPath: $0) }) ?? samplesFolder() else {
            throw BenchmarkFailure(description: "IAB VAST samples not found; set ADBRIDGE_IAB_SAMPLES.")
        }
        let allowNoAd = chosen != nil
        let parser = VASTParser()
        var samples: [Data] = []
        let paths = (FileManager.default.subpaths(atPath: folder.path) ?? []).filter { $0.hasSuffix(".xml") }.sorted()
        for path in paths {
            let data = try Data(contentsOf: folder.appendingPathComponent(path))
            if (try? parser.parse(data, allowNoAd: allowNoAd)) != nil { samples.append(data) }
        }
        if allowNoAd {
            guard !samples.isEmpty else {
                throw BenchmarkFailure(
                    description: "No VAST document in ADBRIDGE_PARSE_DOCUMENTS (\(folder.path)) parses; "
                        + "point it at a folder of .xml creatives."
                )
            }
        } else if samples.count != 69 {
            throw BenchmarkFailure(description: "Expected 69 VAST 2-4 samples, found \(samples.count).")
        }
        let source = allowNoAd ? "\(samples.count) documents of \(folder.path)" : "69 IAB VAST 2-4 samples"
        // Separate copies, so no two documents share storage.
        return ((0..<documentCount).map { Data(samples[$0 % samples.count]) }, source, allowNoAd)
    }

    /// One round: every document once, timed one by one. Returns (median µs, total µs).
    static func round(_ documents: [Data], _ parse: (Data) -> Int) -> (median: Double, total: Double) {
        var times: [Double] = []
        times.reserveCapacity(documents.count)
        var sink = 0
        for document in documents {
            times.append(Stopwatch.microseconds { sink &+= parse(document) })
        }
        if sink == 42 { print("") }
        return (Stopwatch.median(times), times.reduce(0, +))
    }

    /// Runs the walks' rounds interleaved (so a busy machine slows them alike) and keeps, for each walk, the
    /// round with the smallest total: (median µs per document, total µs).
    static func measure(_ documents: [Data], _ walks: [(Data) -> Int]) -> [(median: Double, total: Double)] {
        var best = [(median: Double, total: Double)](repeating: (.infinity, .infinity), count: walks.count)
        for _ in 0..<rounds {
            for (index, walk) in walks.enumerated() {
                let result = round(documents, walk)
                if result.total < best[index].total { best[index] = result }
            }
        }
        return best
    }

    static func run() throws -> BenchmarkResult {
        let (documents, source, allowNoAd) = try loadDocuments()
        let parser = VASTParser()
        LibXML2Runtime.ensureInitialized()
        for document in documents.prefix(200) {
            _ = try? parser.parse(document, allowNoAd: allowNoAd)
            _ = SAX2Floor.walk(document)
        }
        let results = measure(
            documents,
            [
                { data in (try? parser.parse(data, allowNoAd: allowNoAd))?.ads.count ?? -1 },
                { SAX2Floor.walk($0) },
                { ReaderWalk.walk($0) },
                { FoundationWalk.walk($0) },
            ]
        )
        let (typed, floor, reader, foundation) = (results[0], results[1], results[2], results[3])
        print(
            "parse: \(documents.count) documents (\(source) repeated), best of \(rounds) interleaved rounds"
        )
        func line(_ name: String, _ value: (median: Double, total: Double)) {
            let ratio = value.median / floor.median
            print(
                "  \(name.padding(toLength: 34, withPad: " ", startingAt: 0)) median \(format(value.median)) us/doc"
                    + "  mean \(format(value.total / Double(documents.count))) us/doc"
                    + "  total \(format(value.total / 1000)) ms  \(format(ratio))x floor"
            )
        }
        line("typed model (VASTParser)", typed)
        line("bare libxml2 SAX2 pass (baseline)", floor)
        line("bare xmlTextReader walk", reader)
        line("Foundation XMLParser walk", foundation)
        return BenchmarkResult(name: "parse", value: typed.median, unit: "us", baseline: floor.median)
    }

    static func format(_ value: Double) -> String { String(format: "%.2f", value) }
}
