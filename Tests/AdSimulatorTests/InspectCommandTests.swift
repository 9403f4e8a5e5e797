import AdCore
import AdMediation
import AdSimulator
import BuiltInProviders
import Foundation
import Testing

@testable import adsim

/// `adsim inspect` (issue 16, H11-H12): the providers as they declare themselves, each placement's line items,
/// and every finding a review raises, with its boundary; exit 0 clean, 1 with findings, 64 on a usage error.
@Suite struct InspectCommandTests {
    private static let example = ScenarioFixtures.path("mediation/example.json")
    private static let tiny = ScenarioFixtures.folder.appending(path: "tiny.json").path

    private func inspect(_ arguments: [String]) async -> (ExitCode, CommandOutput) {
        let output = CommandOutput.buffered()
        let status = await ADSim().run(["inspect"] + arguments, output: output)
        return (status, output)
    }

    /// Writes a configuration of one placement (`placement`, a JSON object) to a temporary file, inspects it with
    /// `arguments` after `--config <file>`, and removes the file.
    private func inspect(config placements: String, _ arguments: [String] = []) async throws
        -> (ExitCode, CommandOutput)
    {
        let file = FileManager.default.temporaryDirectory.appending(path: "inspect-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(#"{ "currency": "USD", "placements": [\#(placements)] }"#.utf8).write(to: file)
        return await inspect(["--config", file.path] + arguments)
    }

    private func findings(_ output: CommandOutput) throws -> [[String: String]] {
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
        let placements = try #require(object["placements"] as? [[String: Any]])
        return placements.flatMap { ($0["findings"] as? [[String: String]]) ?? [] }
            + ((object["findings"] as? [[String: String]]) ?? [])
    }

    @Test("H11, H14: every provider as it declares itself: version, formats, bids, assets, its IAB vendor ID")
    func h11_providersAsTheyDeclareThemselves() async throws {
        let (_, output) = await inspect(["--config", Self.example, "--json"])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
        let providers = try #require(object["providers"] as? [[String: String]])
        #expect(providers.map { $0["id"] } == ["google", "ifly", "yandex"])
        #expect(providers.map { $0["bids"]?.hasPrefix("yes") } == [true, false, false])
        #expect(providers[1]["requiredAssets"] == "native: badge")
        #expect(providers[0]["formats"] == "interstitial, rewarded, rewardedInterstitial")
        #expect(providers[0]["start"] == "ready at once")
        #expect(providers[2]["start"]?.hasPrefix("a start step (the Yandex Mobile Ads SDK must be initialised") == true)
        #expect(providers[2]["privacySignals"] == "gdpr, childDirected, trackingAuthorization")
        #expect(providers[1]["privacySignals"] == "none")
        #expect(providers[0]["globalVendorListID"] == "755")
        #expect(providers[2]["globalVendorListID"]?.hasPrefix("none (not on the IAB Global Vendor List") == true)
        #expect(
            providers[2]["testAdUnits"] == "native: demo-native-app-yandex; nativeSlider: demo-native-slider-yandex")
        #expect(
            providers[1]["testAdUnits"]
                == "none published (pass a dashboard test placement to setTestMode(_:for:placement:units:))")
        #expect(providers.allSatisfy { $0["summary"]?.isEmpty == false })
        let placements = try #require(object["placements"] as? [[String: Any]])
        #expect(placements.map { $0["id"] as? String } == ["level-end", "feed-top", "feed-bottom"])
        #expect(
            (placements[0]["lineItems"] as? [[String: String]])?.map { $0["id"] } == [
                "google-bid", "google-high", "google-learned",
            ])
    }

