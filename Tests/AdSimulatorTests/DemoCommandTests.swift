import AdSimulator
import Foundation
import Testing

@testable import adsim

/// `adsim demo`: the README's first command. Everything runs in virtual time, so the output is the same on every
/// run and every machine; these tests pin it.
@Suite("adsim demo")
struct DemoCommandTests {
    static func run(_ arguments: [String]) async -> (status: ExitCode, out: String, err: String) {
        let output = CommandOutput.buffered()
        let status = await ADSim().run(arguments, output: output)
        return (status, output.standardOutput, output.standardError)
    }

    /// The keys of every JSON line, in order.
    static let jsonKeys = ["timeMs", "placement", "kind", "text"]

    @Test("The text output is deterministic: two runs print the same bytes, with the key lines pinned")
    func textSnapshot() async throws {
        let first = await Self.run(["demo"])
        let second = await Self.run(["demo"])
        #expect(first.status == .success)
        #expect(first.err.isEmpty)
        #expect(first.out == second.out)
        let lines = first.out.components(separatedBy: "\n")
        #expect(lines.first?.hasPrefix("adsim demo: a small host app running ads from Yandex, IFLY and Google") == true)
        #expect(first.out.contains("Google serves full-screen formats only, so the\nrewarded placement lists Google"))
        let pinned = [
            "t=0.000s   feed-slider  request     #1 started: nativeSlider, waterfall, floor $0.500 eCPM, 3 line items",
            "t=0.120s   feed-slider  ask         yandex-slider (waterfall, $1.800 eCPM): yandex ad unit "
                + "demo-native-slider-yandex",
            "t=0.240s   feed-native  outcome     ifly-feed-premium  ifly    waterfall  $4.000   noFill      150 ms  "
                + "(no ad)",
            "t=0.240s   feed-native  outcome     yandex-native      yandex  waterfall  $2.000   outbid      110 ms  "
                + "(filled, but a better-placed item won)",
            "t=0.240s   feed-native  outcome     ifly-feed-remnant  ifly    waterfall  $0.200   belowFloor  "
                + "(priced below the floor: skipped)",
            "t=0.300s   feed-slider  chosen      yandex-slider (yandex) at $1.800 eCPM (publisherDefined) after 300 ms",
            "t=1.560s   rewarded     outcome     google-rewarded-high  google  waterfall  $8.000   timeout       "
                + "1000 ms  (no answer in time)",
            "t=1.560s   rewarded     chosen      google-rewarded (google) at $5.000 eCPM (publisherDefined) after "
                + "1560 ms",
            "t=1.500s   feed-native  impression  ifly-feed: ad counted",
            "t=1.500s   feed-native  revenue     ifly-feed (ifly): 3000 micros USD = $0.003000 (publisherDefined)",
            "t=4.000s   feed-slider  impression  yandex-slider: card demo-card-1 counted",
            "t=4.000s   feed-slider  revenue     [test] yandex-slider (yandex): 1800 micros USD = $0.001800 "
                + "(publisherDefined)",
            "t=7.000s   feed-slider  revenue     [test] yandex-slider (yandex): 1800 micros USD = $0.001800 "
                + "(publisherDefined)",
            "t=5.000s   feed-slider  click       yandex-slider: card demo-card-1 click counted",
            "t=9.000s   feed-native  click       ifly-feed: ad click counted",
            "t=10.000s  rewarded     present     google-rewarded: the video covers the window",
            "t=10.000s  rewarded     revenue     google-rewarded (google): 5000 micros USD = $0.005000 "
                + "(publisherDefined)",
            "t=30.000s  rewarded     reward      google-rewarded: earned 10 coins",
            "t=31.000s  rewarded     dismiss     google-rewarded: dismissed; the feed is visible again",
        ]
        for line in pinned { #expect(lines.contains(line), "missing line: \(line)") }
        let summary = try #require(first.out.range(of: "SUMMARY"))
        #expect(
            String(first.out[summary.lowerBound...]) == """
                SUMMARY (virtual time t=32.000s, user earned 10 coins)
                placement    format        strategy   provider              requests  impressions  clicks  revenue
                -----------  ------------  ---------  --------------------  --------  -----------  ------  ---------
                feed-slider  nativeSlider  waterfall  yandex                1         3            1       $0.003600
                feed-native  native        waterfall  ifly                  2         2            1       $0.006000
                rewarded     rewarded      hybrid     google                1         1            0       $0.005000
                -----------  ------------  ---------  --------------------  --------  -----------  ------  ---------
                total                                 yandex, ifly, google  4         6            2       $0.014600

                """)
    }

