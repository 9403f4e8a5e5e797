import AdCore
import AdMediation
import AdTestSupport
import Foundation
import Testing

/// Rule R2, "validated means safe to run": every number of the configuration format is declared once with the
/// values it accepts (`MediationConfiguration.numbers`), and its largest accepted value runs a request through the
/// real `Mediator` in virtual time with bounded memory. The declared table is checked against the decoders
/// themselves (`NumericFieldRecorder`): a numeric field a decoder reads and the table does not list fails here.
@MainActor
@Suite("R2: every configuration number, at its largest accepted value, runs", .serialized)
struct ConfigurationNumberTests {
    /// The most virtual memory one run may add: far below the 8 GB a tier of 10^9 reserved before (and the 160 GB
    /// that crashed), far above what the tests running beside it map (thread stacks, malloc arenas).
    static let memoryBound = 4 << 30

    /// A configuration with every field of the format set: app caps with a window, an expiry rule, a hybrid
    /// placement with every control, a fixed and a learned waterfall item (each with its own floor, in an explicit
    /// order) and a bidder.
    static func everyField() -> MediationConfiguration {
        let google: ProviderID = "google"
        var placement = PlacementConfiguration(
            id: "p", format: .interstitial, strategy: .hybrid,
            lineItems: [
                LineItemConfiguration(
                    id: "bid", providerID: google, adUnitID: "unit-bid", mode: .bidder, floorMicros: 100,
                    timeout: .seconds(1)),
                LineItemConfiguration(
                    id: "fixed", providerID: google, adUnitID: "unit-fixed",
                    mode: .waterfall(pricing: .fixed, priceMicros: 3_000, priority: 1), floorMicros: 200,
                    timeout: .seconds(2)),
                LineItemConfiguration(
                    id: "learned", providerID: google, adUnitID: "unit-learned",
                    mode: .waterfall(pricing: .learned, priceMicros: 1_000, priority: 2), floorMicros: 300,
                    timeout: .seconds(2)),
            ])
        placement.floorMicros = 50
        placement.auction = AuctionPolicy(deadline: .seconds(1), pricing: .secondPrice)
        placement.parallelTierSize = 2
        placement.caps = [FrequencyCap(maxImpressions: 3, window: .seconds(3_600))]
        placement.pacing = .seconds(30)
        // The longest delay at its own maximum, so that the first delay may take any value up to it.
        placement.retry = RetryPolicy(
            maxAttempts: 2, baseDelay: .seconds(1), maximumDelay: CheckedConversion.maximumDuration)
        placement.preload = true
        placement.learning = LearningPolicy(smoothing: 0.3, explorationRate: 0.05)
        placement.waterfallOrder = ["learned", "fixed"]
        return MediationConfiguration(
            currency: "USD", appCaps: [FrequencyCap(maxImpressions: 30, window: .seconds(3_600))],
            expiry: [ExpiryRule(providerID: google, formats: [.interstitial], timeToLive: .seconds(3_600))],
            placements: [placement])
    }

    static let providers = [PricedProvider(id: "google").descriptor]

    /// The JSON tree of ``everyField()`` as the encoder writes it.
    static func tree() throws -> Any {
        try JSONSerialization.jsonObject(with: JSONEncoder().encode(everyField()))
    }

    /// `tree` with every leaf at `path` (indices written `[]`) replaced by `value`.
    static func setting(_ path: [String], to value: Double, in node: Any) -> Any {
        guard let head = path.first else { return value }
        let rest = Array(path.dropFirst())
        if head == "[]", let array = node as? [Any] { return array.map { setting(rest, to: value, in: $0) } }
        guard var object = node as? [String: Any], let child = object[head] else { return node }
        object[head] = setting(rest, to: value, in: child)
        return object
    }

    /// `$.placements[].retry.maxAttempts` as steps: `placements`, `[]`, `retry`, `maxAttempts`.
    static func steps(_ path: String) -> [String] {
        path.dropFirst(2).split(separator: ".").flatMap { part -> [String] in
            part.hasSuffix("[]") ? [String(part.dropLast(2)), "[]"] : [String(part)]
        }
    }

    @Test("R2: the table lists exactly the numbers the decoders read (a new numeric field must be declared)")
    func r2_tableMatchesTheDecoders() throws {
        let json = try JSONEncoder().encode(Self.everyField())
        let fields = try NumericFieldRecorder.fields(of: MediationConfiguration.self, decoding: json)
        #expect(fields.absentObjects.isEmpty, "everyField() must hold every optional object: \(fields.absentObjects)")
        let declared = Set(MediationConfiguration.numbers.keys)
        #expect(fields.numbers.subtracting(declared).sorted() == [], "numbers the decoders read but the table lacks")
        #expect(declared.subtracting(fields.numbers).sorted() == [], "numbers the table lists but no decoder reads")
        _ = try MediationConfiguration.decode(json, providers: Self.providers)
    }