    @Test("A comma after the last member is refused as validate refuses it (65), at its line and column")
    func trailingCommaRefused() async throws {
        let file = FileManager.default.temporaryDirectory.appending(path: "inspect-comma-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(#"{ "placements": [], }"#.utf8).write(to: file)
        let (status, output) = await inspect(["--config", file.path])
        #expect(status == .dataError)
        #expect(output.standardError.contains("a comma before '}' (line 1, column 19)"))
    }

    @Test("A key no field reads is an error finding at its path; exit 1")
    func unknownKeyIsAFinding() async throws {
        let placement =
            #"{ "id": "feed", "format": "native", "strategy": "waterfall", "lineItems": [{ "id": "a", "provider": "ifly", "adUnit": "u-a", "mode": "waterfall", "priceMicros": 3000, "prioritty": 2 }] }"#
        let (status, output) = try await inspect(config: placement, ["--json"])
        #expect(status == .failure)
        let found = try findings(output).filter { $0["path"] == "$.placements[0].lineItems[0].prioritty" }
        #expect(found.count == 1)
        #expect(found.first?["message"]?.contains("did you mean 'priority'?") == true)
    }

    @Test("H12: a bidder whose provider's ads carry no price is a warning naming it; exit 1")
    func h12_bidderWithoutPrice() async throws {
        let (status, output) = await inspect(["--config", Self.example, "--json"])
        #expect(status == .failure)
        let found = try findings(output).filter { $0["code"] == "bidderWithoutPrice" }
        #expect(found.map { $0["path"] } == ["$.placements[2].lineItems[0].mode", "$.placements[2].lineItems[1].mode"])
        #expect(found[0]["message"]?.contains("'ifly-bid' is served by ifly") == true)
        let (_, text) = await inspect(["--config", Self.example])
        #expect(text.standardOutput.hasSuffix("5 warnings, 0 errors.\n"))
    }

    @Test("H12: a line item on any test unit its vendor publishes (Yandex's demo units, Google's) is a warning (Y16)")
    func h12_testUnitConfigured() async throws {
        let (_, example) = await inspect(["--config", Self.example, "--json"])
        let google = try findings(example).filter { $0["code"] == "testUnitConfigured" }
        // All three are Google's test units: interstitial (testAdUnits), banner and interstitial video (its prefix).
        #expect(
            google.map { $0["path"] } == [
                "$.placements[0].lineItems[0].adUnit", "$.placements[0].lineItems[1].adUnit",
                "$.placements[0].lineItems[2].adUnit",
            ])
        let placement = { (unit: String) in
            """
            { "id": "slider", "format": "nativeSlider", "strategy": "waterfall", "lineItems": [
              { "id": "y", "provider": "yandex", "adUnit": "\(unit)", "mode": "waterfall", "priceMicros": 1000 }] }
            """
        }
        let (demo, output) = try await inspect(config: placement("demo-native-content-yandex"), ["--json"])
        #expect(demo == .failure)
        #expect(try findings(output).map { $0["code"] } == ["testUnitConfigured"])
        #expect(try findings(output).first?["message"]?.contains("refuses to load it (Y16, H10)") == true)
        let (own, _) = try await inspect(config: placement("R-M-123456-1"))
        #expect(own == .success)
    }

    @Test("H12: a floor above every configured price is a warning; exactly at the highest price is not")
    func h12_floorAboveEveryPrice() async throws {
        let placement = { (floor: Int) in
            """
            { "id": "feed", "format": "native", "strategy": "waterfall", "floorMicros": \(floor), "lineItems": [
              { "id": "ifly-high", "provider": "ifly", "adUnit": "u1", "mode": "waterfall", "priceMicros": 3000 },
              { "id": "ifly-low", "provider": "ifly", "adUnit": "u2", "mode": "waterfall", "priceMicros": 1000 }] }
            """
        }
        let (above, aboveOutput) = try await inspect(config: placement(3_001), ["--json"])
        #expect(above == .failure)
        #expect(try findings(aboveOutput).map { $0["code"] } == ["floorAboveEveryPrice"])
        #expect(try findings(aboveOutput).first?["path"] == "$.placements[0].floorMicros")
        let (at, atOutput) = try await inspect(config: placement(3_000))
        #expect(at == .success)
        #expect(atOutput.standardOutput.hasSuffix("No findings.\n"))
    }

    @Test("H12: with a scenario the market's 99th percentile counts: a floor below it is no finding")
    func h12_floorAgainstTheMarket() async throws {
        // tiny.json's market pays IFLY uniformly 1500-3500: its 99th percentile is 3480.
        let placements = """
            { "id": "feed", "format": "native", "strategy": "waterfall", "floorMicros": 3400, "lineItems": [
              { "id": "ifly-high", "provider": "ifly", "adUnit": "ifly-high", "mode": "waterfall", "priceMicros": 3000 },
              { "id": "ifly-low", "provider": "ifly", "adUnit": "ifly-low", "mode": "waterfall", "priceMicros": 1000 }] }
            """
        let (alone, _) = try await inspect(config: placements)
        #expect(alone == .failure)
        let (withMarket, output) = try await inspect(config: placements, ["--scenario", Self.tiny])
        #expect(withMarket == .success, "\(output.standardOutput)")
    }

