import AdCore
import AdMediation
import AdSimulator
import Foundation
import Testing

@testable import adsim

@Suite("Simulation scenario: decoding and validation")
struct ScenarioValidationTests {
    typealias Fixtures = ScenarioFixtures

    @Test("Fixtures/scenarios/default.json validates: 3 placements, 11 line items, 5 strategies, markets resolved")
    func defaultScenario() throws {
        let validated = try Scenario.load(
            contentsOf: Fixtures.path("scenarios/default.json"), providers: Fixtures.providers)
        #expect(validated.summary == "3 placements, 11 line items, 5 strategies after sweeps")
        #expect(validated.scenario.seed == 7)
        #expect(validated.scenario.users.count == 2_000)
        #expect(
            validated.variants.map(\.name) == ["configured", "price-sorted", "first-price", "second-price", "learned"])
        let premium = try #require(validated.market(placement: "feed-native", lineItem: "ifly-feed-premium"))
        #expect(premium.fillRate == 0.25)
        #expect(premium.priceMicros == .uniform(min: 3_800, max: 4_600))
        #expect(premium.latencyMs == .logNormal(median: 220, sigma: 0.45))
        #expect(premium.errorRate == 0.01 && premium.neverAnswersRate == 0.005)
        #expect(premium.creatives.count == 3)
        #expect(premium.creatives.allSatisfy { FileManager.default.fileExists(atPath: $0) })
        #expect(premium.noFill == Fixtures.path("ifly/no-fill.xml"))
        let feed = try #require(validated.market(placement: "feed-native", lineItem: "ifly-feed"))
        #expect(feed.priceMicros == .logNormal(median: 2_600, sigma: 0.35))
        for variant in validated.variants {
            let configuration = variant.configuration(
                from: validated.configuration, market: validated.market, bidders: validated.pricedProviders)
            #expect(throws: Never.self) { try configuration.validate(providers: Fixtures.providers) }
        }
    }

    @Test("A scenario can reference Fixtures/mediation/example.json, which loads as is")
    func referencesExampleConfiguration() throws {
        let data = Fixtures.minimal { parts in
            parts.mediation = #""../mediation/example.json""#
            parts.defaults = """
                [{ "provider": "google", "fillRate": 0.6, "priceMicros": 5000, "latencyMs": 300,
                   "creatives": ["../google/image-interstitial.xml"] },
                 { "provider": "yandex", "fillRate": 0.7, "latencyMs": 150,
                   "creatives": ["../yandex/slider-three-cards-sponsored.xml"] },
                 { "provider": "ifly", "fillRate": 0.7, "priceMicros": 2500, "latencyMs": 200,
                   "creatives": ["../ifly/multi-image-three.xml"] },
                 { "provider": "yandex", "format": "native", "priceMicros": 2000,
                   "creatives": ["../yandex/native-all-assets.xml"] }]
                """
            parts.screens = """
                [{ "id": "home", "feed": { "ads": [{ "placement": "feed-top", "position": 0 },
                                                    { "placement": "feed-bottom", "position": 5, "every": 10 }] },
                   "buttons": [{ "placement": "level-end" }] }]
                """
        }
        let validated = try Fixtures.load(data)
        let example = try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("mediation/example.json")))
        #expect(validated.configuration == (try MediationConfiguration.decode(example, providers: Fixtures.providers)))
        #expect(validated.summary == "3 placements, 7 line items, 1 strategy after sweeps")
        // A waterfall item without a market price takes its configured price; the yandex native default wins over
        // the yandex provider default for the native placement only.
        #expect(validated.market(placement: "feed-top", lineItem: "yandex-high")?.priceMicros == .fixed(6_000))
        #expect(validated.market(placement: "feed-bottom", lineItem: "yandex-bid")?.priceMicros == .fixed(2_000))
        #expect(
            validated.market(placement: "feed-bottom", lineItem: "yandex-bid")?.creatives == [
                Fixtures.path("yandex/native-all-assets.xml")
            ])
    }

    @Test("invalid-many-problems.json: one error listing every problem with its JSON path, in order")
    func manyProblems() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("scenarios/invalid-many-problems.json")))
        let problems = Fixtures.problems(data)
        #expect(
            problems.map(\.path) == [
                "$.market.defaults[4].priceMicros.kind", "$.app.screens[0].feed.ads[2].position",
                "$.users.sessionsPerUser",
                "$.strategies[1].kind", "$.market.defaults[1].provider", "$.market.defaults[2].format",
                "$.market.defaults[2].fillRate", "$.market.defaults[3].priceMicros.sigma",
                "$.market.defaults[3].latencyMs",
                "$.market.defaults[3].creatives[0]", "$.market.lineItems[2].fillRate", "$.market.lineItems[3].lineItem",
                "$.market.lineItems[4].placement", "$.market", "$.market", "$.app.screens[0].feed.ads[0].position",
                "$.app.screens[0].feed.ads[1].placement", "$.app.screens[0].buttons[0].placement",
                "$.app.screens[0].buttons[1].placement", "$.users.count", "$.users.fullScreenOpensPerSession",
                "$.users.clickThroughRate.banner", "$.users.clickThroughRate.native", "$.strategies[1].name",
                "$.strategies[2].placements[1]", "$.strategies[2].sweep.floorsMicros[2]",
                "$.strategies[2].sweep.floorsMicros[3]", "$.strategies[2].sweep.timeoutsSeconds[0]",
            ])
        let byPath = Dictionary(problems.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(
            byPath["$.market.lineItems[2].fillRate"]?.description
                == "$.market.lineItems[2].fillRate: 1.3 is above 1. Fix: Give a probability in 0...1.")
        #expect(byPath["$.market.defaults[1].provider"]?.kind == .unknownProvider)
        #expect(byPath["$.market.defaults[2].format"]?.kind == .unsupportedFormat)
        #expect(byPath["$.market.defaults[3].creatives[0]"]?.kind == .missingFile)
        #expect(byPath["$.market.lineItems[3].lineItem"]?.kind == .unknownReference)
        #expect(byPath["$.strategies[1].kind"]?.message == "Unknown strategy kind 'roundRobin'.")
        #expect(byPath["$.strategies[1].name"]?.kind == .duplicateName)
        #expect(byPath["$.users.sessionsPerUser"]?.message == "1e+30 is not a whole number from -2^53 to 2^53.")
        #expect(
            problems.contains {
                $0.message == "Line item 'google-bid' of placement 'level-end' (google, interstitial): fillRate 0.6 + "
                    + "errorRate 0.3 + neverAnswersRate 0.2 = 1.1 is above 1."
            })
    }

    @Test("Malformed JSON is one problem with its line and column")
    func malformed() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("scenarios/invalid-malformed.json")))
        let problems = Fixtures.problems(data)
        #expect(problems.map(\.kind) == [.malformedJSON])
        #expect(problems.first?.path == "$")
        #expect(problems.first?.message.hasSuffix("(line 4, column 3).") == true)
        #expect(Fixtures.problems(Data("[1, 2]".utf8)).map(\.message) == ["The scenario is not a JSON object."])
        #expect(Fixtures.problems(Data("".utf8)).map(\.kind) == [.malformedJSON])
        // A number no Double holds: where it is, and what to write instead.
        let huge = Fixtures.problems(Fixtures.minimal { $0.seed = "1e999" })
        #expect(huge.map(\.kind) == [.malformedJSON])
        #expect(
            huge.first?.message.hasSuffix("Number 1e999 is not representable in Swift (line 1, column 25).") == true)
        #expect(huge.first?.hint.contains("1.8e308") == true)
        // A bare value is not a scenario: said so, at its place.
        #expect(
            Fixtures.problems(Data("  null".utf8)).map(\.message) == [
                "The file is not a JSON object: it holds a bare value (line 1, column 3)."
            ])
        // A comma after the last member: refused at the comma (some parsers accept it, others do not); a comma
        // inside a string is text.
        let trailing = Fixtures.problems(Fixtures.minimal { $0.users = #"{ "count": 10, }"# })
        #expect(trailing.map(\.kind) == [.malformedJSON])
        #expect(trailing.first?.message.contains("a comma before '}' (line 7, column 25)") == true)
        #expect(trailing.first?.hint == "Remove the comma.")
        #expect(
            Fixtures.problems(
                Fixtures.minimal {
                    $0.users = #"{ "count": 10 }"#
                    $0.seed = "3"
                }
            ).isEmpty)
        #expect(ScenarioJSON.syntaxProblem(in: Data(#"{ "name": "a,}", "list": [1, 2] }"#.utf8)) == nil)
        #expect(ScenarioJSON.syntaxProblem(in: Data(#"{ "name": "a\",}", "list": [1, 2,] }"#.utf8)) != nil)
    }

    @Test("The version: 2 stops the reading, a missing one is listed with the rest, a fraction is refused")
    func version() throws {
        let two = try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("scenarios/invalid-version.json")))
        #expect(
            Fixtures.problems(two).map(\.description) == [
                "$.version: Version 2 is not supported (this adsim reads version 1). Fix: Write \"version\": 1 and "
                    + "the fields Docs/Simulation.md documents."
            ])
        let missing = Fixtures.problems(Data(#"{ "seed": 1, "users": { "count": -1 }, "strategies": []}"#.utf8))
        #expect(missing.map(\.path) == ["$.version", "$.app"])
        #expect(missing.map(\.kind) == [.unsupportedVersion, .malformedJSON])
        let partial = Fixtures.problems(Fixtures.minimal { $0.version = "1.5" })
        #expect(partial.map(\.message) == ["The version 1.5 is not a whole number."])
        let text = Fixtures.problems(Fixtures.minimal { $0.version = #""one""# })
        #expect(text.map(\.path) == ["$.version"])
        #expect(text.map(\.message) == ["The version is not a number."])
        let text1 = String(decoding: Fixtures.minimal(), as: UTF8.self).replacing(#""version": 1,"#, with: "")
        #expect(Fixtures.problems(Data(text1.utf8)).map(\.path) == ["$.version"])
    }

    @Test(
        "Bad numbers and names are problems at their paths, never traps",
        arguments: [
            (#"{ "count": 1e30 }"#, "users", "$.users.count", "1e+30 is not a whole number from -2^53 to 2^53."),
            (#"{ "count": 20000000 }"#, "users", "$.users.count", "20000000 is above 10000000."),
            (#"{ "sessionsPerUser": 0 }"#, "users", "$.users.sessionsPerUser", "0 is below 1."),
            (#"{ "sessionSeconds": -5 }"#, "users", "$.users.sessionSeconds", "-5 is below 1."),
            (
                #"{ "sessionSeconds": { "kind": "lognormal", "median": 0, "sigma": 1 } }"#, "users",
                "$.users.sessionSeconds.median", "0 is below 1."
            ),
            (
                #"{ "scrolling": { "dwellSeconds": { "kind": "uniform", "min": -1, "max": 2 } } }"#, "users",
                "$.users.scrolling.dwellSeconds.min", "-1 is below 0."
            ),
            (
                #"{ "clickThroughRate": { "native": -0.5 } }"#, "users", "$.users.clickThroughRate.native",
                "-0.5 is below 0."
            ),
            (#"{ "width": -1 }"#, "window", "$.app.window.width", "-1 is below 1."),
            (#"{ "width": 1e300 }"#, "window", "$.app.window.width", "1e+300 is above 10000."),
            ("-3", "seed", "$.seed", "-3 is below 0."),
            ("1e20", "seed", "$.seed", "1e+20 is not a whole number from -2^53 to 2^53."),
        ])
    func badNumbers(fragment: String, part: String, path: String, message: String) {
        let data = Fixtures.minimal { parts in
            switch part {
            case "users": parts.users = fragment
            case "window": parts.window = fragment
            default: parts.seed = fragment
            }
        }
        let problems = Fixtures.problems(data)
        #expect(problems.map(\.path) == [path], "\(problems)")
        #expect(problems.first?.message == message)
        #expect(problems.allSatisfy { $0.kind == .outOfRange })
    }

    @Test("Market problems: rates, prices, latencies, distributions, files, references, missing fields")
    func marketProblems() {
        func problems(defaults: String? = nil, lineItems: String = "[]") -> [String] {
            Fixtures.problems(
                Fixtures.minimal { parts in
                    if let defaults { parts.defaults = defaults }
                    parts.lineItems = lineItems
                }
            ).map { "\($0.path): \($0.message)" }
        }
        #expect(
            problems(lineItems: #"[{ "lineItem": "a", "errorRate": 2, "neverAnswersRate": -1 }]"#) == [
                "$.market.lineItems[0].errorRate: 2 is above 1.",
                "$.market.lineItems[0].neverAnswersRate: -1 is below 0.",
                "$.market: Line item 'a' of placement 'feed' (ifly, native): fillRate 0.7 + errorRate 2 + "
                    + "neverAnswersRate -1 = 1.7 is above 1.",
            ])
        #expect(
            problems(lineItems: #"[{ "lineItem": "a", "priceMicros": 2e9, "latencyMs": 700000 }]"#) == [
                "$.market.lineItems[0].priceMicros: 2000000000 is above 1000000000.",
                "$.market.lineItems[0].latencyMs: 700000 is above 600000.",
            ])
        #expect(
            problems(
                lineItems: #"[{ "lineItem": "a", "placement": "feed" }, { "lineItem": "a", "placement": "feed" }]"#)
                == ["$.market.lineItems[1]: Line item 'a' of placement 'feed' is already given."])
        #expect(
            problems(lineItems: #"[{ "lineItem": "zz", "placement": "feed" }]"#) == [
                "$.market.lineItems[0].lineItem: Placement 'feed' has no line item 'zz' (it has a, b)."
            ])
        #expect(
            problems(lineItems: #"[{ "lineItem": "a", "creatives": [], "noFill": "../ifly/none.xml" }]"#) == [
                "$.market.lineItems[0].creatives: The list of creatives is empty.",
                "$.market.lineItems[0].noFill: '../ifly/none.xml' is not a file (paths are relative to the scenario "
                    + "file's folder).",
            ])
        #expect(
            problems(lineItems: #"[{ "lineItem": "a", "creatives": ["../ifly"] }]"#) == [
                "$.market.lineItems[0].creatives[0]: '../ifly' is not a file (paths are relative to the scenario "
                    + "file's folder)."
            ])
        #expect(
            problems(defaults: #"[{ "provider": "ifly", "latencyMs": 100 }]"#) == [
                "$.market: Line item 'a' of placement 'feed' (ifly, native) has no fillRate, creatives in the market.",
                "$.market: Line item 'b' of placement 'feed' (ifly, native) has no fillRate, creatives in the market.",
            ])
        #expect(
            problems(
                defaults: """
                    [{ "provider": "ifly", "fillRate": 0.5, "latencyMs": 1, "creatives": ["../ifly/no-fill.xml"] },
                     { "provider": "ifly", "fillRate": 0.5 }]
                    """) == ["$.market.defaults[1]: A default for provider 'ifly' is already given."])
        #expect(
            problems(
                defaults: """
                    [{ "provider": "ifly", "fillRate": 0.5, "latencyMs": { "kind": "lognormal", "median": -1,
                       "sigma": -1 }, "creatives": ["../ifly/no-fill.xml"] }]
                    """) == [
                    "$.market.defaults[0].latencyMs.median: -1 is below 0.",
                    "$.market.defaults[0].latencyMs.sigma: -1 is below 0.",
                ])
    }

    @Test("App problems: screens, placements of the wrong kind, nothing shown, the mediation file")
    func appProblems() {
        let none = Fixtures.problems(Fixtures.minimal { $0.screens = #"[{ "id": "empty" }, { "id": "empty" }]"# })
        #expect(none.map(\.path) == ["$.app.screens[1].id", "$.app.screens"])
        #expect(none.map(\.kind) == [.duplicateName, .emptyValue])
        let feed = Fixtures.problems(
            Fixtures.minimal {
                $0.screens =
                    #"[{ "id": "h", "feed": { "cells": 0, "cellHeight": 0, "ads": [{ "placement": "feed", "position": 0, "every": 0, "height": 1e6 }] } }]"#
            })
        #expect(
            feed.map(\.path) == [
                "$.app.screens[0].feed.cellHeight", "$.app.screens[0].feed.cells", "$.app.screens[0].feed.ads[0].every",
                "$.app.screens[0].feed.ads[0].height",
            ])
        // A second feed would never be scrolled: refused at its screen, naming the one that is.
        let twoFeeds = Fixtures.problems(
            Fixtures.minimal {
                $0.screens =
                    #"[{ "id": "home", "feed": { "cells": 20, "ads": [{ "placement": "feed", "position": 2 }] } }, { "id": "more", "feed": { "cells": 20, "ads": [{ "placement": "feed", "position": 4 }] } }]"#
            })
        #expect(twoFeeds.map(\.path) == ["$.app.screens[1].feed"])
        #expect(twoFeeds.map(\.kind) == [.modeNotAllowed])
        #expect(twoFeeds.first?.message.contains("only the first screen's ('home')") == true)
        // Two line items asking one provider for one ad unit: the server could not tell them apart.
        let shared = Fixtures.problems(
            Fixtures.minimal {
                $0.mediation = """
                    { "placements": [{ "id": "feed", "format": "native", "strategy": "waterfall", "lineItems": [
                        { "id": "a", "provider": "ifly", "adUnit": "u-a", "mode": "waterfall", "priceMicros": 3000 },
                        { "id": "b", "provider": "ifly", "adUnit": "u-a", "mode": "waterfall", "priceMicros": 1000 }] }] }
                    """
            })
        #expect(shared.map(\.path) == ["$.app.mediation.placements[0].lineItems[1].adUnit"])
        #expect(shared.map(\.kind) == [.duplicateName])
        #expect(shared.first?.message.contains("as 'feed/a' does") == true)
        let missing = Fixtures.problems(Fixtures.minimal { $0.mediation = #""../mediation/none.json""# })
        #expect(missing.map(\.path) == ["$.app.mediation"])
        #expect(missing.first?.kind == .missingFile)
        #expect(
            missing.first?.message
                == "The mediation configuration '../mediation/none.json' cannot be read (no such file).")
        let invalid = Fixtures.problems(
            Fixtures.minimal { $0.mediation = #""../mediation/invalid-many-problems.json""# })
        #expect(invalid.first?.path == "../mediation/invalid-many-problems.json:$.placements[0].lineItems[0].provider")
        #expect(invalid.first?.kind == .unknownProvider)
        let inline = Fixtures.problems(
            Fixtures.minimal {
                $0.mediation =
                    #"{ "placements": [{ "id": "feed", "format": "native", "strategy": "waterfall", "floorMicros": 1e30, "lineItems": [{ "id": "a", "provider": "ifly", "adUnit": "", "mode": "waterfall", "priceMicros": 1 }] }] }"#
            })
        #expect(
            inline.map(\.path) == [
                "$.app.mediation.placements[0].floorMicros", "$.app.mediation.placements[0].lineItems[0].adUnit",
            ])
        let malformedFile = Fixtures.problems(Fixtures.minimal { $0.mediation = #""invalid-malformed.json""# })
        #expect(malformedFile.map(\.path) == ["invalid-malformed.json:$"])
        #expect(malformedFile.first?.message.contains("(line 4, column 3)") == true)
    }

    @Test("Strategy problems: none, unknown placements, floors and timeouts out of range, too many variants")
    func strategyProblems() {
        #expect(Fixtures.problems(Fixtures.minimal { $0.strategies = "[]" }).map(\.path) == ["$.strategies"])
        let bad = Fixtures.problems(
            Fixtures.minimal {
                $0.strategies = """
                    [{ "name": " ", "kind": "hybrid", "floorMicros": -5, "timeoutSeconds": 1e9 },
                     { "name": "s", "kind": "hybrid", "sweep": {} },
                     { "name": "t", "kind": "hybrid", "sweep": { "floorsMicros": [], "timeoutsSeconds": [0.5] } }]
                    """
            })
        #expect(
            bad.map(\.path) == [
                "$.strategies[0].name", "$.strategies[0].floorMicros", "$.strategies[0].timeoutSeconds",
                "$.strategies[1].sweep", "$.strategies[2].sweep.floorsMicros",
            ])
        let values = (0..<40).map(String.init).joined(separator: ", ")
        let many = Fixtures.problems(
            Fixtures.minimal {
                $0.strategies = """
                    [{ "name": "s", "kind": "hybrid", "sweep": { "floorsMicros": [\(values)], "timeoutsSeconds": [\(
                        (1...30).map(String.init).joined(separator: ", "))] } }]
                    """
            })
        #expect(
            many.map(\.description) == [
                "$.strategies[0].sweep: The strategies expand into more than 1000 variants. Fix: Sweep fewer values; "
                    + "each variant runs every user."
            ])
        // A name printed in the rows may not hold a line break or a tab.
        let broken = Fixtures.problems(
            Fixtures.minimal { $0.strategies = #"[{ "name": "two\nlines", "kind": "configured" }]"# })
        #expect(broken.map(\.path) == ["$.strategies[0].name"])
        #expect(broken.first?.message.contains("holds a control character") == true)
        let brokenIDs = Fixtures.problems(
            Fixtures.minimal {
                $0.mediation = """
                    { "placements": [{ "id": "fe\\ted", "format": "native", "strategy": "waterfall", "lineItems": [
                        { "id": "a\\nb", "provider": "ifly", "adUnit": "u-a", "mode": "waterfall", "priceMicros": 3000 }] }] }
                    """
                $0.screens =
                    #"[{ "id": "home", "feed": { "cells": 20, "ads": [{ "placement": "fe\ted", "position": 2 }] } }]"#
            })
        #expect(
            brokenIDs.map(\.path) == [
                "$.app.mediation.placements[0].id", "$.app.mediation.placements[0].lineItems[0].id",
            ])
        let brokenName = Fixtures.problems(
            Data(
                String(decoding: Fixtures.minimal(), as: UTF8.self).replacing(
                    #"{ "version": 1,"#, with: #"{ "version": 1, "name": "x\ny","#
                ).utf8))
        #expect(brokenName.map(\.path) == ["$.name"])
        // Shared ad units across placements too, named under a referenced file's path.
        let acrossPlacements = Fixtures.problems(
            Fixtures.minimal {
                $0.mediation = """
                    { "placements": [{ "id": "feed", "format": "native", "strategy": "waterfall", "lineItems": [
                        { "id": "a", "provider": "ifly", "adUnit": "u-a", "mode": "waterfall", "priceMicros": 3000 }] },
                      { "id": "more", "format": "native", "strategy": "waterfall", "lineItems": [
                        { "id": "c", "provider": "ifly", "adUnit": "u-a", "mode": "waterfall", "priceMicros": 1000 }] }] }
                    """
            })
        #expect(acrossPlacements.map(\.path) == ["$.app.mediation.placements[1].lineItems[0].adUnit"])
        // placements, when given: at least one, each once.
        let emptyList = Fixtures.problems(
            Fixtures.minimal {
                $0.strategies = #"[{ "name": "s", "kind": "configured", "placements": [], "floorMicros": 999999 }]"#
            })
        #expect(emptyList.map(\.path) == ["$.strategies[0].placements"])
        #expect(emptyList.map(\.kind) == [.emptyValue])
        let listedTwice = Fixtures.problems(
            Fixtures.minimal {
                $0.strategies = #"[{ "name": "s", "kind": "configured", "placements": ["feed", "feed", "nope"] }]"#
            })
        #expect(listedTwice.map(\.path) == ["$.strategies[0].placements[1]", "$.strategies[0].placements[2]"])
        #expect(listedTwice.map(\.kind) == [.duplicateName, .unknownReference])
        let collision = Fixtures.problems(
            Fixtures.minimal {
                $0.strategies = """
                    [{ "name": "s/floor=5", "kind": "hybrid" }, { "name": "s", "kind": "hybrid", "sweep": { "floorsMicros": [5] } }]
                    """
            })
        #expect(collision.map(\.message) == ["The variant name 's/floor=5' is used twice."])
    }

    @Test("A key no field reads is refused at its path, with the field it was probably meant to be; empty values pass")
    func unknownKeysRefused() {
        let typos = Fixtures.problems(
            Fixtures.minimal {
                $0.lineItems = #"[{ "lineItem": "a", "fillrate": 0.01 }]"#
                $0.users =
                    #"{ "count": 10, "sesionSeconds": 30, "scrolling": { "speedPointsPerSecond": { "kind": "lognormal", "median": 900, "sigma": 0.5, "mean": 31 } } }"#
                $0.strategies = #"[{ "name": "s", "kind": "configured", "floormicros": 99999 }]"#
                $0.mediation = """
                    { "placements": [{ "id": "feed", "format": "native", "strategy": "waterfall", "floormicros": 5,
                      "lineItems": [
                        { "id": "a", "provider": "ifly", "adUnit": "u-a", "mode": "waterfall", "priceMicros": 3000 }] }] }
                    """
            })
        #expect(
            typos.map(\.path) == [
                "$.app.mediation.placements[0].floormicros", "$.market.lineItems[0].fillrate",
                "$.strategies[0].floormicros", "$.users.scrolling.speedPointsPerSecond.mean", "$.users.sesionSeconds",
            ])
        #expect(typos.allSatisfy { $0.kind == .unknownReference })
        #expect(
            typos[1].description
                == "$.market.lineItems[0].fillrate: No field of this object is called 'fillrate', so its value would "
                + "be ignored (did you mean 'fillRate'?). Fix: Rename it 'fillRate' (names are case-sensitive).")
        #expect(typos[2].message.contains("did you mean 'floorMicros'?"))
        // 'mean' beside 'median': no rename that would give 'median' twice.
        #expect(typos[3].message.hasSuffix("'mean', so its value would be ignored."))
        #expect(typos[4].message.contains("did you mean 'sessionSeconds'?"))
        // null, [] and {} set nothing; a key of an object that did not decode (an unknown kind) is not listed again.
        #expect(
            Fixtures.problems(Fixtures.minimal { $0.users = #"{ "count": 10, "segments": [], "reach": null }"# })
                .isEmpty)
        let unknownKind = Fixtures.problems(
            Fixtures.minimal { $0.users = #"{ "count": 10, "sessionSeconds": { "kind": "gamma", "shape": 2 } }"# })
        #expect(unknownKind.first?.path == "$.users.sessionSeconds.kind")
        #expect(!unknownKind.contains { $0.path.hasSuffix(".shape") })
        // A name nothing resembles: no guess, the document to read instead.
        let unlike = Fixtures.problems(Fixtures.minimal { $0.users = #"{ "count": 10, "zzzzzzzz": 1 }"# })
        #expect(
            unlike.map(\.hint) == [
                "Remove it, or use a field Docs/Simulation.md documents for this object (names are case-sensitive)."
            ])
    }

    @Test("A referenced mediation file's unknown key is refused under the file's name")
    func referencedConfigurationUnknownKeyRefused() throws {
        let file = ScenarioFixtures.folder.appending(path: "unknown-key-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(
            #"{ "placements": [{ "id": "feed", "format": "native", "strategy": "waterfall", "lineItems": [{ "id": "a", "provider": "ifly", "adUnit": "u-a", "mode": "waterfall", "priceMicros": 3000, "timeoutSecond": 2 }] }] }"#
                .utf8
        ).write(to: file)
        let problems = Fixtures.problems(Fixtures.minimal { $0.mediation = "\"\(file.lastPathComponent)\"" })
        #expect(problems.map(\.path) == ["\(file.lastPathComponent):$.placements[0].lineItems[0].timeoutSecond"])
        #expect(problems.first?.message.contains("did you mean 'timeoutSeconds'?") == true)
    }

    @Test("A plain JSONDecoder (no collector) throws the first decoding problem instead of trapping")
    func plainDecoder() {
        #expect(throws: DecodingError.self) {
            _ = try JSONDecoder().decode(
                ScenarioDistribution.self, from: Data(#"{ "kind": "gamma", "shape": 1 }"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            _ = try JSONDecoder().decode(ScenarioUsers.self, from: Data(#"{ "count": 1.5 }"#.utf8))
        }
        #expect((try? JSONDecoder().decode(ScenarioDistribution.self, from: Data("42".utf8))) == .fixed(42))
    }

    @Test("A scenario encodes and decodes back to itself")
    func roundTrip() throws {
        let validated = try Scenario.load(
            contentsOf: Fixtures.path("scenarios/default.json"), providers: Fixtures.providers)
        let data = try JSONEncoder().encode(validated.scenario)
        #expect(try JSONDecoder().decode(Scenario.self, from: data) == validated.scenario)
    }
}

@Suite("R2: a scenario key given twice in one object")
struct ScenarioDuplicateKeyTests {
    @Test("R2: a scenario whose users give count twice is refused at $.users.count, listed with the other problems")
    func r2_scenarioDuplicateKeyRefused() {
        let data = ScenarioFixtures.minimal { $0.users = #"{ "count": 10, "count": 10000000, "sessionSeconds": 0 }"# }
        let problems = ScenarioFixtures.problems(data)
        #expect(problems.first { $0.kind == .duplicateKey }?.path == "$.users.count")
        #expect(problems.contains { $0.path == "$.users.sessionSeconds" })
    }

    @Test("R2: a referenced mediation file with a key given twice is refused under the file's name")
    func r2_referencedConfigurationDuplicateKeyRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("adbridge-dup-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let configuration = #"""
            {"placements": [{"id": "feed", "id": "other", "format": "native", "strategy": "waterfall",
              "lineItems": [{"id": "a", "provider": "ifly", "adUnit": "u", "mode": "waterfall", "priceMicros": 1}]}]}
            """#
        try Data(configuration.utf8).write(to: folder.appendingPathComponent("mediation.json"))
        let scenario = ScenarioFixtures.minimal { $0.mediation = #""mediation.json""# }
        do {
            _ = try Scenario.load(scenario, baseDirectory: folder, providers: ScenarioFixtures.providers)
            Issue.record("accepted")
        } catch {
            #expect(error.problems.first { $0.kind == .duplicateKey }?.path == "mediation.json:$.placements[0].id")
        }
    }
}
