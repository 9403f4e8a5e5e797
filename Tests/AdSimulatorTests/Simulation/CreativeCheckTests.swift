import AdCore
import AdMediation
import AdSimulator
import BuiltInProviders
import Foundation
import Testing

@testable import adsim

/// A creative the serving line item's provider cannot load (a wrapper the simulated server cannot follow, another
/// vendor's dialect, a malformed document) would fail every fill while the oracle counted it: it is a problem of the
/// scenario, listed by `adsim validate`, refused by `adsim simulate` (65) and by `SimulationRunner` before anything
/// runs.
@MainActor
@Suite("Creatives the provider cannot load are refused before a run")
struct CreativeCheckTests {
    /// `optimize-floor.json` (Google bidders on a rewarded placement) serving `creative` instead of its rewarded
    /// video, written to a new folder with absolute file paths. The caller removes the folder.
    static func scenario(serving creative: String) throws -> URL {
        var text = try String(
            contentsOf: ScenarioFixtures.folder.appending(path: "optimize-floor.json"), encoding: .utf8)
        text = text.replacing(#""../google/rewarded.xml""#, with: "\"\(ScenarioFixtures.path(creative))\"")
        text = text.replacing(#""../google/no-fill.xml""#, with: "\"\(ScenarioFixtures.path("google/no-fill.xml"))\"")
        let folder = FileManager.default.temporaryDirectory.appending(path: "creative-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appending(path: "scenario.json")
        try Data(text.utf8).write(to: file)
        return file
    }

    static func run(_ arguments: [String]) async -> (status: ExitCode, out: String, err: String) {
        let output = CommandOutput.buffered()
        let status = await ADSim().run(arguments, output: output)
        return (status, output.standardOutput, output.standardError)
    }

    @Test("Another vendor's creative: one problem per file and provider, naming every line item serving it and why")
    func otherDialectListed() async throws {
        let file = try Self.scenario(serving: "ifly/multi-image-three.xml")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let validated = try Scenario.loadBuiltIn(contentsOf: file.path)
        let problems = try await SimulationRunner(validated: validated, providers: .builtIn).creativeProblems()
        // Both bidders serve the file: it is loaded, and listed, once.
        #expect(problems.map(\.kind) == [.unsupportedFormat])
        #expect(problems.map(\.path) == ["$.market"])
        #expect(problems[0].message.hasPrefix("Line items 'rewarded/high', 'rewarded/low' serve '"))
        #expect(problems[0].message.contains("multi-image-three.xml', which google does not load as a rewarded ad: "))
        #expect(problems[0].hint.contains("adsim content --provider google --format rewarded <file>"))
    }

    @Test("The built-in scenarios' creatives all load: nothing listed")
    func fixturesLoad() async throws {
        for name in ["default.json", "markets.json", "tiny.json", "optimize-floor.json", "optimize-order.json"] {
            let validated = try Scenario.loadBuiltIn(contentsOf: ScenarioFixtures.folder.appending(path: name).path)
            #expect(try await SimulationRunner(validated: validated, providers: .builtIn).creativeProblems() == [])
        }
    }

    @Test("A wrapper: adsim validate lists it (65), adsim simulate refuses it (65) before running, the runner throws")
    func wrapperRefusedEverywhere() async throws {
        let file = try Self.scenario(serving: "google/wrapper.xml")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let validate = await Self.run(["validate", file.path])
        #expect(validate.status == .dataError)
        #expect(validate.err.contains("invalid scenario (1 problem)"))
        #expect(validate.err.contains("The simulated ad server serves ad units only"))
        let simulate = await Self.run(["simulate", file.path, "--users", "2", "--jobs", "1"])
        #expect(simulate.status == .dataError)
        #expect(simulate.out.isEmpty)
        #expect(simulate.err.contains("which google does not load as a rewarded ad"))
        let validated = try Scenario.loadBuiltIn(contentsOf: file.path)
        let error = await #expect(throws: AdError.self) {
            try await SimulationRunner(validated: validated, providers: .builtIn, users: 1).run()
        }
        #expect(error?.code == .invalidRequest)
        #expect(error?.message.hasPrefix("1 creative of the scenario cannot load: ") == true)
        // A caller that checked already may skip the check: the run goes on, every fill failing.
        var unchecked = SimulationRunner(validated: validated, providers: .builtIn, users: 1)
        unchecked.checksCreatives = false
        let result = try await unchecked.run()
        #expect(result.tally.row(variant: "configured", placement: "rewarded").fills == 0)
    }

    @Test("The optimizer's evaluators refuse a scenario whose creatives cannot load, unless told it was checked")
    func evaluatorsRefuseUnloadableCreatives() async throws {
        let file = try Self.scenario(serving: "google/wrapper.xml")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let validated = try Scenario.loadBuiltIn(contentsOf: file.path)
        let fast = await #expect(throws: AdError.self) {
            _ = try await FastTierEvaluator(validated: validated, providers: .builtIn, users: 2, pilotUsers: 2)
        }
        #expect(fast?.code == .invalidRequest)
        #expect(fast?.message.hasPrefix("1 creative of the scenario cannot load: ") == true)
        // The full tier's evaluator checks on its first evaluation, so an optimizer using it refuses before a result.
        let optimizer = SimulationOptimizer(
            validated: validated, budget: OptimizationBudget(p95Milliseconds: 800),
            search: try FullTierEvaluator(validated: validated, providers: .builtIn, users: 2),
            confirm: try FullTierEvaluator(validated: validated, providers: .builtIn, users: 2))
        let full = await #expect(throws: AdError.self) { _ = try await optimizer.run() }
        #expect(full?.message.contains("which google does not load as a rewarded ad") == true)
        // Told the scenario was checked, an evaluator runs it: every fill fails.
        let unchecked = try FullTierEvaluator(
            validated: validated, providers: .builtIn, users: 2, checksCreatives: false)
        let candidate = try await unchecked.evaluate(validated.configuration, settings: [])
        #expect(candidate.requests > 0)
        #expect(candidate.revenueMicros == 0)
        #expect(candidate.unfilledPlacements == ["rewarded"])
    }
}