    @Test("A slider books its price once per card seen and nothing for its block, in the timeline and the summary")
    func sliderRevenueFollowsTheCards() async throws {
        let lines = await Self.run(["demo"]).out.components(separatedBy: "\n")
        let slider = lines.filter { $0.contains(" feed-slider  ") }
        let cards = slider.filter { $0.contains(" impression  yandex-slider: card ") }
        let blocks = slider.filter { $0.contains(" impression  yandex-slider: block counted") }
        let revenue = slider.filter { $0.contains(" revenue     [test] yandex-slider (yandex): 1800 micros") }
        #expect(blocks.count == 1 && cards.count == 2)
        #expect(revenue.count == cards.count)
        // Each revenue event comes at a card's impression, none at the block's alone.
        #expect(revenue.map { $0.prefix(10) } == cards.map { $0.prefix(10) })
        // The summary counts every impression (block and cards: 3) and the cards' revenue (2 x $0.0018).
        #expect(
            lines.contains(
                "feed-slider  nativeSlider  waterfall  yandex                1         3            1       $0.003600"))
    }

    @Test("The timeline is in time order and shows every kind of step the issue asks for")
    func timelineOrderAndKinds() async throws {
        let (status, out, _) = await Self.run(["demo", "--json"])
        #expect(status == .success)
        let entries = try out.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        let times = entries.compactMap { $0["timeMs"] as? Int }
        #expect(times.count == entries.count)
        #expect(times == times.sorted())
        let kinds = Set(entries.compactMap { $0["kind"] as? String })
        for kind in [
            "note", "app", "user", "request", "ask", "outcome", "chosen", "bind", "impression", "click", "present",
            "reward",
            "dismiss", "revenue", "summary",
        ] {
            #expect(kinds.contains(kind), "no entry of kind \(kind)")
        }
        let states = entries.filter { $0["kind"] as? String == "outcome" }.compactMap { $0["text"] as? String }
        for state in ["filled", "noFill", "outbid", "belowFloor", "timeout", "notAttempted"] {
            #expect(states.contains { $0.contains("  \(state)") }, "no line item ended \(state)")
        }
    }

    @Test("--json prints the same timeline as JSON lines, each with exactly timeMs, placement, kind, text")
    func jsonLines() async throws {
        let (status, out, err) = await Self.run(["demo", "--json"])
        let (_, text, _) = await Self.run(["demo"])
        #expect(status == .success)
        #expect(err.isEmpty)
        let lines = out.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(out.hasSuffix("\n"))
        #expect(lines.count > 50)
        var texts: [String] = []
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object.keys.sorted() == Self.jsonKeys.sorted())
            #expect(line.hasPrefix("{\"timeMs\":"))
            let placement = line.range(of: ",\"placement\":")
            let kind = line.range(of: ",\"kind\":")
            let body = line.range(of: ",\"text\":")
            #expect(placement != nil && kind != nil && body != nil)
            if let placement, let kind, let body {
                #expect(placement.lowerBound < kind.lowerBound && kind.lowerBound < body.lowerBound)
            }
            #expect(object["timeMs"] is Int)
            if object["kind"] as? String != "summary", let entry = object["text"] as? String, !entry.isEmpty {
                texts.append(entry)
            }
        }
        // The same timeline: every JSON entry's text is on its line of the text output, in the same order.
        var searchFrom = text.startIndex
        for entry in texts {
            let found = text.range(of: entry, range: searchFrom..<text.endIndex)
            #expect(found != nil, "not in the text output: \(entry)")
            if let found { searchFrom = found.upperBound }
        }
        let first = try #require(lines.first)
        #expect(
            first
                == "{\"timeMs\":0,\"placement\":\"app\",\"kind\":\"note\",\"text\":\"adsim demo: a small host app "
                + "running ads from Yandex, IFLY and Google through AdBridge, mediated by\"}")
        #expect(
            lines.last.map(String.init)
                == "{\"timeMs\":32000,\"placement\":\"total\",\"kind\":\"summary\",\"text\":\"provider yandex, ifly, "
                + "google; requests 4; impressions 6; clicks 2; revenue $0.014600\"}")
        let again = await Self.run(["demo", "--json"])
        #expect(again.out == out)
    }

    @Test("adsim with no arguments runs the demo, exit 0")
    func noArgumentsRunsTheDemo() async {
        let bare = await Self.run([])
        let demo = await Self.run(["demo"])
        #expect(bare.status == .success)
        #expect(bare.out == demo.out)
        #expect(bare.err.isEmpty)
    }

    @Test("An unknown option, a stray argument or --fixtures without a folder exit 64 with an error on stderr")
    func usageErrorsExit64() async {
        let unknown = await Self.run(["demo", "--verbose"])
        #expect(unknown.status == .usage)
        #expect(unknown.out.isEmpty)
        #expect(unknown.err == "Error: Unknown option '--verbose'.\nSee 'adsim help demo'.\n")
        let stray = await Self.run(["demo", "extra"])
        #expect(stray.status.rawValue == 64)
        #expect(stray.err.hasPrefix("Error: 'demo' takes no arguments"))
        let missingValue = await Self.run(["demo", "--fixtures"])
        #expect(missingValue.status == .usage)
        #expect(missingValue.err.hasPrefix("Error: --fixtures needs a folder."))
    }

    @Test("Missing fixtures exit 66 with where the demo looked and how to pass --fixtures")
    func missingFixturesExit66() async {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("adsim-no-fixtures").path
        let result = await Self.run(["demo", "--fixtures", folder])
        #expect(result.status == .noInput)
        #expect(result.status.rawValue == 66)
        #expect(result.out.isEmpty)
        #expect(result.err.contains("the fixtures were not found in \(folder)"))
        #expect(result.err.contains("yandex/demo-native-slider-yandex.xml"))
        #expect(result.err.contains("--fixtures") || result.err.contains("yandex/, ifly/ and google/"))
    }

    @Test("--fixtures with the package's own folder gives the same output as the default")
    func explicitFixtures() async {
        let fixtures = URL(fileURLWithPath: ParseCommandPaths.fixtures).deletingLastPathComponent().path
        let explicit = await Self.run(["demo", "--fixtures", fixtures])
        let implicit = await Self.run(["demo"])
        #expect(explicit.status == .success)
        #expect(explicit.out == implicit.out)
    }

    @Test("help lists demo, help and parse, and the three registered providers with version and formats")
    func usageListsSubcommandsAndProviders() async {
        let help = await Self.run(["help"])
        let flag = await Self.run(["--help"])
        #expect(help.status == .success)
        #expect(help.out == flag.out)
        for command in ["demo", "help", "parse"] {
            #expect(help.out.contains("\n  \(command) "), "usage does not list \(command)")
        }
        #expect(
            help.out.contains(
                "  google 11.13.0.1 (interstitial, rewarded, rewardedInterstitial); impressions: 100.0% for 0.0 seconds"
            ))
        #expect(help.out.contains("  ifly 6.5.1.0 (native); impressions: 66.7% for 0.5 seconds"))
        #expect(help.out.contains("  yandex 7.12.0.1 (native, nativeSlider); impressions: 50.0% for 1.0 seconds"))
        #expect(!help.out.contains("(none registered)"))
    }

    @Test("help demo and demo --help print the demo's help, which explains the per-format provider lists")
    func demoHelp() async {
        let viaHelp = await Self.run(["help", "demo"])
        let viaFlag = await Self.run(["demo", "--help"])
        #expect(viaHelp.status == .success)
        #expect(viaFlag.status == .success)
        #expect(viaHelp.out == viaFlag.out)
        #expect(viaHelp.out.hasPrefix("OVERVIEW: Show AdBridge at work"))
        #expect(viaHelp.out.contains("USAGE: adsim demo [--json] [--fixtures <dir>]"))
        #expect(viaHelp.out.contains("Google serves full-screen formats only"))
        #expect(
            viaHelp.out.contains("0 the demo ran, 1 the demo failed, 64 usage error, 66 the fixtures were not found"))
    }
}