    @Test("H12: a bidder's timeout beyond the auction deadline is a warning; equal to it is not")
    func h12_timeoutBeyondAuction() async throws {
        let placement = { (timeout: String) in
            """
            { "id": "rewarded", "format": "rewarded", "strategy": "hybrid", "auction": { "deadlineSeconds": 1 },
              "lineItems": [
              { "id": "bid", "provider": "google", "adUnit": "u1", "mode": "bidder", "timeoutSeconds": \(timeout) },
              { "id": "wf", "provider": "google", "adUnit": "u2", "mode": "waterfall", "priceMicros": 900 }] }
            """
        }
        let (beyond, output) = try await inspect(config: placement("1.5"), ["--json"])
        #expect(beyond == .failure)
        #expect(try findings(output).map { $0["code"] } == ["timeoutBeyondAuction"])
        #expect(try findings(output).first?["path"] == "$.placements[0].lineItems[0].timeoutSeconds")
        let (equal, _) = try await inspect(config: placement("1"))
        #expect(equal == .success)
    }

    @Test("H12: a screen layout lacking an asset the provider requires is a warning (IFLY's badge, I5)")
    @MainActor
    func h12_layoutLacksRequiredAsset() throws {
        let validated = try Scenario.loadBuiltIn(contentsOf: Self.tiny)
        let providers = ScenarioFixtures.providers
        let withoutBadge = IntegrationInspector(providers: providers) { format in
            IntegrationInspector.simulatorLayouts(format).subtracting([.badge])
        }
        let report = withoutBadge.inspect(validated.configuration, problems: [], scenario: validated)
        let found = report.allFindings.filter { $0.code == .layoutLacksRequiredAsset }
        #expect(
            found.map(\.path) == ["$.placements[0].lineItems[0].provider", "$.placements[0].lineItems[1].provider"])
        #expect(found.first?.message.contains("ifly requires badge") == true)
        let standard = IntegrationInspector(providers: providers)
            .inspect(validated.configuration, problems: [], scenario: validated)
        #expect(standard.allFindings.isEmpty)
        // Without a scenario no screen shows the placement: no layout to check.
        #expect(withoutBadge.inspect(validated.configuration, problems: [], scenario: nil).allFindings.isEmpty)
    }

    @Test("H12: a configuration mediation would refuse is reported as errors, not a usage error; exit 1")
    func h12_invalidConfigurationIsAFinding() async throws {
        let placement = """
            { "id": "feed", "format": "native", "strategy": "waterfall", "lineItems": [
              { "id": "g", "provider": "google", "adUnit": "u1", "mode": "waterfall", "priceMicros": 1000 }] }
            """
        let (status, output) = try await inspect(config: placement, ["--json"])
        #expect(status == .failure)
        let found = try findings(output)
        #expect(found.map { $0["code"] } == ["invalidConfiguration"])
        #expect(found.first?["severity"] == "error")
        #expect(found.first?["message"]?.contains("native") == true)
    }

    @Test(
        "H12: no --config or an unknown option exits 64, a file that cannot be read 66, an invalid one 65",
        arguments: [
            ([], 64), (["--config", "x.json", "--frob"], 64), (["--config", "/no/such/file.json"], 66),
            (["--config", "Fixtures/mediation/example.json", "--scenario", "/nope"], 66),
            (["--config", "/etc/hostname"], 65),
            (["--config", "Fixtures/mediation/example.json", "--scenario", "Fixtures/mediation/example.json"], 65),
        ])
    func h12_inputErrors(_ arguments: [String], code: Int) async {
        let (status, output) = await inspect(arguments)
        #expect(Int(status.rawValue) == code)
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError.hasPrefix("Error: "))
    }

    @Test("H12: a file that is not JSON exits 65 naming the file, the line and column, and the fix")
    func h12_notJSONNamesTheProblem() async throws {
        let file = FileManager.default.temporaryDirectory.appending(path: "adsim-inspect-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("{\"placements\": [\n  {\"id\": }\n]}".utf8).write(to: file)
        let (status, output) = await inspect(["--config", file.path])
        #expect(status == .dataError)
        #expect(output.standardError.contains("\(file.path) is not a mediation configuration:\n  - $: "))
        #expect(output.standardError.contains("(line 2, column 10)"), "\(output.standardError)")
        #expect(output.standardError.contains("Fix: Fix the JSON syntax at that place"))
    }

    @Test("H12: the usage line shows --config as required, without brackets")
    func h12_configIsRequiredInUsage() async {
        let (status, output) = await inspect(["--help"])
        #expect(status == .success)
        #expect(output.standardOutput.contains("USAGE: adsim inspect --config <file> [--scenario <file>] [--json]"))
    }
}