    @Test(
        "R2: each number at its largest accepted value validates and runs a request in bounded memory",
        .timeLimit(.minutes(1)), arguments: MediationConfiguration.numbers.keys.sorted())
    func r2_largestAcceptedValueRuns(path: String) async throws {
        let number = try #require(MediationConfiguration.numbers[path])
        let tree = Self.setting(Self.steps(path), to: number.largest, in: try Self.tree())
        let json = try JSONSerialization.data(withJSONObject: tree)
        let configuration = try MediationConfiguration.decode(json, providers: Self.providers)
        #expect(number.accepts(number.largest))

        let world = try TestHost(providers: [PricedProvider(id: "google")])
        for unit in ["unit-bid", "unit-fixed", "unit-learned"] {
            world.transport.respond(to: unit, with: .delayed(.milliseconds(100), .body(Array("cr-\(unit)@2500".utf8))))
        }
        let before = ProcessMemory.virtualBytes()
        let mediator = try Mediator(configuration: configuration, host: world.host, random: SeededRandom(seed: 1))
        try mediator.load("p")
        // The request ends within its own longest deadline; every timer is virtual.
        await world.run(for: .seconds(4))
        let grown = ProcessMemory.virtualBytes() - before
        let report = try #require(mediator.lastReport(for: "p"), "\(path) = \(number.largest): no request ended")
        #expect(report.placementID == "p")
        #expect(grown < Self.memoryBound, "\(path) = \(number.largest) reserved \(grown) bytes")
    }

    @Test("R2: a tier of 20,000,000,000 (it crashed the first load) is refused, naming the accepted range")
    func r2_hugeTierSizeRefused() throws {
        let problems = Self.problems(replacing: "$.placements[].parallelTierSize", with: 20_000_000_000)
        #expect(problems.map(\.path) == ["$.placements[0].parallelTierSize"])
        #expect(problems.first?.kind == .outOfRange)
        #expect(problems.first?.message.contains("allowed: 1...1000") == true)
    }

    @Test("R2: maxAttempts 2^53 is refused; 100 runs, 101 is refused")
    func r2_retryCountBounded() {
        #expect(Self.problems(replacing: "$.placements[].retry.maxAttempts", with: 9_007_199_254_740_992).count == 1)
        #expect(Self.problems(replacing: "$.placements[].retry.maxAttempts", with: 100).isEmpty)
        #expect(
            Self.problems(replacing: "$.placements[].retry.maxAttempts", with: 101).map(\.path) == [
                "$.placements[0].retry.maxAttempts"
            ])
    }

    @Test("R2: priceMicros at Int64.max names the range it is outside of, not one that contains it")
    func r2_priceAtInt64MaxMessage() throws {
        let problems = Self.problems(
            replacing: "$.placements[].lineItems[].priceMicros", with: 9_223_372_036_854_775_808)
        #expect(problems.count == 2)
        for problem in problems {
            #expect(problem.kind == .outOfRange)
            #expect(problem.message.contains("allowed: 0...1000000000 micros"), "\(problem.message)")
            #expect(!problem.message.contains("9223372036854775807)"))
        }
    }

    @Test("R2: a tier larger than the placement's items asks every item at once and reserves no more")
    func r2_tierLargerThanItems() async throws {
        var configuration = Self.everyField()
        configuration.placements[0].parallelTierSize = 1_000
        let world = try TestHost(providers: [PricedProvider(id: "google")])
        for unit in ["unit-bid", "unit-fixed", "unit-learned"] {
            world.transport.respond(to: unit, with: .delayed(.milliseconds(100), .body(Array("cr-\(unit)@2500".utf8))))
        }
        let mediator = try Mediator(configuration: configuration, host: world.host)
        try mediator.load("p")
        await world.run(for: .seconds(3))
        let report = try #require(mediator.lastReport(for: "p"))
        #expect(report.items.allSatisfy { $0.state != .notAttempted }, "\(report)")
    }

    /// The problems of ``everyField()`` with every leaf at `path` set to `value`.
    static func problems(replacing path: String, with value: Double) -> [ConfigurationProblem] {
        do {
            let tree = setting(steps(path), to: value, in: try self.tree())
            _ = try MediationConfiguration.decode(
                try JSONSerialization.data(withJSONObject: tree), providers: providers)
            return []
        } catch let error as MediationConfigurationError {
            return error.problems
        } catch {
            Issue.record("\(error)")
            return []
        }
    }
}
